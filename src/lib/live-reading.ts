import { NO_PEAK_DATA, type AmenityAnalytics } from '../api/contract';
import { capacityPercent, formatMoment } from './format';

/** What an amenity's live figures can say: a count, or since when nothing was counted. */
export type LiveReading =
  { live: true; users: number; percent: number } | { live: false; lastReadingAt: number | null };

type LiveFields = Pick<AmenityAnalytics, 'currentUsers' | 'capacity' | 'live' | 'lastReadingAt'>;

/**
 * The server marks an amenity not live when its newest reading is more than 15 minutes old: its
 * currentUsers is then 0 by rule, not by count, and must not be shown as people. A snapshot saved
 * before `live` existed reads as live, as it was shown then.
 */
export function liveReading(amenity: LiveFields): LiveReading {
  if (amenity.live === false) {
    const at = amenity.lastReadingAt ? Date.parse(amenity.lastReadingAt) : NaN;
    return { live: false, lastReadingAt: Number.isFinite(at) ? at : null };
  }
  return {
    live: true,
    users: amenity.currentUsers,
    percent: capacityPercent(amenity.currentUsers, amenity.capacity),
  };
}

/** "No reading since 9:40 PM" (with the date when not today), or "No reading yet". */
export function noReadingText(
  lastReadingAt: number | null,
  now: number,
  timeZone?: string,
): string {
  return lastReadingAt === null
    ? 'No reading yet'
    : `No reading since ${formatMoment(lastReadingAt, now, timeZone)}`;
}

/**
 * Its busiest two hours and highest count over the last 30 days, or null when it has no history
 * to find them in (the server then sends NO_PEAK_DATA and a peakUsage of 0 by rule).
 */
export function peakOf(
  amenity: Pick<AmenityAnalytics, 'peakTime' | 'peakUsage'>,
): { time: string; users: number } | null {
  return amenity.peakTime === NO_PEAK_DATA
    ? null
    : { time: amenity.peakTime, users: amenity.peakUsage };
}
