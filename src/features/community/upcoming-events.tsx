import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { AWAITING_ATTENDANCE_DAYS, type PlannedEvent } from '../../api/contract';
import { useAmenitySetup } from '../../api/amenity-setup';
import { useCommunity } from '../../api/community';
import {
  refreshPlannedEvents,
  unplanEvent,
  useAwaitingEvents,
  usePlannedEvents,
} from '../../api/events';
import { useConnectivity } from '../../lib/connectivity';
import { formatCalendarDate } from '../../lib/format';
import { todayIn } from '../../lib/zoned-time';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmButton } from '../../ui/confirm-button';
import { Dialog } from '../../ui/dialog';
import { InfoNote } from '../../ui/info-note';
import { PageIcon } from '../../ui/page-icons';
import { toast } from '../../ui/toast';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';
import { attendanceText } from './events-held';
import { HeldFromPlanForm } from './held-from-plan-form';
import { PlannedEventDetails } from './planned-event-details';
import { PLANNED_CONNECTION_TEXTS, PlannedEventForm } from './planned-event-form';
import { WithLiveAmenities } from './event-form-parts';

export { plannedForText } from './planned-event-details';

export const NO_PLANNED_EVENTS = 'No upcoming events planned.';
export const NO_PLANNED_MANAGER =
  'Plan one here, or save one of Amy’s suggestions from Amy Events: it is listed until it has ended.';
export const NO_PLANNED_READER =
  'HOA Managers and Administrators plan the community’s events; the upcoming ones appear here.';

export const AWAITING_TITLE = 'Held? Record the attendance';
export const AWAITING_MANAGER = `Planned events that have ended, from the last ${AWAITING_ATTENDANCE_DAYS} days: record how many people came and each joins the events held (and Amy’s analysis); delete one that did not take place.`;
export const AWAITING_READER = `Planned events that have ended, from the last ${AWAITING_ATTENDANCE_DAYS} days, until an HOA Manager or Administrator records how many people came.`;

/**
 * The events a community of its own plans to hold, until they end (stored on the server), and
 * below them those that have ended, awaiting their attendance: everyone who reads the dashboards
 * sees them, Managers and Admins plan, change and remove them and record a past one as held.
 */
export function UpcomingEvents({ canManage }: { canManage: boolean }) {
  const community = useCommunity();
  const planned = usePlannedEvents();
  const awaiting = useAwaitingEvents();
  const amenities = useAmenitySetup({ enabled: canManage });
  // The plan form while open: a new plan, or the plan being changed.
  const [planForm, setPlanForm] = useState<{ plan?: PlannedEvent } | null>(null);
  // The plan being recorded as held, kept while its dialog is open even once the lists have
  // been read again without it.
  const [recording, setRecording] = useState<{ plan: PlannedEvent; row: number } | null>(null);
  const list = planned.data;

  // A plan gone from its list (deleted, recorded as held) takes its button with it: focus goes
  // to the same button of the row that took its place, or Plan an event. Here, not in the
  // lists, so it runs when a list is gone.
  const planRef = useRef<HTMLButtonElement>(null);
  const upcomingRef = useRef<HTMLUListElement>(null);
  const awaitingRef = useRef<HTMLUListElement>(null);
  const upcomingRemoved = useRef<RemovedRow | null>(null);
  const awaitingRemoved = useRef<RemovedRow | null>(null);
  useFocusAfterRemoval({
    removedRef: upcomingRemoved,
    keys: list?.map((event) => event.id) ?? [],
    paused: list === undefined,
    listRef: upcomingRef,
    selector: DELETE_SELECTOR,
    fallbackRef: planRef,
  });
  useFocusAfterRemoval({
    removedRef: awaitingRemoved,
    keys: awaiting.data?.map((event) => event.id) ?? [],
    paused: recording !== null || awaiting.data === undefined,
    listRef: awaitingRef,
    selector: RECORD_SELECTOR,
    fallbackRef: planRef,
  });

  return (
    <Card aria-labelledby="upcoming-events">
      <CardHeader
        id="upcoming-events"
        title="Upcoming events"
        actions={
          canManage ? (
            <Button ref={planRef} variant="secondary" size="sm" onClick={() => setPlanForm({})}>
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
          <ul ref={upcomingRef} className="mt-3 grid gap-3" aria-label="Upcoming events">
            {list.map((event, row) => (
              <PlannedRow key={event.id} event={event}>
                {canManage ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Edit ${event.title} on ${formatCalendarDate(event.startsOn)}`}
                      onClick={() => setPlanForm({ plan: event })}
                    >
                      Edit
                    </Button>
                    <DeletePlanned
                      event={event}
                      onDeleted={() => (upcomingRemoved.current = { key: event.id, row })}
                    />
                  </div>
                ) : null}
              </PlannedRow>
            ))}
          </ul>
        )}
        <AwaitingAttendance
          query={awaiting}
          canManage={canManage}
          listRef={awaitingRef}
          onRecord={(plan, row) => setRecording({ plan, row })}
          onDeleted={(removed) => (awaitingRemoved.current = removed)}
        />
      </CardBody>

      <Dialog
        open={planForm !== null}
        onClose={() => setPlanForm(null)}
        title={planForm?.plan ? 'Change planned event' : 'Plan an event'}
      >
        {planForm ? (
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
                plan={planForm.plan}
                onDone={(saved) => {
                  setPlanForm(null);
                  if (saved) {
                    const title = planForm.plan ? 'Planned event changed' : 'Event planned';
                    toast({ title, description: saved.title });
                  }
                }}
              />
            )}
          </WithLiveAmenities>
        ) : null}
      </Dialog>

      <Dialog open={recording !== null} onClose={() => setRecording(null)} title="Record as held">
        {recording ? (
          <HeldFromPlanForm
            plan={recording.plan}
            currency={community.currency}
            onDone={(saved) => {
              if (saved) awaitingRemoved.current = { key: recording.plan.id, row: recording.row };
              setRecording(null);
              if (saved) {
                toast({
                  title: 'Recorded as held',
                  description: `${saved.title}: ${attendanceText(saved)}. It is now in Events held.`,
                });
              }
            }}
          />
        ) : null}
      </Dialog>
    </Card>
  );
}

/**
 * The planned events that have ended (the last 60 days), awaiting how many came. Nothing
 * while there are none, nor before the first answer: the upcoming list above already says when
 * the page is loading or offline.
 */
function AwaitingAttendance({
  query,
  canManage,
  listRef,
  onRecord,
  onDeleted,
}: {
  query: ReturnType<typeof useAwaitingEvents>;
  canManage: boolean;
  listRef: RefObject<HTMLUListElement | null>;
  /** `row`: the plan's place in the list as shown, where focus goes once it has left it. */
  onRecord: (event: PlannedEvent, row: number) => void;
  onDeleted: (removed: RemovedRow) => void;
}) {
  const list = query.data;
  if (list === undefined && !query.isError) return null;
  if (list?.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-attendance" className="mt-5">
      <h3
        id="awaiting-attendance"
        className="text-base font-semibold text-slate-900 dark:text-slate-50"
      >
        {AWAITING_TITLE}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {canManage ? AWAITING_MANAGER : AWAITING_READER}
      </p>
      {list === undefined ? (
        <div className="mt-3 grid justify-items-start gap-2">
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            The past events awaiting their attendance could not be loaded: {query.error?.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <ul ref={listRef} className="mt-3 grid gap-3" aria-label="Awaiting their attendance">
          {list.map((event, row) => (
            <PlannedRow key={event.id} event={event}>
              {canManage ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    aria-label={`Record as held: ${event.title} on ${formatCalendarDate(event.startsOn)}`}
                    onClick={() => onRecord(event, row)}
                  >
                    Record as held
                  </Button>
                  <DeletePlanned
                    event={event}
                    onDeleted={() => onDeleted({ key: event.id, row })}
                  />
                </div>
              ) : null}
            </PlannedRow>
          ))}
        </ul>
      )}
    </section>
  );
}

function PlannedRow({ event, children }: { event: PlannedEvent; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <PlannedEventDetails event={event} />
      {children}
    </li>
  );
}

const DELETE_SELECTOR = 'button[aria-label^="Delete "]';
const RECORD_SELECTOR = 'button[aria-label^="Record as held: "]';

/**
 * Delete a planned event after a confirmation (one that will not, or did not, take place).
 * `onDeleted` runs once the server has removed it, before the list is read again without it.
 */
function DeletePlanned({ event, onDeleted }: { event: PlannedEvent; onDeleted: () => void }) {
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const date = formatCalendarDate(event.startsOn);
  return (
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
        if (outcome.ok) {
          onDeleted();
          await refreshPlannedEvents(client);
        }
        return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
      }}
      onDone={() => toast({ title: 'Planned event deleted', description: event.title })}
    >
      {event.title} at {event.amenityName} on {date} leaves the planned events. This cannot be
      undone; the audit log keeps a record of it.
    </ConfirmButton>
  );
}
