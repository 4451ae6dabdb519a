import type { Interval } from './coverage';
import { zonedTimeToUtc } from './zoned-time';

// Apart from coverage.ts, which the dashboard's coverage line needs: only the reports use this.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants of a calendar period's days in `timeZone`: [first midnight, midnight after). */
export function periodInstants(from: string, to: string, timeZone: string): Interval {
  const next = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const midnight = (date: string) => zonedTimeToUtc(date, '00:00', timeZone).getTime();
  return { from: midnight(from), to: midnight(next) };
}
