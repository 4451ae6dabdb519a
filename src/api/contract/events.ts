import * as z from 'zod/mini';
import { isRealDate } from '../../lib/calendar-date';
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

/** POST /api/events. The date's bounds that need the community's zone: eventDateProblem. */
export const EventInputSchema = z.strictObject({
  amenityId: z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, 'must be an amenity of the community')),
  heldOn: isoDate.check(z.refine(isRealDate, 'must be a real date')),
  title: displayName(EVENT_LIMITS.title),
  category: EventCategorySchema,
  attendance: z.int().check(z.minimum(0), z.maximum(EVENT_LIMITS.attendance)),
  plannedAttendance: z.int().check(z.minimum(1), z.maximum(EVENT_LIMITS.attendance)),
  cost: z.number().check(z.minimum(0), z.maximum(EVENT_LIMITS.cost)),
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
