import type { Interval } from './coverage';
import { addDays } from './calendar-date';
import { zonedTimeToUtc } from './zoned-time';

// Apart from coverage.ts, which the dashboard's coverage line needs: only the reports use this.

/** The instants of a calendar period's days in `timeZone`: [first midnight, midnight after). */
export function periodInstants(from: string, to: string, timeZone: string): Interval {
  const next = addDays(to, 1);
  const midnight = (date: string) => zonedTimeToUtc(date, '00:00', timeZone).getTime();
  return { from: midnight(from), to: midnight(next) };
}
