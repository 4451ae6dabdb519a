import * as z from 'zod/mini';
import { addDays, isRealDate } from '../../lib/calendar-date';
import { displayClockTime } from '../../lib/clock-time';
import { closureOn, describeClosure, type AmenityClosure } from '../../lib/amenity-closures';
import { WEEKDAY_NAMES, type WeeklyHours } from '../../lib/weekly-hours';
import { displayName } from './display-name';
import { SUGGESTION_CATEGORIES } from './core';
import { count, nonEmpty, nonNegative } from './primitives';
import { isoDate } from './text-formats';

/**
 * Events held (the `events` table Amy's analysis and suggestions read): a community records what
 * it held, the demo's simulator records its own.
 *
 *   GET    /api/events?before=&limit=   everyone who reads the dashboards, newest first
 *   POST   /api/events                  Admin, Manager: record one  → 201 the event
 *   DELETE /api/events/:id              Admin, Manager: remove one  → 204
 */

export const EVENTS_PATH = '/api/events';

/** The categories Amy groups events by (the table's check, and the suggestions' categories). */
export const EVENT_CATEGORIES = SUGGESTION_CATEGORIES;
export const EventCategorySchema = z.enum(EVENT_CATEGORIES);
export type EventCategory = z.infer<typeof EventCategorySchema>;

/** Bounds of an event's fields. */
export const EVENT_LIMITS = {
  title: 120,
  attendance: 100_000,
  cost: 1_000_000,
  /** How far back an event may be recorded: Amy reads the last 12 months, a year more is ample. */
  yearsBack: 2,
} as const;

/** One page of the list at most, and when not asked. */
export const MAX_EVENTS_PAGE = 100;
export const EVENTS_PAGE_SIZE = 50;

/** An event held; `amenityId` is the amenity's public slug. */
export const HeldEventSchema = z.object({
  id: count,
  amenityId: nonEmpty,
  amenityName: nonEmpty,
  /** The local date it was held, yyyy-mm-dd. */
  heldOn: nonEmpty,
  title: nonEmpty,
  category: EventCategorySchema,
  /** The kind of event the demo's simulator names (Amy's templates); null when recorded by hand. */
  kind: z.nullable(z.string()),
  attendance: count,
  plannedAttendance: count,
  /** Dollars. */
  cost: nonNegative,
});
export type HeldEvent = z.infer<typeof HeldEventSchema>;
export const HeldEventListSchema = z.array(HeldEventSchema);

/** How many people came, and what it cost: the same bounds however an event held is recorded. */
const attendanceInput = z.int().check(z.minimum(0), z.maximum(EVENT_LIMITS.attendance));
const costInput = z.number().check(z.minimum(0), z.maximum(EVENT_LIMITS.cost));

/** POST /api/events. The date's bounds that need the community's zone: eventDateProblem. */
export const EventInputSchema = z.strictObject({
  amenityId: z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'must be an amenity of the community')),
  heldOn: isoDate.check(z.refine(isRealDate, 'must be a real date')),
  title: displayName(EVENT_LIMITS.title),
  category: EventCategorySchema,
  attendance: attendanceInput,
  plannedAttendance: z.int().check(z.minimum(1), z.maximum(EVENT_LIMITS.attendance)),
  cost: costInput,
});
export type EventInput = z.infer<typeof EventInputSchema>;

/** GET /api/events: events held before `before` (a date), at most `limit`, newest first. */
export const EventsQuerySchema = z.object({
  before: z.optional(isoDate.check(z.refine(isRealDate, 'must be a real date'))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_EVENTS_PAGE)),
    EVENTS_PAGE_SIZE,
  ),
});

/** The earliest date an event may be held on, `today` being the community's local date. */
export function earliestEventDate(today: string): string {
  const year = Number(today.slice(0, 4)) - EVENT_LIMITS.yearsBack;
  // 29 February two years back is 1 March: a date the calendar has.
  const back = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  return isRealDate(back) ? back : `${back.slice(0, 4)}-03-01`;
}

/**
 * Why `heldOn` cannot be an event's date, or null: not after `today` (the community's local
 * date), not more than two years back. Before the community joined CommonGround is fine: a new
 * community enters the events it held so that Amy's analysis starts from its history.
 */
export function eventDateProblem(heldOn: string, today: string): string | null {
  if (heldOn > today) return `must not be after today (${today}): record an event once it is held`;
  const earliest = earliestEventDate(today);
  if (heldOn < earliest) {
    return `must be within the last ${EVENT_LIMITS.yearsBack} years (from ${earliest})`;
  }
  return null;
}

/**
 * Planned events (upcoming; the `planned_events` table): what a community means to hold, on a
 * date and within a time window of that day in its zone.
 *
 *   GET    /api/events/planned            everyone who reads the dashboards: from today,
 *                                         soonest first, at most 100
 *   GET    /api/events/planned/awaiting   the same readers: those that have ended, in the
 *                                         last 60 days, most recent first, at most 100
 *   POST   /api/events/planned            Admin, Manager: plan one  → 201 the planned event
 *   POST   /api/events/planned/:id/held   Admin, Manager: record one that has ended as an
 *                                         event held → 201 the event held (the plan is gone)
 *   DELETE /api/events/planned/:id        Admin, Manager: remove one → 204
 */
export const PLANNED_EVENTS_PATH = '/api/events/planned';

/** The most upcoming events the list returns; how far ahead one may be planned. */
export const MAX_PLANNED_EVENTS = 100;
export const PLANNED_YEARS_AHEAD = 2;

/** A planned event: minutes after local midnight, the end after the start (1440 = midnight). */
export const PlannedEventSchema = z.object({
  id: count,
  amenityId: nonEmpty,
  amenityName: nonEmpty,
  /** The local date, yyyy-mm-dd. */
  startsOn: nonEmpty,
  startMinute: z.int().check(z.minimum(0), z.maximum(1439)),
  endMinute: z.int().check(z.minimum(1), z.maximum(1440)),
  title: nonEmpty,
  category: EventCategorySchema,
  plannedAttendance: count,
});
export type PlannedEvent = z.infer<typeof PlannedEventSchema>;
export const PlannedEventListSchema = z.array(PlannedEventSchema);

/**
 * POST /api/events/planned. The rules that need the community (date from today in its zone, the
 * amenity's opening hours): plannedDateProblem and the server.
 */
export const PlannedEventInputSchema = z.strictObject({
  amenityId: z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'must be an amenity of the community')),
  startsOn: isoDate.check(z.refine(isRealDate, 'must be a real date')),
  startMinute: z.int().check(z.minimum(0), z.maximum(1439)),
  endMinute: z.int().check(z.minimum(1), z.maximum(1440)),
  title: displayName(EVENT_LIMITS.title),
  category: EventCategorySchema,
  plannedAttendance: z.int().check(z.minimum(1), z.maximum(EVENT_LIMITS.attendance)),
});
export type PlannedEventInput = z.infer<typeof PlannedEventInputSchema>;

/** The latest date an event may be planned for, `today` being the community's local date. */
export function latestPlannedDate(today: string): string {
  const year = Number(today.slice(0, 4)) + PLANNED_YEARS_AHEAD;
  const ahead = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  // 29 February two years ahead is 28 February: a date the calendar has.
  return isRealDate(ahead) ? ahead : `${ahead.slice(0, 4)}-02-28`;
}

/** Why `startsOn` cannot be a planned event's date, or null: from today up to two years ahead. */
export function plannedDateProblem(startsOn: string, today: string): string | null {
  if (startsOn < today) return `must not be before today (${today}): plan an upcoming event`;
  const latest = latestPlannedDate(today);
  if (startsOn > latest) {
    return `must be within the next ${PLANNED_YEARS_AHEAD} years (up to ${latest})`;
  }
  return null;
}

/** "18:00" for minute 1080; "24:00" for 1440 (midnight at the end of the day). */
export function minuteClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** "6:00 PM" for minute 1080, "midnight" for 1440: a time of day as the app shows it. */
export function minuteText(minute: number): string {
  return minute === 1440 ? 'midnight' : displayClockTime(minuteClock(minute));
}

/** Why the time window is not one, naming its field, or null: the end after the start. */
export function plannedWindowProblem(startMinute: number, endMinute: number): string | null {
  return endMinute > startMinute
    ? null
    : `endMinute: must be after the start (${minuteText(startMinute)})`;
}

/**
 * Why a plan's day and window fall outside its amenity's opening hours that weekday, naming the
 * field (a closed day or a closure's day at `startsOn`, an early start at `startMinute`, a late
 * end at `endMinute`), or null. An amenity with no hours at all is open at any time but on its
 * closures' days. The server judges by it, and the
 * form checks with it before sending.
 */
export function plannedHoursProblem(
  plan: { startsOn: string; startMinute: number; endMinute: number },
  amenity: { name: string; hours: WeeklyHours; closures?: readonly AmenityClosure[] },
): string | null {
  const closure = closureOn(amenity.closures, plan.startsOn);
  if (closure) {
    return `startsOn: ${amenity.name} is ${describeClosure(closure)}; choose another day`;
  }
  if (!amenity.hours.some((day) => day !== null)) return null;
  const weekday = new Date(`${plan.startsOn}T00:00:00Z`).getUTCDay();
  const day = amenity.hours[weekday] ?? null;
  const dayName = WEEKDAY_NAMES[weekday] ?? 'that day';
  if (!day) return `startsOn: ${amenity.name} is closed on ${dayName}s; choose a day it is open`;
  const open = `open ${minuteText(day.opensMinute)} – ${minuteText(day.closesMinute)}`;
  if (plan.startMinute < day.opensMinute) {
    return `startMinute: ${amenity.name} opens at ${minuteText(day.opensMinute)} on ${dayName}s (${open})`;
  }
  if (plan.endMinute > day.closesMinute) {
    return `endMinute: ${amenity.name} closes at ${minuteText(day.closesMinute)} on ${dayName}s (${open})`;
  }
  return null;
}

/**
 * The planned events that have ended, awaiting their attendance: listed for this many days after
 * their day (a plan never recorded nor deleted is then kept, but no longer listed).
 */
export const PLANNED_AWAITING_PATH = `${PLANNED_EVENTS_PATH}/awaiting`;
export const AWAITING_ATTENDANCE_DAYS = 60;

/** The earliest day a planned event awaiting its attendance is listed for (`today` local). */
export const earliestAwaitingDate = (today: string): string =>
  addDays(today, -AWAITING_ATTENDANCE_DAYS);

/** POST /api/events/planned/:id/held: where a planned event is recorded as held. */
export const plannedHeldPath = (id: number): string => `${PLANNED_EVENTS_PATH}/${id}/held`;

/**
 * What recording a planned event as held adds to the plan (its title, amenity, date, category
 * and planned attendance): how many people came, and what it cost (0 when not sent).
 */
export const PlannedHeldInputSchema = z.strictObject({
  attendance: attendanceInput,
  cost: z.optional(costInput),
});
export type PlannedHeldInput = z.infer<typeof PlannedHeldInputSchema>;

/** The community's wall clock: its local date and the minute of that day (0-1439). */
export type LocalNow = { today: string; minute: number };

/**
 * Whether a planned event is over: its day has passed in the community's zone, or it is today
 * and its end time has come (an end at midnight, 1440, is over only the next day).
 */
export function plannedHasEnded(
  event: Pick<PlannedEvent, 'startsOn' | 'endMinute'>,
  { today, minute }: LocalNow,
): boolean {
  return event.startsOn < today || (event.startsOn === today && event.endMinute <= minute);
}

/**
 * Why a planned event cannot be recorded as held (yet, or any more), or null: it must have ended
 * (plannedHasEnded), and its day be one an event held may have (within the last two years, as
 * eventDateProblem asks of an event recorded by hand).
 */
export function plannedHeldDateProblem(
  event: Pick<PlannedEvent, 'startsOn' | 'endMinute'>,
  now: LocalNow,
): string | null {
  const { startsOn, endMinute } = event;
  if (!plannedHasEnded(event, now)) {
    const end =
      endMinute === 1440 ? `the end of ${startsOn}` : `${minuteClock(endMinute)} on ${startsOn}`;
    return `it has not ended yet (it ends at ${end}); record it once it is over`;
  }
  const { today } = now;
  const earliest = earliestEventDate(today);
  if (startsOn < earliest) {
    return `its day (${startsOn}) is more than ${EVENT_LIMITS.yearsBack} years back (an event held is from ${earliest})`;
  }
  return null;
}
