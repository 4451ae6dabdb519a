import type { AmenityStatus } from '../../src/api/contract';
import type { DayHours } from '../../src/lib/weekly-hours';
import { isOpenAt, type Amenity } from '../community';
import { displayHourRange } from '../time';

/**
 * The arithmetic behind the endpoints, as pure functions (tested on their own).
 */

/** Signed percentage change, one decimal. No baseline (0) gives 0, or 100 when there is growth. */
/**
 * Signed percentage of `current` against `previous`, to 0.1. Nothing before (previous 0) gives
 * no percentage but null, unless nothing now either (no change): "+100%" against nothing would be
 * a figure made up.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous <= 0) return current > 0 ? null : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Whole percentages that sum to exactly 100 (largest remainder; one definition, src/lib). */
export { percentagesSummingTo100 } from '../../src/lib/shares';

/** A session length for display: 42 -> "42m", 95 -> "1h 35m"; null (none measured) -> "—". */
export function formatSessionTime(minutes: number | null): string {
  if (minutes === null) return '—';
  const rounded = Math.max(0, Math.round(minutes));
  if (rounded < 60) return `${rounded}m`;
  const rest = rounded % 60;
  return rest === 0 ? `${Math.floor(rounded / 60)}h` : `${Math.floor(rounded / 60)}h ${rest}m`;
}

/** Occupancy shares at which an open amenity is busy (high) or moderately used (medium). */
export const HIGH_SHARE = 0.7;
export const MEDIUM_SHARE = 0.3;

/**
 * Closed outside opening hours and on a closure's days; otherwise high, medium or low by current
 * occupancy.
 */
export function amenityStatus(
  amenity: Pick<Amenity, 'capacity' | 'hours' | 'closures'>,
  currentUsers: number,
  local: { date: string; weekday: number; minuteOfDay: number },
): AmenityStatus {
  if (!isOpenAt(amenity, local)) return 'closed';
  const share = currentUsers / amenity.capacity;
  if (share >= HIGH_SHARE) return 'high';
  if (share >= MEDIUM_SHARE) return 'medium';
  return 'low';
}

/** Spec section 9: current users divided by capacity, as a whole percentage. */
export function usagePercentage(currentUsers: number, capacity: number): number {
  return capacity > 0 ? Math.round((currentUsers / capacity) * 100) : 0;
}

export const PEAK_WINDOW_HOURS = 2;

/**
 * The busiest window of `PEAK_WINDOW_HOURS` consecutive local hours within opening hours (with
 * hours per weekday: from the week's earliest opening to its latest closing, `weekSpan`), from
 * the mean occupancy of each local hour of the day. Returns the display range, or null with no
 * data or when closed every day.
 */
export function peakWindow(
  amenity: DayHours | null,
  meanByHour: ReadonlyMap<number, number>,
): string | null {
  if (meanByHour.size === 0 || !amenity) return null;
  const first = Math.floor(amenity.opensMinute / 60);
  const last = Math.ceil(amenity.closesMinute / 60) - PEAK_WINDOW_HOURS;
  let best: { start: number; mean: number } | null = null;
  for (let start = first; start <= Math.max(first, last); start++) {
    let sum = 0;
    for (let h = start; h < start + PEAK_WINDOW_HOURS; h++) sum += meanByHour.get(h % 24) ?? 0;
    const mean = sum / PEAK_WINDOW_HOURS;
    if (!best || mean > best.mean) best = { start, mean };
  }
  if (!best || best.mean <= 0) return null;
  return displayHourRange(best.start, best.start + PEAK_WINDOW_HOURS);
}
