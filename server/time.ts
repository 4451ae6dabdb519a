import { zoneOffsetMs, zonedTimeToUtc } from '../src/lib/zoned-time';

/**
 * Local calendar arithmetic in the community's time zone, on top of src/lib/zoned-time.ts.
 * Dates are yyyy-mm-dd strings; instants are epoch milliseconds.
 */

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** The local date (yyyy-mm-dd) at instant `ms`. */
export function localDate(ms: number, timeZone: string): string {
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 10);
}

/** Local wall-clock fields at `ms`: minutes after midnight, weekday (0 = Sunday), month 1-12. */
export function localParts(
  ms: number,
  timeZone: string,
): { date: string; minuteOfDay: number; weekday: number; month: number; year: number } {
  const wall = new Date(ms + zoneOffsetMs(ms, timeZone));
  return {
    date: wall.toISOString().slice(0, 10),
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
    month: wall.getUTCMonth() + 1,
    year: wall.getUTCFullYear(),
  };
}

/** The instant of local midnight at the start of `date`. */
export function startOfLocalDay(date: string, timeZone: string): number {
  return zonedTimeToUtc(date, '00:00', timeZone).getTime();
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** Weekday of a calendar date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whole days from `from` to `to` (both yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** The same local wall-clock time `days` days earlier or later (DST-aware). */
export function shiftLocalDays(ms: number, days: number, timeZone: string): number {
  const parts = localParts(ms, timeZone);
  const date = addDays(parts.date, days);
  const midnight = startOfLocalDay(date, timeZone);
  const hh = String(Math.floor(parts.minuteOfDay / 60)).padStart(2, '0');
  const mm = String(parts.minuteOfDay % 60).padStart(2, '0');
  const seconds = ms % MINUTE;
  return Math.max(midnight, zonedTimeToUtc(date, `${hh}:${mm}`, timeZone).getTime() + seconds);
}

/**
 * Start of the UTC hour containing `ms`: the hourly rollups use UTC hours, which are local hours
 * in every zone with whole-hour offsets (all of the US), so local days are unions of them.
 */
export function startOfHour(ms: number): number {
  return Math.floor(ms / HOUR) * HOUR;
}

/** "18:00" style minutes after midnight as a display time: 1080 -> "6:00 PM". */
export function displayTime(minuteOfDay: number): string {
  const minutes = ((minuteOfDay % 1440) + 1440) % 1440;
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

/** A display range of local hours: (18, 21) -> "6:00 PM - 9:00 PM". */
export function displayHourRange(startHour: number, endHour: number): string {
  return `${displayTime(startHour * 60)} - ${displayTime(endHour * 60)}`;
}

/** The first day of a month, yyyy-mm-dd. */
export function monthStart(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
