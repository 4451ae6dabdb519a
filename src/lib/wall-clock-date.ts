import { zoneOffsetMs } from './zoned-time';

// Apart from zoned-time.ts, which the first screen needs: only the usage chart (a lazy chunk)
// uses this.

/**
 * A Date whose local fields (getHours, getDate...) read the wall clock in `timeZone` at `ms`:
 * what chart libraries that work in local time (uPlot's `tzDate`) need to lay ticks out in the
 * community's zone. Offsets are cached per hour, since US zones only change them on the hour;
 * uPlot's own helper formats a string per call, which cost ~5 ms per chart mount.
 */
export function wallClockDateFn(timeZone: string): (ms: number) => Date {
  const offsets = new Map<number, number>();
  return (ms) => {
    const hour = Math.floor(ms / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = zoneOffsetMs(hour * 3_600_000, timeZone);
      if (offsets.size > 5000) offsets.clear();
      offsets.set(hour, offset);
    }
    const wall = new Date(ms + offset);
    return new Date(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
    );
  };
}
