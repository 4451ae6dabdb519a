import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Resident } from '../../api/contract';
import { useCommunity } from '../../api/community';
import { useMe } from '../../api/me';
import { ACCOUNT_UNKNOWN_NOTE, isAccountUnknown } from '../../api/account-unknown';
import { fetchResidentsCsv } from '../../api/residents';
import { CSV_MIME, downloadTextFile } from '../../lib/download';
import { formatCalendarDate, formatCount, formatCountOf } from '../../lib/format';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { PageIcon } from '../../ui/page-icons';
import { InfoNote } from '../../ui/info-note';
import { PageHeader } from '../../ui/page-header';
import { StatTile, StatTiles } from '../../ui/stat-tile';
import { toast } from '../../ui/toast';
import type { RemovedRow } from '../../ui/use-focus-after-removal';
import { DEMO_COMMUNITY_SLUG } from '../../lib/demo-community';
import { UPCOMING_EVENTS } from './community-content';
import { EventsHeld } from './events-held';
import { UpcomingEvents } from './upcoming-events';
import { RemoveResident, ResidentForm } from './resident-form';
import { ResidentsDirectory, useDirectory } from './residents-directory';
import { ResidentsImport } from './residents-import';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; resident: Resident }
  | { kind: 'remove'; resident: Resident; row: number }
  | { kind: 'import' }
  | { kind: 'create-event' }
  | null;

/**
 * Spec section 2, Community Management (the shell's Community entry). The residents directory
 * is stored on the server (issue 11) and holds personal data, so only Managers and Admins see
 * it; Board members and the demo viewer are told who can. A community of its own records the
 * events it held (EventsHeld; Amy's analysis reads them); the demo keeps the spec's examples.
 */
/**
 * The demo community's events are the spec's samples, stored nowhere: the list says plainly that
 * these dates and RSVPs are not a community's, and where a community's own plans are listed.
 */
export const EXAMPLE_EVENTS_NOTE =
  'Examples only: these dates and RSVP counts are the demo’s samples, not a community’s. In a community of your own, the events you plan are listed here.';

/** The demo's Create Event: nothing is created, and the ways that do plan an event are named. */
export const DEMO_CREATE_EVENT_NOTE =
  'The demo community’s events are samples and cannot be changed, so nothing was created. In a community of your own, HOA Managers and Administrators plan events here; Amy Events can save a suggestion to your calendar.';

export function CommunityManagementPage() {
  const community = useCommunity();
  const meQuery = useMe();
  const me = meQuery.data;
  const canManage = me != null && !me.demo && me.user.role !== 'board';
  // Offline the account is not known; a saved copy of the directory was saved for a Manager or
  // Admin signed in on this device (signing out wipes it), so it is shown, read as it was.
  const unknown = isAccountUnknown(meQuery);
  const directory = useDirectory({ enabled: canManage || unknown });
  const showDirectory = canManage || (unknown && directory.query.data !== undefined);
  const counts = showDirectory ? directory.query.data : undefined;
  const [open, setOpen] = useState<Open>(null);
  const [exporting, setExporting] = useState(false);
  // The removed resident, for the directory to move focus on from (see useFocusAfterRemoval).
  const removedRef = useRef<RemovedRow | null>(null);
  const close = () => setOpen(null);

  const exportDirectory = async () => {
    setExporting(true);
    try {
      const file = await fetchResidentsCsv();
      if (!file.ok) {
        toast({ title: 'Export failed', description: file.error, tone: 'error' });
        return;
      }
      downloadTextFile(file.filename, file.text, CSV_MIME);
      toast({ title: 'Download started', description: file.filename });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Community Management"
        description="Residents directory and upcoming events."
        actions={
          canManage ? (
            <>
              <Button
                variant="secondary"
                disabled={exporting}
                onClick={() => void exportDirectory()}
              >
                <PageIcon name="download" className="h-4 w-4" />
                Export CSV
              </Button>
              <Button variant="secondary" onClick={() => setOpen({ kind: 'import' })}>
                <PageIcon name="table" className="h-4 w-4" />
                Import CSV
              </Button>
              <Button onClick={() => setOpen({ kind: 'add' })}>
                <PageIcon name="plus" className="h-4 w-4" />
                Add Resident
              </Button>
            </>
          ) : undefined
        }
      />

      <div className="mt-6 grid gap-6">
        {/* Counted from the directory only: the events below are examples, not a statistic. */}
        {showDirectory ? (
          <StatTiles label="Community statistics">
            <StatTile
              label="Total Residents"
              value={counts ? formatCount(counts.total) : '–'}
              icon="users"
            />
            <StatTile
              label="Active Residents"
              value={counts ? formatCount(counts.active) : '–'}
              icon="user"
            />
          </StatTiles>
        ) : null}

        {showDirectory ? (
          <ResidentsDirectory
            directory={directory}
            dialogOpen={open !== null}
            removedRef={removedRef}
            onEdit={(resident) => setOpen({ kind: 'edit', resident })}
            onRemove={(resident, row) => setOpen({ kind: 'remove', resident, row })}
          />
        ) : me || unknown ? (
          <Card aria-labelledby="residents-directory">
            <CardHeader id="residents-directory" title="Residents Directory" />
            <CardBody>
              <InfoNote>
                {me
                  ? 'The directory holds residents’ contact details, so only HOA Managers and Administrators can open it.'
                  : `${ACCOUNT_UNKNOWN_NOTE}, and no saved copy of the directory is on this device: it loads when the connection returns.`}
                {me?.demo
                  ? ' Sign in as the demo Manager (manager@willowcreek.example) to see it.'
                  : ''}
              </InfoNote>
            </CardBody>
          </Card>
        ) : null}

        {/* The demo shows the spec's sample events; a community of its own, what it plans and held. */}
        {community.slug === DEMO_COMMUNITY_SLUG ? (
          <ExampleEvents onCreate={() => setOpen({ kind: 'create-event' })} />
        ) : community.slug ? (
          <>
            <UpcomingEvents canManage={canManage} />
            <EventsHeld canManage={canManage} />
          </>
        ) : null}
      </div>

      <Dialog open={open?.kind === 'add'} onClose={close} title="Add Resident">
        {open?.kind === 'add' ? (
          <ResidentForm
            onDone={(saved) => {
              close();
              if (saved) toast({ title: 'Resident added', description: saved.name });
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={open?.kind === 'edit'}
        onClose={close}
        title={open?.kind === 'edit' ? `Edit ${open.resident.name}` : 'Edit resident'}
      >
        {open?.kind === 'edit' ? (
          <ResidentForm
            key={open.resident.id}
            resident={open.resident}
            onDone={(saved) => {
              close();
              if (saved) toast({ title: 'Changes saved', description: saved.name });
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={open?.kind === 'remove'}
        onClose={close}
        title={open?.kind === 'remove' ? `Remove ${open.resident.name}?` : 'Remove resident?'}
      >
        {open?.kind === 'remove' ? (
          <RemoveResident
            resident={open.resident}
            onDone={(removed) => {
              if (removed) {
                toast({ title: 'Resident removed', description: open.resident.name });
                removedRef.current = { key: open.resident.id, row: open.row };
              }
              close();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={open?.kind === 'import'} onClose={close} title="Import residents from CSV">
        {open?.kind === 'import' ? (
          <ResidentsImport
            onDone={(imported) => {
              close();
              if (imported) {
                toast({
                  title: 'Import complete',
                  description: `${formatCountOf(imported, 'resident')} added to the directory.`,
                });
              }
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={open?.kind === 'create-event'} onClose={close} title="Create Event">
        <InfoNote>{DEMO_CREATE_EVENT_NOTE}</InfoNote>
        <DialogActions onClose={close}>
          <Link to="/amy-events" className={buttonClasses('primary')}>
            Open Amy Events
          </Link>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The demo's sample events (spec section 2), labelled as examples. */
function ExampleEvents({ onCreate }: { onCreate: () => void }) {
  return (
    <Card aria-labelledby="upcoming-events">
      <CardHeader
        id="upcoming-events"
        title="Upcoming Community Events"
        actions={
          <Button variant="secondary" size="sm" onClick={onCreate}>
            <PageIcon name="plus" className="h-4 w-4" />
            Create Event
          </Button>
        }
      />
      <CardBody>
        <InfoNote>{EXAMPLE_EVENTS_NOTE}</InfoNote>
        <ul className="mt-3 grid gap-3" aria-label="Example events">
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
                {formatCount(event.rsvps)} RSVPs (example)
              </p>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
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
