import { zonedTimeToUtc } from '../../src/lib/zoned-time';
import { addDays, daysInMonth, localParts } from '../time';

/**
 * When a scheduled report is due: a local wall-clock time in the community's IANA zone, so a
 * "Monday 07:00" report stays at 07:00 across DST changes (a time skipped by spring-forward
 * moves past the gap; a repeated fall-back hour runs at its first occurrence).
 */
export type Cadence =
  | { cadence: 'weekly'; weekday: number; minuteOfDay: number }
  | { cadence: 'monthly'; dayOfMonth: number; minuteOfDay: number };

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The first due instant strictly after `after`. */
export function nextDueAfter(schedule: Cadence, after: number, timeZone: string): number {
  const today = localParts(after, timeZone);
  // Candidates from today onwards, in order; the first after `after` wins (at most ~2 months).
  for (let offset = 0; offset <= 62; offset++) {
    const date = addDays(today.date, offset);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const matches =
      schedule.cadence === 'weekly'
        ? new Date(`${date}T00:00:00Z`).getUTCDay() === schedule.weekday
        : day === Math.min(schedule.dayOfMonth, daysInMonth(year, month));
    if (!matches) continue;
    const due = zonedTimeToUtc(date, hhmm(schedule.minuteOfDay), timeZone).getTime();
    if (due > after) return due;
  }
  throw new Error('No due time within two months');
}

/**
 * What a scheduler run does with a schedule whose next run is `nextRunAt`: nothing before it;
 * from it on, one run, and the next one after `now`, however many due times were missed while
 * the server was down (a board wants this month's report once, not three stale copies).
 */
export function claimDue(
  schedule: Cadence,
  nextRunAt: number,
  now: number,
  timeZone: string,
): { run: false } | { run: true; nextRunAt: number } {
  if (now < nextRunAt) return { run: false };
  return { run: true, nextRunAt: nextDueAfter(schedule, now, timeZone) };
}
