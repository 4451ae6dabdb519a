import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AmenitySetup } from '../../api/contract';
import { Button, buttonClasses } from '../../ui/button';
import { InfoNote } from '../../ui/info-note';

/** In place of an event form while the community has no amenity to hold an event at. */
export function NoAmenityYet({ action, onClose }: { action: string; onClose: () => void }) {
  return (
    <div className="grid gap-4">
      <InfoNote>
        An event is {action} at one of the community’s amenities, and it has none yet. Add one on
        the Amenities page first.
      </InfoNote>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Link to="/amenities" className={buttonClasses('primary')}>
          Open Amenities
        </Link>
      </div>
    </div>
  );
}

/**
 * An event form once the amenities are in (`children`, given the live ones), or why it cannot be
 * shown yet: still loading, offline before they ever loaded, or refused.
 */
export function WithLiveAmenities({
  query,
  action,
  offlineText,
  children,
}: {
  query: UseQueryResult<AmenitySetup[]>;
  /** "recorded", "planned": what cannot be done without them. */
  action: string;
  offlineText: string;
  children: (live: AmenitySetup[]) => ReactNode;
}) {
  if (query.data) return children(query.data.filter((amenity) => !amenity.archived));
  if (query.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        The amenities could not be loaded, so an event cannot be {action} now: {query.error.message}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {query.fetchStatus === 'paused' ? offlineText : 'Loading the amenities…'}
    </p>
  );
}
