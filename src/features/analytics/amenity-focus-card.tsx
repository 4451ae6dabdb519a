import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useCommunity } from '../../api/community';
import { formatCount, formatCountOf, formatPercent } from '../../lib/format';
import { liveReading, noReadingText, peakOf } from '../../lib/live-reading';
import { useNow } from '../../lib/use-now';
import { isOverCapacityAlert } from '../../lib/usage-levels';
import { buttonClasses } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { amenityIcon, PageIcon } from '../../ui/page-icons';
import { ProgressBar } from '../../ui/progress-bar';
import { QueryState, type QueryLike } from '../../ui/query-state';
import { Skeleton } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import type { AmenityAnalytics } from '../../api/contract';

/**
 * The amenity in focus (`/analytics?amenity=<id>`, linked from the Amenities page): its live
 * figures at the top of the page. An unknown id says so and the page shows all amenities.
 */
export function AmenityFocusCard({
  amenityId,
  query,
}: {
  amenityId: string;
  query: QueryLike<AmenityAnalytics[]>;
}) {
  return (
    <QueryState
      query={query}
      label="the selected amenity"
      skeleton={<Skeleton className="h-40 w-full rounded-xl" />}
    >
      {(amenities) => {
        const amenity = amenities.find((item) => item.id === amenityId);
        return amenity ? <FocusCard amenity={amenity} /> : <UnknownAmenity id={amenityId} />;
      }}
    </QueryState>
  );
}

function UnknownAmenity({ id }: { id: string }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="flex min-w-0 items-start gap-2 break-words">
        <PageIcon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
        <span className="min-w-0">
          There is no amenity with the id “{id}”. Showing analytics for all amenities.
        </span>
      </p>
      <Link to="/analytics" className={buttonClasses('secondary', 'sm')}>
        Show all amenities
      </Link>
    </div>
  );
}

function FocusCard({ amenity }: { amenity: AmenityAnalytics }) {
  const headingId = useId();
  const reading = liveReading(amenity);
  const peak = peakOf(amenity);
  const { timeZone } = useCommunity();
  const now = useNow(60_000);
  return (
    <Card aria-labelledby={headingId} className="border-brand-600 ring-1 ring-brand-600">
      <CardHeader
        id={headingId}
        title={
          <span className="flex items-center gap-2">
            <PageIcon name={amenityIcon(amenity.type)} className="h-5 w-5 shrink-0" />
            {amenity.name}
          </span>
        }
        description={amenity.description}
        actions={
          <>
            <StatusBadge status={amenity.status} live={reading.live} />
            <Link to="/analytics" className={buttonClasses('ghost', 'sm')}>
              Show all
            </Link>
          </>
        }
      />
      <CardBody>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-600 dark:text-slate-400">Current users</dt>
            {reading.live ? (
              <>
                <dd className="mt-1 text-xl font-semibold tabular-nums">
                  {formatCount(reading.users)}{' '}
                  <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                    of {formatCount(amenity.capacity)} ({reading.percent}%)
                  </span>
                </dd>
                <ProgressBar
                  percent={reading.percent}
                  alert={isOverCapacityAlert(reading.percent)}
                  className="mt-2"
                />
              </>
            ) : (
              <dd className="mt-1 font-semibold">
                {noReadingText(reading.lastReadingAt, now, timeZone)}
              </dd>
            )}
          </div>
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-600 dark:text-slate-400">Peak time, last 30 days</dt>
            {peak ? (
              <>
                <dd className="mt-1 text-xl font-semibold">{peak.time}</dd>
                <dd className="text-sm text-slate-600 dark:text-slate-400">
                  {formatCountOf(peak.users, 'person', 'people')} at peak
                </dd>
              </>
            ) : (
              <dd className="mt-1 font-semibold">No data yet</dd>
            )}
          </div>
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-600 dark:text-slate-400">Usage now</dt>
            {reading.live ? (
              <>
                <dd className="mt-1 text-xl font-semibold tabular-nums">
                  {formatPercent(reading.percent)}
                </dd>
                <dd>
                  <ProgressBar percent={reading.percent} className="mt-2" />
                </dd>
              </>
            ) : (
              <dd className="mt-1 font-semibold">Not known</dd>
            )}
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
