import type { Suggestion } from '../../src/api/contract';
import type { Amenity } from '../community';
import type { EndpointContext } from '../endpoints/context';
import {
  addDays,
  daysInMonth,
  displayHourRange,
  localParts,
  monthStart,
  startOfLocalDay,
  weekdayOf,
} from '../time';
import { closureOn, MAX_CLOSURES, type AmenityClosure } from '../../src/lib/amenity-closures';
import { monthName } from '../../src/lib/months';
import { confidenceFrom, mean } from './stats';
import {
  EVENT_TEMPLATES,
  eventCost,
  resourceList,
  seasonOf,
  type EventTemplate,
} from './templates';

/** At most this many suggestions, one per amenity. */
export const MAX_SUGGESTIONS = 4;
/** Weeks of recent readings that stand in for the season when last year's are not there. */
const RECENT_WEEKS = 8;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Mean occupancy of an amenity on a weekday (0 = Sunday) at a local hour, over the basis. */
export type UsageRow = { amenity_id: number; weekday: number; local_hour: number; mean: number };
/** An event held in the season. */
export type EventRow = {
  amenity_id: number;
  kind: string | null;
  attendance: number;
  planned: number;
};

export type PlannedEvent = ReturnType<typeof planEvent>;

/**
 * One candidate: how busy its window is, what the same event drew there in the season, and from
 * that the expected attendance (capped by the spare capacity), confidence and a ranking score.
 */
export function planEvent(
  template: EventTemplate,
  amenity: Amenity,
  usage: readonly UsageRow[],
  events: readonly EventRow[],
) {
  const hours = Array.from(
    { length: template.endHour - template.startHour },
    (_, i) => template.startHour + i,
  );
  const windowRows = usage.filter(
    (u) =>
      u.amenity_id === amenity.id && u.weekday === template.weekday && hours.includes(u.local_hour),
  );
  const occupied = windowRows.length ? mean(windowRows.map((u) => u.mean)) : 0;
  const spare = Math.max(0, amenity.capacity - occupied);
  const similar = events.filter((e) => e.amenity_id === amenity.id && e.kind === template.kind);
  const attendance = similar.map((e) => e.attendance);
  const success = similar.length
    ? mean(similar.map((e) => Math.min(1, e.attendance / e.planned)))
    : 0.6;
  const usual = attendance.length ? mean(attendance) : amenity.capacity * template.draw * 0.8;
  const expected = Math.max(1, Math.round(Math.min(usual, spare)));
  const confidence = confidenceFrom(similar.length, attendance);
  const score = (confidence / 100) * success * (spare / amenity.capacity);
  return {
    template,
    amenity,
    /** Some reading fell in its window over the basis: `occupied` is a measure, not a 0 by rule. */
    measured: windowRows.length > 0,
    occupied,
    spare,
    similar: attendance,
    success,
    expected,
    confidence,
    score,
  };
}

/** The next occurrence of `month`: this year unless it is already over (then next year). */
export function targetYear(month: number, now: { year: number; month: number }): number {
  return month >= now.month ? now.year : now.year + 1;
}

/**
 * The first date in year/month, on or after `earliest`, for a template: its fixed day of the
 * month, or its weekday. Null when the month has no such date left.
 */
export function eventDate(
  template: Pick<EventTemplate, 'weekday' | 'fixedDay'>,
  year: number,
  month: number,
  earliest: string,
): string | null {
  const first = monthStart(year, month);
  for (let offset = 0; offset < daysInMonth(year, month); offset++) {
    const date = addDays(first, offset);
    if (date < earliest) continue;
    if (template.fixedDay !== undefined) {
      if (Number(date.slice(8)) === template.fixedDay) return date;
      continue;
    }
    if (weekdayOf(date) === template.weekday) return date;
  }
  return null;
}

/**
 * The date to suggest for a template in year/month, on or after `earliest` (tomorrow, for the
 * current month). Late in the month its weekday may have no date left there: a weekly event then
 * takes that weekday in the coming week (a date a year ahead helps no one planning now), while a
 * dated occasion (a fixed day of the month) comes round next year.
 */
export function suggestionDate(
  template: Pick<EventTemplate, 'weekday' | 'fixedDay'>,
  year: number,
  month: number,
  earliest: string,
): string | null {
  const inMonth = eventDate(template, year, month, earliest);
  if (inMonth) return inMonth;
  if (template.fixedDay !== undefined) return eventDate(template, year + 1, month, '0000-01-01');
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(earliest, offset);
    if (weekdayOf(date) === template.weekday) return date;
  }
  return null;
}

/**
 * suggestionDate, but never on a day the amenity is closed (its closures): the template's first
 * date after the closure instead, or null when none is left.
 */
export function openSuggestionDate(
  template: Pick<EventTemplate, 'weekday' | 'fixedDay'>,
  year: number,
  month: number,
  earliest: string,
  closures: readonly AmenityClosure[] | undefined,
): string | null {
  let date = suggestionDate(template, year, month, earliest);
  // Each step moves past one closure; a date that does not move on (a fixed day closed next year
  // too) ends it.
  for (let step = 0; date !== null && step <= MAX_CLOSURES; step++) {
    const closure = closureOn(closures, date);
    if (!closure) return date;
    const next = suggestionDate(template, year, month, addDays(closure.lastDay, 1));
    if (next === null || next <= date) return null;
    date = next;
  }
  return null;
}

/**
 * GET /api/amy/suggestions[?month=1..12] (default: the current month). For each event that fits
 * the month, at the amenity of its type:
 * - the usage of its time window: mean occupancy on that weekday in those hours, in the same
 *   month last year when the readings go back that far, else over the last 8 weeks;
 * - the events of the same kind held there in the same season: their attendance and how close
 *   they came to plan.
 * Expected attendance is their mean (or the template's usual draw when there are none), capped by
 * the spare capacity; confidence grows with more and steadier history (stats.ts); the cost adds
 * up the required resources for that attendance. The best-scoring event per amenity wins, top 4.
 */
export async function amySuggestions(
  { db, community, now }: EndpointContext,
  requestedMonth?: number,
): Promise<Suggestion[]> {
  const zone = community.timeZone;
  const local = localParts(now, zone);
  const month = requestedMonth ?? local.month;
  const year = targetYear(month, local);
  const today = local.date;
  const season = seasonOf(month);

  // Usage basis: the same month a year earlier if we have readings there, else recent weeks.
  const lastYearStart = monthStart(year - 1, month);
  const lastYearEnd = addDays(lastYearStart, daysInMonth(year - 1, month) - 1);
  const [coverage] = await db.query<{ days: number }>(
    `SELECT count(DISTINCT day)::int AS days FROM readings_daily
      WHERE community_id = $1 AND day >= $2::date AND day <= $3::date`,
    [community.id, lastYearStart, lastYearEnd < today ? lastYearEnd : today],
  );
  const lastYear = (coverage?.days ?? 0) >= 14;
  const basisFrom = lastYear ? lastYearStart : addDays(today, -RECENT_WEEKS * 7);
  const basisTo = lastYear ? addDays(lastYearEnd, 1) : today;
  const basisLabel = lastYear
    ? `in ${monthName(month)} ${year - 1}`
    : `over the last ${RECENT_WEEKS} weeks`;

  const [usage, events] = await Promise.all([
    db.query<UsageRow>(
      `SELECT amenity_id,
              extract(dow FROM hour AT TIME ZONE $2)::int AS weekday,
              extract(hour FROM hour AT TIME ZONE $2)::int AS local_hour,
              (sum(occupancy_sum)::float8 / sum(readings)) AS mean
         FROM readings_hourly
        WHERE community_id = $1 AND hour >= $3 AND hour < $4
        GROUP BY amenity_id, weekday, local_hour`,
      [
        community.id,
        zone,
        new Date(startOfLocalDay(basisFrom, zone)).toISOString(),
        new Date(startOfLocalDay(basisTo, zone)).toISOString(),
      ],
    ),
    db.query<EventRow>(
      `SELECT amenity_id, kind, attendance, planned_attendance AS planned
         FROM events
        WHERE community_id = $1 AND held_on <= $2::date
          AND extract(month FROM held_on)::int = ANY($3::int[])`,
      [community.id, today, season.months],
    ),
  ]);

  const earliest = year === local.year && month === local.month ? addDays(today, 1) : '0000-01-01';
  const candidates = EVENT_TEMPLATES.filter((t) => t.months.includes(month)).flatMap((template) => {
    const amenity = community.amenities.find((a) => a.type === template.amenityType);
    return amenity ? [planEvent(template, amenity, usage, events)] : [];
  });

  const chosen: typeof candidates = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= MAX_SUGGESTIONS) break;
    if (chosen.some((c) => c.amenity.id === candidate.amenity.id)) continue;
    chosen.push(candidate);
  }

  const suggestions: Suggestion[] = [];
  for (const c of chosen) {
    const date = openSuggestionDate(c.template, year, month, earliest, c.amenity.closures);
    if (!date) continue;
    suggestions.push({
      id: `${c.template.kind}-${date}`,
      title: c.template.title,
      description: `${c.template.description} At ${c.amenity.name}.`,
      category: c.template.category,
      confidence: c.confidence,
      suggestedAmenity: c.amenity.name,
      suggestedDate: date,
      suggestedTime: displayHourRange(c.template.startHour, c.template.endHour),
      timeZone: zone,
      expectedAttendance: c.expected,
      reasoning: reasoning(c, basisLabel, season.name),
      estimatedCost: eventCost(c.template, c.expected),
      requiredResources: resourceList(c.template, c.expected, community.currency),
    });
  }
  return suggestions.sort((a, b) => b.confidence - a.confidence);
}

function reasoning(c: PlannedEvent, basisLabel: string, seasonName: string): string {
  const day = WEEKDAYS[c.template.weekday] ?? 'That day';
  const window = displayHourRange(c.template.startHour, c.template.endHour);
  const sparePercent = Math.round((c.spare / c.amenity.capacity) * 100);
  // No reading in that window yet (a new amenity, a silent sensor): an average of 0 people would
  // be made up, so it says there is none.
  const usage = c.measured
    ? `${day}s ${window} at ${c.amenity.name} averaged ${Math.round(c.occupied)} of ${c.amenity.capacity} people ${basisLabel} (${sparePercent}% spare capacity).`
    : `No readings yet for ${day}s ${window} at ${c.amenity.name} ${basisLabel}, so how busy it is then is not known (capacity ${c.amenity.capacity}).`;
  if (c.similar.length === 0) {
    return `${usage} No ${c.template.title} has been held there in ${seasonName} yet, so attendance is estimated from the amenity's capacity.`;
  }
  const n = c.similar.length;
  const low = Math.min(...c.similar);
  const high = Math.max(...c.similar);
  return `${usage} ${n} past ${n === 1 ? 'edition' : 'editions'} in ${seasonName} drew ${Math.round(mean(c.similar))} people on average (${low}-${high}), ${Math.round(c.success * 100)}% of plan.`;
}
