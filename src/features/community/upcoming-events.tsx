import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlannedEvent } from '../../api/contract';
import { useAmenitySetup } from '../../api/amenity-setup';
import { useCommunity } from '../../api/community';
import { refreshPlannedEvents, unplanEvent, usePlannedEvents } from '../../api/events';
import { useConnectivity } from '../../lib/connectivity';
import { formatCalendarDate, formatCount } from '../../lib/format';
import { todayIn } from '../../lib/zoned-time';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmButton } from '../../ui/confirm-button';
import { Dialog } from '../../ui/dialog';
import { InfoNote } from '../../ui/info-note';
import { PageIcon } from '../../ui/page-icons';
import { toast } from '../../ui/toast';
import { EVENT_CATEGORY_LABELS } from '../../lib/event-categories';
import { PLANNED_CONNECTION_TEXTS, PlannedEventForm } from './planned-event-form';
import { WithLiveAmenities } from './use-event-form';
import { windowText } from './planned-event-form-values';

export const NO_PLANNED_EVENTS = 'No upcoming events planned.';
export const NO_PLANNED_MANAGER =
  'Plan one here, or save one of Amy’s suggestions from Amy Events: it is listed until its day has passed.';
export const NO_PLANNED_READER =
  'HOA Managers and Administrators plan the community’s events; the upcoming ones appear here.';

/** "planned for 60". */
export const plannedForText = (event: Pick<PlannedEvent, 'plannedAttendance'>) =>
  `planned for ${formatCount(event.plannedAttendance)}`;

/**
 * The events a community of its own plans to hold, from today (stored on the server): everyone
 * who reads the dashboards sees them, Managers and Admins plan and remove them.
 */
export function UpcomingEvents({ canManage }: { canManage: boolean }) {
  const community = useCommunity();
  const planned = usePlannedEvents();
  const amenities = useAmenitySetup({ enabled: canManage });
  const [planning, setPlanning] = useState(false);
  const list = planned.data;

  return (
    <Card aria-labelledby="upcoming-events">
      <CardHeader
        id="upcoming-events"
        title="Upcoming events"
        actions={
          canManage ? (
            <Button variant="secondary" size="sm" onClick={() => setPlanning(true)}>
              <PageIcon name="plus" className="h-4 w-4" />
              Plan an event
            </Button>
          ) : undefined
        }
      />
      <CardBody>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          What the community plans to hold, soonest first. Times are the community’s (
          {community.timeZone}).
        </p>
        {list === undefined ? (
          planned.isError ? (
            <div className="mt-3 grid justify-items-start gap-2">
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                The upcoming events could not be loaded: {planned.error.message}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void planned.refetch()}>
                Retry
              </Button>
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              {planned.fetchStatus === 'paused'
                ? 'You are offline: the upcoming events load when the connection returns.'
                : 'Loading the upcoming events…'}
            </p>
          )
        ) : list.length === 0 ? (
          <div className="mt-3">
            <InfoNote>
              {NO_PLANNED_EVENTS} {canManage ? NO_PLANNED_MANAGER : NO_PLANNED_READER}
            </InfoNote>
          </div>
        ) : (
          <ul className="mt-3 grid gap-3" aria-label="Upcoming events">
            {list.map((event) => (
              <PlannedRow key={event.id} event={event} canManage={canManage} />
            ))}
          </ul>
        )}
      </CardBody>

      <Dialog open={planning} onClose={() => setPlanning(false)} title="Plan an event">
        {planning ? (
          <WithLiveAmenities
            query={amenities}
            action="planned"
            offlineText={PLANNED_CONNECTION_TEXTS.offline}
          >
            {(live) => (
              <PlannedEventForm
                amenities={live}
                today={todayIn(community.timeZone)}
                timeZone={community.timeZone}
                onDone={(saved) => {
                  setPlanning(false);
                  if (saved) toast({ title: 'Event planned', description: saved.title });
                }}
              />
            )}
          </WithLiveAmenities>
        ) : null}
      </Dialog>
    </Card>
  );
}

function PlannedRow({ event, canManage }: { event: PlannedEvent; canManage: boolean }) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const date = formatCalendarDate(event.startsOn);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="min-w-0">
        <p className="font-medium break-words">{event.title}</p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
          <span>{date}</span>
          <span aria-hidden="true">·</span>
          <span>{windowText(event)}</span>
          <span aria-hidden="true">·</span>
          <span>{event.amenityName}</span>
          <span aria-hidden="true">·</span>
          <span>{EVENT_CATEGORY_LABELS[event.category]}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{plannedForText(event)}</p>
      </div>
      {canManage ? (
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete ${event.title} on ${date}`}
          variant="secondary"
          size="sm"
          title="Delete this planned event?"
          actionLabel="Delete planned event"
          online={online}
          offlineText={PLANNED_CONNECTION_TEXTS.offline}
          act={async () => {
            const outcome = await unplanEvent(event.id);
            if (outcome.ok) await refreshPlannedEvents(client);
            return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
          }}
          onDone={() => toast({ title: 'Planned event deleted', description: event.title })}
        >
          {event.title} at {event.amenityName} on {date} leaves the upcoming events. This cannot be
          undone; the audit log keeps a record of it.
        </ConfirmButton>
      ) : null}
    </li>
  );
}
