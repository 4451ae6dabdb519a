import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { HeldEvent } from '../../api/contract';
import { useAmenitySetup } from '../../api/amenity-setup';
import { useCommunity } from '../../api/community';
import { refreshEvents, removeEvent, useEvents } from '../../api/events';
import { useConnectivity } from '../../lib/connectivity';
import { cx } from '../../lib/cx';
import { formatCalendarDate, formatCents, formatCount, formatMoney } from '../../lib/format';
import { todayIn } from '../../lib/zoned-time';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmButton } from '../../ui/confirm-button';
import { Dialog } from '../../ui/dialog';
import { InfoNote } from '../../ui/info-note';
import { PageIcon } from '../../ui/page-icons';
import { toast } from '../../ui/toast';
import { EVENT_CONNECTION_TEXTS, EventForm } from './event-form';
import { WithLiveAmenities } from './event-form-parts';
import { EVENT_CATEGORY_LABELS } from '../../lib/event-categories';

export const EVENTS_HELD_INTRO =
  'What the community held and who came. Amy’s analysis and suggestions on Amy Events learn from these.';
export const NO_EVENTS_YET = 'No events recorded yet.';
export const NO_EVENTS_MANAGER =
  'Record each event once it is held, with how many people came: Amy’s analysis starts from the first one.';
export const NO_EVENTS_READER =
  'HOA Managers and Administrators record events once they are held; they appear here and in Amy’s analysis.';

/** "42 of 60 attended". */
export const attendanceText = (event: Pick<HeldEvent, 'attendance' | 'plannedAttendance'>) =>
  `${formatCount(event.attendance)} of ${formatCount(event.plannedAttendance)} attended`;

/** "$350", "$350.50": cents only when there are some. */
const costText = (cost: number, currency: string) =>
  Number.isInteger(cost) ? formatMoney(cost, currency) : formatCents(cost, currency);

/**
 * The events a community of its own has held (stored on the server; Amy's analysis reads them):
 * everyone who reads the dashboards sees them, Managers and Admins record and remove them.
 */
export function EventsHeld({ canManage }: { canManage: boolean }) {
  const community = useCommunity();
  const events = useEvents();
  const amenities = useAmenitySetup({ enabled: canManage });
  const [recording, setRecording] = useState(false);
  const list = events.data;

  return (
    <Card aria-labelledby="events-held">
      <CardHeader
        id="events-held"
        title="Events held"
        actions={
          canManage ? (
            <Button variant="secondary" size="sm" onClick={() => setRecording(true)}>
              <PageIcon name="plus" className="h-4 w-4" />
              Record an event
            </Button>
          ) : undefined
        }
      />
      <CardBody>
        <p className="text-sm text-slate-700 dark:text-slate-300">{EVENTS_HELD_INTRO}</p>
        {list === undefined ? (
          events.isError ? (
            <div className="mt-3 grid justify-items-start gap-2">
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                The events could not be loaded: {events.error.message}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void events.refetch()}>
                Retry
              </Button>
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              {events.fetchStatus === 'paused'
                ? 'You are offline: the events held load when the connection returns.'
                : 'Loading the events held…'}
            </p>
          )
        ) : list.length === 0 ? (
          <div className="mt-3">
            <InfoNote>
              {NO_EVENTS_YET} {canManage ? NO_EVENTS_MANAGER : NO_EVENTS_READER}
            </InfoNote>
          </div>
        ) : (
          <ul className="mt-3 grid gap-3" aria-label="Events held">
            {list.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                currency={community.currency}
                canManage={canManage}
              />
            ))}
          </ul>
        )}
        <Link to="/amy-events" className={cx(buttonClasses('secondary', 'sm'), 'mt-3')}>
          Open Amy Events
        </Link>
      </CardBody>

      <Dialog open={recording} onClose={() => setRecording(false)} title="Record an event">
        {recording ? (
          <WithLiveAmenities
            query={amenities}
            action="recorded"
            offlineText={EVENT_CONNECTION_TEXTS.offline}
          >
            {(live) => (
              <EventForm
                amenities={live}
                today={todayIn(community.timeZone)}
                currency={community.currency}
                onDone={(saved) => {
                  setRecording(false);
                  if (saved) toast({ title: 'Event recorded', description: saved.title });
                }}
              />
            )}
          </WithLiveAmenities>
        ) : null}
      </Dialog>
    </Card>
  );
}

function EventRow({
  event,
  currency,
  canManage,
}: {
  event: HeldEvent;
  currency: string;
  canManage: boolean;
}) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const date = formatCalendarDate(event.heldOn);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="min-w-0">
        <p className="font-medium break-words">{event.title}</p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
          <span>{date}</span>
          <span aria-hidden="true">·</span>
          <span>{event.amenityName}</span>
          <span aria-hidden="true">·</span>
          <span>{EVENT_CATEGORY_LABELS[event.category]}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {attendanceText(event)}
          {event.cost > 0 ? ` · cost ${costText(event.cost, currency)}` : ''}
        </p>
      </div>
      {canManage ? (
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete ${event.title} on ${date}`}
          variant="secondary"
          size="sm"
          title="Delete this event?"
          actionLabel="Delete event"
          online={online}
          offlineText={EVENT_CONNECTION_TEXTS.offline}
          act={async () => {
            const outcome = await removeEvent(event.id);
            if (outcome.ok) await refreshEvents(client);
            return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
          }}
          onDone={() => toast({ title: 'Event deleted', description: event.title })}
        >
          {event.title} at {event.amenityName} on {date} leaves the list and Amy’s analysis. This
          cannot be undone; the audit log keeps a record of it.
        </ConfirmButton>
      ) : null}
    </li>
  );
}
