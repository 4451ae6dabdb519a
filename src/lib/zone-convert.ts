import { displayClockTime, parseTimeRange } from './clock-time';
import { zoneOffsetMs, zonedTimeToUtc } from './zoned-time';

/** The wall-clock date ("yyyy-mm-dd") and time ("hh:mm") of `ms` in `timeZone`. */
function wallClock(ms: number, timeZone: string): { date: string; time: string } {
  const iso = new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * A time window the server wrote as wall-clock text in its community's zone ("5:00 PM -
 * 7:00 PM" on `date`), as read in the zone chosen in Settings: the same instants, other clock
 * hands. The date moves with the start when the window crosses midnight. Text that is not a
 * time window ("No data yet") and equal zones come back unchanged.
 */
export function convertTimeWindow(
  text: string,
  date: string,
  fromZone: string,
  toZone: string,
): { text: string; date: string } {
  if (fromZone === toZone) return { text, date };
  const range = parseTimeRange(text);
  if (!range) return { text, date };
  const startMs = zonedTimeToUtc(date, range.start, fromZone).getTime();
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const length = (minutes(range.end) - minutes(range.start) + 24 * 60) % (24 * 60) || 24 * 60;
  const start = wallClock(startMs, toZone);
  const end = wallClock(startMs + length * 60_000, toZone);
  return {
    text: `${displayClockTime(start.time)} - ${displayClockTime(end.time)}`,
    date: start.date,
  };
}
