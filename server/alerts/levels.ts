import { isOpenAt, type Amenity } from '../community';
import { closureOn, type AmenityClosure } from '../../src/lib/amenity-closures';
import type { DayHours } from '../../src/lib/weekly-hours';
import { localParts } from '../time';

/**
 * What each kind of rule measures, as one number the hysteresis machine compares with the
 * rule's threshold (pure functions, tested in tests/unit/alert-levels.test.ts).
 */

/** Occupancy as a percent of capacity: the "pool passes 90%" rule. */
export function occupancyLevel(occupancy: number, capacity: number): number {
  return capacity > 0 ? (occupancy / capacity) * 100 : 0;
}

type Schedule = Pick<Amenity, 'hours' | 'closures'>;

/**
 * People present while the amenity is closed (its opening hours in the community's zone, or a
 * closure's day), 0 while it is open: with a threshold of 1, anyone there after hours fires.
 */
export function afterHoursLevel(
  occupancy: number,
  at: number,
  amenity: Schedule,
  timeZone: string,
): number {
  return isOpenAt(amenity, localParts(at, timeZone)) ? 0 : occupancy;
}

/**
 * The local weekday at `at`, the amenity's hours that day (null: closed all day) and the closure
 * that day falls in, if any.
 */
export function dayHoursAt(
  amenity: Schedule,
  at: number,
  timeZone: string,
): { weekday: number; hours: DayHours | null; closure?: AmenityClosure } {
  const { weekday, date } = localParts(at, timeZone);
  const closure = closureOn(amenity.closures, date);
  return { weekday, hours: amenity.hours[weekday] ?? null, ...(closure ? { closure } : {}) };
}

/** Gaps used to learn a sensor's reporting interval. */
export const INTERVAL_SAMPLE = 20;

/**
 * A sensor's usual reporting interval: the median gap between its recent readings (times in
 * epoch ms, any order), or null with fewer than two readings. The median ignores the odd long
 * gap of an outage, so an outage does not teach the rule to wait longer.
 */
export function reportingInterval(times: readonly number[]): number | null {
  const sorted = [...times].sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((time, i) => time - (sorted[i] ?? time));
  const positive = gaps.filter((gap) => gap > 0);
  return positive.length > 0 ? median(positive) : null;
}

/**
 * Silence measured in reporting intervals: a threshold of 3 fires after three intervals
 * without a reading. Null (no judgement) until the interval is known.
 */
export function silentLevel(
  lastReadingAt: number | null,
  intervalMs: number | null,
  now: number,
): number | null {
  if (lastReadingAt === null || intervalMs === null || intervalMs <= 0) return null;
  return Math.max(0, now - lastReadingAt) / intervalMs;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Weeks of the same weekday and hour that make an amenity's usual level. */
export const UNUSUAL_HISTORY_WEEKS = 8;
/** Fewer weeks with data than this: too little history to call anything unusual. */
export const UNUSUAL_MIN_WEEKS = 4;
/** The MAD of a normal distribution is 0.6745 σ; this scales it to σ. */
const MAD_TO_SIGMA = 1.4826;

/**
 * How unusual the occupancy is for this weekday and hour, from the amenity's own history: the
 * mean occupancy of the same local hour on the same weekday in each of the last
 * UNUSUAL_HISTORY_WEEKS weeks gives a median m and a median absolute deviation (MAD); the level
 * is the robust z-score |occupancy − m| ÷ (1.4826 × MAD), both directions. Median and MAD are
 * not moved by the one past week with a festival or a closure, as a mean and standard deviation
 * would be. The spread is at least 5% of capacity and at least one person, so an hour that was
 * always empty does not make one visitor "infinitely unusual". Null with fewer than
 * UNUSUAL_MIN_WEEKS weeks of history.
 */
export function unusualLevel(
  occupancy: number,
  history: readonly number[],
  capacity: number,
): number | null {
  if (history.length < UNUSUAL_MIN_WEEKS) return null;
  const m = median(history);
  const mad = median(history.map((value) => Math.abs(value - m)));
  const spread = Math.max(MAD_TO_SIGMA * mad, 0.05 * capacity, 1);
  return Math.abs(occupancy - m) / spread;
}
