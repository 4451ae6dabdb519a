import type { AmenityAnalytics } from '../api/contract';
import { capacityPercent, formatCount, formatMoment } from './format';

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
 * People in the amenities now, counted only where a reading is live: "12 people using them now",
 * with "(2 amenities without a live reading)" when some are silent, so a silence is not a 0.
 */
export function peopleNowText(amenities: readonly LiveFields[]): string {
  const readings = amenities.map(liveReading);
  const people = readings.reduce((sum, r) => sum + (r.live ? r.users : 0), 0);
  const silent = readings.filter((r) => !r.live).length;
  if (silent === amenities.length && silent > 0) return 'no live reading from any amenity';
  const base = `${formatCount(people)} ${people === 1 ? 'person' : 'people'} using them now`;
  if (silent === 0) return base;
  return `${base} (${formatCount(silent)} ${silent === 1 ? 'amenity' : 'amenities'} without a live reading)`;
}
