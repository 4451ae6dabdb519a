/**
 * Wall-clock times in a named time zone (the community's, from Settings) as instants, without a
 * time-zone library: Intl tells the zone's offset at an instant, and two passes settle DST.
 */

// Its own cache keyed by the zone alone, not intl-formats' (which serialises the options on every
// call): zoneOffsetMs runs once or twice per point of a timeline.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = offsetFormatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, found);
  }
  return found;
}

/** The zone's offset from UTC at `ms`, in milliseconds (e.g. -7 h for Pacific daylight time). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * "2026-12-05" at "18:00" in `timeZone` -> the instant. A time skipped by a DST change moves
 * forward by the gap, as calendars do.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new Error(`Not a date and time: ${date} ${time}`);
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const guessOffset = zoneOffsetMs(wall, timeZone);
  const first = wall - guessOffset;
  const offset = zoneOffsetMs(first, timeZone);
  if (offset === guessOffset) return new Date(first);
  const second = wall - offset;
  if (zoneOffsetMs(second, timeZone) === offset) return new Date(second);
  // The wall time falls in a spring-forward gap: take the later reading, past the gap.
  return new Date(Math.max(first, second));
}

/** The minute of the day in `timeZone` (0-1439): 18:30 is 1110. */
export function minuteOfDayIn(timeZone: string, now = Date.now()): number {
  const local = wallClock(timeZone, now);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The zone's wall clock at `now`, as a Date whose UTC fields read it. */
function wallClock(timeZone: string, now: number): Date {
  return new Date(now + zoneOffsetMs(now, timeZone));
}

/** Today's date in `timeZone` as yyyy-mm-dd (the earliest date a new event may use). */
export function todayIn(timeZone: string, now = Date.now()): string {
  return wallClock(timeZone, now).toISOString().slice(0, 10);
}
