import { zonedTimeToUtc } from '../../src/lib/zoned-time';
import { addDays, localParts } from '../time';

/**
 * A recipient's quiet hours: local minutes after midnight, start included, end excluded; a
 * start after the end wraps past midnight (22:00-07:00). Equal start and end means none.
 */
export type QuietHours = { startMinute: number; endMinute: number };

export function inQuietHours(at: number, quiet: QuietHours, timeZone: string): boolean {
  const { startMinute, endMinute } = quiet;
  if (startMinute === endMinute) return false;
  const minute = localParts(at, timeZone).minuteOfDay;
  return startMinute < endMinute
    ? minute >= startMinute && minute < endMinute
    : minute >= startMinute || minute < endMinute;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * When an interrupting notification (push, email) for something that happened at `at` may be
 * sent: at once outside quiet hours, else when they end (local wall time, DST-safe). The inbox
 * entry itself is never held back.
 */
export function deliverAt(at: number, quiet: QuietHours, timeZone: string): number {
  if (!inQuietHours(at, quiet, timeZone)) return at;
  const { date, minuteOfDay } = localParts(at, timeZone);
  const endDate = minuteOfDay < quiet.endMinute ? date : addDays(date, 1);
  return zonedTimeToUtc(endDate, hhmm(quiet.endMinute), timeZone).getTime();
}
