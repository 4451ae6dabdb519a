import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  EVENTS_PAGE_SIZE,
  EVENTS_PATH,
  HeldEventListSchema,
  HeldEventSchema,
  PLANNED_EVENTS_PATH,
  PlannedEventListSchema,
  PlannedEventSchema,
  plannedHeldPath,
  type EventInput,
  type HeldEvent,
  type PlannedEvent,
  type PlannedEventInput,
  type PlannedHeldInput,
} from './contract';
import { contractQueryFn } from './query-fn';
import { parser, send, type Outcome } from './send';

/** The events held, newest first (the most recent page): everyone who reads the dashboards. */
export function eventsQuery() {
  return queryOptions({
    queryKey: [EVENTS_PATH, { limit: EVENTS_PAGE_SIZE }],
    queryFn: contractQueryFn(HeldEventListSchema),
  });
}

export function useEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventsQuery(), enabled });
}

export const EVENTS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Recording or removing an event needs a connection; nothing was changed.";

export const recordEvent = (input: EventInput): Promise<Outcome<HeldEvent>> =>
  send('POST', EVENTS_PATH, {
    offlineMessage: EVENTS_OFFLINE_MESSAGE,
    json: input,
    parse: parser(HeldEventSchema),
  });

export const removeEvent = (id: number): Promise<Outcome<unknown>> =>
  send('DELETE', `${EVENTS_PATH}/${id}`, { offlineMessage: EVENTS_OFFLINE_MESSAGE });

/**
 * After a change: the list reads the server again, and so do Amy's analysis and suggestions
 * (they are computed from the events held), every month's.
 */
export async function refreshEvents(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: [EVENTS_PATH] }),
    client.invalidateQueries({ queryKey: [API_PATHS.analysis] }),
    client.invalidateQueries({ queryKey: [API_PATHS.suggestions] }),
  ]);
}

/** The upcoming (planned) events, soonest first: everyone who reads the dashboards. */
export function plannedEventsQuery() {
  return queryOptions({
    queryKey: [PLANNED_EVENTS_PATH],
    queryFn: contractQueryFn(PlannedEventListSchema),
  });
}

export function usePlannedEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...plannedEventsQuery(), enabled });
}

export const PLANNED_EVENTS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Planning, changing or removing an upcoming event needs a connection; nothing was changed.";

export const planEvent = (input: PlannedEventInput): Promise<Outcome<PlannedEvent>> =>
  send('POST', PLANNED_EVENTS_PATH, {
    offlineMessage: PLANNED_EVENTS_OFFLINE_MESSAGE,
    json: input,
    parse: parser(PlannedEventSchema),
  });

/** Changes a plan that has not ended (PUT, the same rules as planning) → the plan as changed. */
export const replanEvent = (id: number, input: PlannedEventInput): Promise<Outcome<PlannedEvent>> =>
  send('PUT', `${PLANNED_EVENTS_PATH}/${id}`, {
    offlineMessage: PLANNED_EVENTS_OFFLINE_MESSAGE,
    json: input,
    parse: parser(PlannedEventSchema),
  });

export const unplanEvent = (id: number): Promise<Outcome<unknown>> =>
  send('DELETE', `${PLANNED_EVENTS_PATH}/${id}`, {
    offlineMessage: PLANNED_EVENTS_OFFLINE_MESSAGE,
  });

/** After a change: the upcoming list reads the server again. */
export async function refreshPlannedEvents(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: [PLANNED_EVENTS_PATH] });
}

/**
 * The planned events that have ended (the last 60 days), most recent first, awaiting their
 * attendance: GET /api/events/planned/awaiting. Its key is under the upcoming list's, so reading
 * that again (refreshPlannedEvents) reads this too.
 */
export function awaitingEventsQuery() {
  return queryOptions({
    queryKey: [PLANNED_EVENTS_PATH, 'awaiting'],
    queryFn: contractQueryFn(PlannedEventListSchema),
  });
}

export function useAwaitingEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...awaitingEventsQuery(), enabled });
}

export const HELD_FROM_PLAN_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Recording a planned event as held needs a connection; nothing was changed.";

/** Records a planned event that has ended as an event held; the plan is removed with it. */
export const recordPlannedAsHeld = (
  id: number,
  input: PlannedHeldInput,
): Promise<Outcome<HeldEvent>> =>
  send('POST', plannedHeldPath(id), {
    offlineMessage: HELD_FROM_PLAN_OFFLINE_MESSAGE,
    json: input,
    parse: parser(HeldEventSchema),
  });

/** After a planned event was recorded as held (or found gone): both lists, and Amy, again. */
export async function refreshHeldFromPlan(client: QueryClient): Promise<void> {
  await Promise.all([refreshPlannedEvents(client), refreshEvents(client)]);
}
