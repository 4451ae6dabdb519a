import { useId, useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { formatCalendarDate, formatCount } from '../../lib/format';
import { TIMEZONES, useSettings } from '../../lib/settings';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { CONTROL_CLASSES } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { InfoNote } from '../../ui/info-note';
import { StatTile, StatTiles } from '../../ui/stat-tile';
import { toast } from '../../ui/toast';
import { RESIDENTS, UPCOMING_EVENTS, type Resident } from './community-content';
import { communityStats, downloadResidentsCsv, filterResidents } from './residents';
import { PageHeader } from '../../ui/page-header';

type Honest = 'add-resident' | 'create-event' | null;

/**
 * Spec section 2, Community Management (the shell's Community entry): static sample content.
 * Export Data saves the directory as a real CSV; adding residents and events needs the server,
 * which the page says instead of pretending.
 */
export function CommunityManagementPage() {
  const { timezone } = useSettings();
  const [query, setQuery] = useState('');
  const [honest, setHonest] = useState<Honest>(null);
  const stats = communityStats(RESIDENTS, UPCOMING_EVENTS);

  const exportDirectory = () => {
    const filename = downloadResidentsCsv(RESIDENTS, TIMEZONES[timezone].iana);
    toast({
      title: 'Download started',
      description: `${filename}: ${formatCount(RESIDENTS.length)} residents.`,
    });
  };

  return (
    <>
      <PageHeader
        title="Community Management"
        description="Residents and upcoming events (sample directory)."
        actions={
          <>
            <Button variant="secondary" onClick={exportDirectory}>
              <Icon name="download" className="h-4 w-4" />
              Export Data
            </Button>
            <Button onClick={() => setHonest('add-resident')}>
              <Icon name="plus" className="h-4 w-4" />
              Add Resident
            </Button>
          </>
        }
      />

      <div className="mt-6 grid gap-6">
        <StatTiles label="Community statistics">
          <StatTile
            label="Total Residents"
            value={formatCount(stats.totalResidents)}
            icon="users"
          />
          <StatTile
            label="Active Residents"
            value={formatCount(stats.activeResidents)}
            icon="user"
          />
          <StatTile
            label="Upcoming Events"
            value={formatCount(stats.upcomingEvents)}
            icon="calendar"
          />
        </StatTiles>

        <ResidentsDirectory query={query} onQueryChange={setQuery} />

        <div className="grid gap-6">
          <Card aria-labelledby="upcoming-events">
            <CardHeader
              id="upcoming-events"
              title="Upcoming Community Events"
              actions={
                <Button variant="secondary" size="sm" onClick={() => setHonest('create-event')}>
                  <Icon name="plus" className="h-4 w-4" />
                  Create Event
                </Button>
              }
            />
            <CardBody>
              <ul className="grid gap-3">
                {UPCOMING_EVENTS.map((event) => (
                  <li
                    key={event.id}
                    className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                  >
                    <p className="font-medium">{event.title}</p>
                    <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
                      <span>{formatCalendarDate(event.date)}</span>
                      <span aria-hidden="true">·</span>
                      <span>{event.time}</span>
                      <span aria-hidden="true">·</span>
                      <span>{event.location}</span>
                    </p>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      {formatCount(event.rsvps)} RSVPs
                    </p>
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        </div>
      </div>

      <Dialog open={honest === 'add-resident'} onClose={() => setHonest(null)} title="Add Resident">
        <InfoNote>
          Adding residents needs the CommonGround server, which does not keep resident records yet:
          this directory is sample data. Nothing was added.
        </InfoNote>
        <DialogActions onClose={() => setHonest(null)} />
      </Dialog>
      <Dialog open={honest === 'create-event'} onClose={() => setHonest(null)} title="Create Event">
        <InfoNote>
          Publishing community events needs the CommonGround server, which does not accept them yet.
          Nothing was created. Amy Events can plan an event and save it to your calendar.
        </InfoNote>
        <DialogActions onClose={() => setHonest(null)}>
          <Link to="/amy-events" className={buttonClasses('primary')}>
            Open Amy Events
          </Link>
        </DialogActions>
      </Dialog>
    </>
  );
}

function DialogActions({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      {children}
    </div>
  );
}

function ResidentsDirectory({
  query,
  onQueryChange,
}: {
  query: string;
  onQueryChange: (query: string) => void;
}) {
  const searchId = useId();
  const results = filterResidents(RESIDENTS, query);
  const searching = query.trim().length > 0;
  return (
    <Card aria-labelledby="residents-directory">
      <CardHeader
        id="residents-directory"
        title="Residents Directory"
        description="Search by name or unit."
      />
      <CardBody>
        <div role="search" className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search residents
          </label>
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder="Search by name or unit, e.g. A-204"
            autoComplete="off"
            className={`${CONTROL_CLASSES} pl-9`}
          />
        </div>
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {searching
            ? `${formatCount(results.length)} of ${formatCount(RESIDENTS.length)} residents match.`
            : `${formatCount(RESIDENTS.length)} residents.`}
        </p>
        {results.length ? (
          <ul
            aria-label="Residents"
            className="mt-3 divide-y divide-slate-200 dark:divide-slate-800"
          >
            {results.map((resident) => (
              <ResidentRow key={resident.id} resident={resident} />
            ))}
          </ul>
        ) : (
          <div className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
            <p className="font-medium">No residents match “{query.trim()}”.</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Check the spelling, or search by unit, e.g. B-112.
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => onQueryChange('')}>
              Clear search
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function ResidentRow({ resident }: { resident: Resident }) {
  const active = resident.status === 'active';
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
      >
        {resident.name
          .split(/\s+/)
          .map((part) => part.charAt(0))
          .join('')
          .slice(0, 2)}
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{resident.name}</p>
          <Badge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Unit {resident.unit} · Joined {formatCalendarDate(resident.joinDate)}
        </p>
      </div>
      <div className="flex w-full flex-wrap gap-1 pl-13 sm:w-auto sm:max-w-xs sm:justify-end sm:pl-0">
        {resident.favoriteAmenities.length ? (
          resident.favoriteAmenities.map((amenity) => (
            <Badge key={amenity} tone="brand">
              {amenity}
            </Badge>
          ))
        ) : (
          <span className="text-sm text-slate-500 dark:text-slate-400">No favorites yet</span>
        )}
      </div>
    </li>
  );
}
