import type { UsageGaps } from '../api/contract';
import { dateFormat } from './intl-formats';

/**
 * How much of a period the sensors cover, from the silent intervals of GET /api/usage/gaps (one
 * definition for every report and KPI, on the device and in the scheduled reports; tested in
 * tests/unit/coverage.test.ts):
 *
 * - the period is cut to the window the gaps were computed for (it cannot say more than that);
 * - an amenity's own period is [max(start, addedAt), end): one added during the period (its
 *   `addedAt`) was not there before, which is neither covered nor silent time, so it is neither
 *   charged nor averaged over it (`existedMs` tells that apart from a silence);
 * - each amenity's silent intervals are clipped to its own period and merged where they overlap
 *   or touch; its covered time = its own period − its silences;
 * - the period is covered where some amenity was there and none was silent: covered = the
 *   period from the first amenity's own start − the union of every amenity's silences (so a
 *   figure summed over the amenities there is whole only there; time before one amenity was
 *   added while others were there is not a silence, so it does not reduce this, but time before
 *   any was added is not covered: no sensor vouches for it);
 * - durations are exact milliseconds, so a DST day is 23 or 25 hours long;
 * - the sentence names no silence shorter than a minute (it would read "01:58–01:58"), though it
 *   counts in the covered time.
 */

const MINUTE = 60_000;

export type Interval = { from: number; to: number };

export type AmenityCoverage = {
  id: string;
  name: string;
  /**
   * The instant it was added, when after the period's start (at or after its end: added after
   * the period); null when it was there from the start.
   */
  addedAt: number | null;
  /** The length of its own period, from its start or when it was added to the end. */
  existedMs: number;
  /** Time in its own period this amenity's sensors reported (its own period − its silences). */
  coveredMs: number;
  /** Its silences in its own period, clipped, merged, oldest first. */
  silent: Interval[];
};

export type CoverageSummary = {
  /** The period as judged: [start, end), cut to the gaps' window. */
  start: number;
  end: number;
  totalMs: number;
  /** Time in which every amenity reported. */
  coveredMs: number;
  /** When the first amenity's own period starts (`start`, or later when all were added later). */
  checkedFrom: number;
  complete: boolean;
  amenities: AmenityCoverage[];
  /** Every silence of every amenity, oldest first (ties by name). */
  silent: (Interval & { id: string; name: string })[];
  /** "Data for 6 d 21 h of 7 d; Grand Lake sensor silent Tue 17 Nov 02:00–09:00". */
  text: string;
};

export type CoverageOptions = {
  /** Silences named in `text` (at least 1); the rest are counted ("and 2 more"). Default 3. */
  maxListed?: number;
};

/** Sorted, merged intervals (overlapping or touching ones become one). */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.to > i.from).sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.from <= last.to) last.to = Math.max(last.to, interval.to);
    else merged.push({ ...interval });
  }
  return merged;
}

const length = (intervals: readonly Interval[]) =>
  intervals.reduce((sum, i) => sum + (i.to - i.from), 0);

/** The coverage of `period` (instants, half-open) in `timeZone`, from the gaps payload. */
export function summarizeCoverage(
  gaps: UsageGaps,
  period: Interval,
  timeZone: string,
  options: CoverageOptions = {},
): CoverageSummary {
  const start = Math.max(period.from, Date.parse(gaps.from));
  const end = Math.max(start, Math.min(period.to, Date.parse(gaps.to)));
  const totalMs = end - start;
  const amenities = gaps.amenities.map((amenity): AmenityCoverage => {
    // Absent (there at the window's start) or unreadable: there from the start.
    const added = amenity.addedAt === undefined ? NaN : Date.parse(amenity.addedAt);
    const addedAt = added > start ? added : null;
    const own = Math.min(end, addedAt ?? start);
    const silent = mergeIntervals(
      amenity.silent.map((i) => ({
        from: Math.max(Date.parse(i.from), own),
        to: Math.min(Date.parse(i.to), end),
      })),
    );
    const existedMs = end - own;
    return {
      id: amenity.id,
      name: amenity.name,
      addedAt,
      existedMs,
      coveredMs: existedMs - length(silent),
      silent,
    };
  });
  const union = mergeIntervals(amenities.flatMap((a) => a.silent));
  // Before the first amenity was added (with none live in the period: none set up yet, all
  // archived, or added later, all of it) no sensor vouches for the time: it is not covered,
  // rather than covered for want of a silence.
  const checkedFrom = Math.min(end, ...amenities.map((a) => end - a.existedMs));
  const coveredMs = end - checkedFrom - length(union);
  const silent = amenities
    .flatMap((a) => a.silent.map((i) => ({ ...i, id: a.id, name: a.name })))
    .sort((a, b) => a.from - b.from || a.name.localeCompare(b.name));
  const summary = {
    start,
    end,
    totalMs,
    coveredMs,
    checkedFrom,
    complete: coveredMs === totalMs,
    amenities,
    silent,
  };
  return { ...summary, text: coverageText(summary, timeZone, Math.max(1, options.maxListed ?? 3)) };
}

/**
 * Whether any amenity's sensors reported at some moment of the period. With none (none set up,
 * none connected yet, or every one silent throughout), a count over the period is not known: it
 * shows as "—", not as 0.
 */
export function anyReading(summary: CoverageSummary): boolean {
  return summary.amenities.some((amenity) => amenity.coveredMs > 0);
}

/** "6 d 21 h", "23 h", "13 h 40 min", "0 min": days, hours and minutes, zero parts left out. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? `${days} d` : '',
    hours ? `${hours} h` : '',
    rest ? `${rest} min` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : '0 min';
}

/** "Tue 17 Nov" in the zone. */
const dayOf = (ms: number, timeZone: string) =>
  dateFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone })
    .format(ms)
    .replace(',', '');
/** "02:00" in the zone; with `zone`, "01:00 GMT-7". */
const clockOf = (ms: number, timeZone: string, zone?: 'short') =>
  dateFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: zone,
  }).format(ms);

const yearOf = (ms: number, timeZone: string) =>
  dateFormat('en-GB', { year: 'numeric', timeZone }).format(ms);

/**
 * A silence in the zone: "Tue 17 Nov 02:00–09:00" within a day ("…22:00–24:00" when it ends at
 * the next midnight; "Sun 1 Nov 01:00 GMT-7–01:00 GMT-8" when the clocks change during it),
 * "Tue 17 Nov 22:00 – Wed 18 Nov 03:00" across days, with the years when it runs from one year
 * into the next ("Sat 1 Nov 2025 00:00 – Tue 25 Aug 2026 00:00").
 */
export function formatInterval({ from, to }: Interval, timeZone: string): string {
  const years = yearOf(from, timeZone) !== yearOf(to - 1, timeZone);
  const day = years ? `${dayOf(from, timeZone)} ${yearOf(from, timeZone)}` : dayOf(from, timeZone);
  const endDay = years ? `${dayOf(to, timeZone)} ${yearOf(to, timeZone)}` : dayOf(to, timeZone);
  const endClock = clockOf(to, timeZone);
  if (endDay === day) {
    const start = clockOf(from, timeZone, 'short');
    const end = clockOf(to, timeZone, 'short');
    // Where the clocks change, the times alone misstate the silence (01:00–01:00 in the hour
    // repeated as DST ends, 00:00–02:00 for three hours): the offsets say it.
    return start.slice(5) === end.slice(5)
      ? `${day} ${start.slice(0, 5)}–${endClock}`
      : `${day} ${start}–${end}`;
  }
  if (endClock === '00:00' && dayOf(to - 1, timeZone) === day) {
    return `${day} ${clockOf(from, timeZone)}–24:00`;
  }
  return `${day} ${clockOf(from, timeZone)} – ${endDay} ${endClock}`;
}

/** An instant in the zone, as a silence's start reads: "Tue 24 Nov 10:00". */
export function formatInstant(ms: number, timeZone: string): string {
  return `${dayOf(ms, timeZone)} ${clockOf(ms, timeZone)}`;
}

/**
 * "added Tue 24 Nov 10:00" (in the community's zone, as the coverage sentence writes times), or
 * "added after this period" (at or after `periodEnd`); null for an amenity there the whole
 * period. Said wherever a report or data file lists an amenity added in it (the reports, the
 * archived ones, the usage CSVs), as its figures count only the time since.
 */
export function addedNote(
  addedAt: number | null,
  periodEnd: number,
  timeZone: string,
): string | null {
  if (addedAt === null) return null;
  return addedAt >= periodEnd
    ? 'added after this period'
    : `added ${formatInstant(addedAt, timeZone)}`;
}

function coverageText(
  summary: Omit<CoverageSummary, 'text'>,
  timeZone: string,
  maxListed: number,
): string {
  const { totalMs, coveredMs, silent } = summary;
  // An amenity added after the period has nothing to say about it.
  const amenities = summary.amenities.filter((a) => a.existedMs > 0);
  const total = formatDuration(totalMs);
  if (totalMs === 0) return 'No time of this period has been checked for data yet';
  if (amenities.length === 0) return `No amenity during these ${total}, so nothing to count`;
  if (summary.complete) return `Data for all ${total}`;
  const covered = formatDuration(coveredMs);
  // Whole minutes only: the same figure twice would read as complete when it is not.
  const head =
    (covered === total
      ? `Data for all but under a minute of ${total}`
      : `Data for ${covered} of ${total}`) +
    (summary.checkedFrom > summary.start
      ? `; no amenity before ${formatInstant(summary.checkedFrom, timeZone)}`
      : '');
  // True whether the amenities' counters were all silent or none is connected yet (the gaps do
  // not tell the two apart; the Amenities page does).
  if (coveredMs === 0 && amenities.every((a) => a.coveredMs === 0)) {
    return `No data for any of the ${total}: no sensor reported`;
  }
  // An amenity silent the whole period is named once; one added during it, by its silences.
  const throughout = amenities
    .filter((a) => a.coveredMs === 0 && a.existedMs === totalMs)
    .map((a) => a.name);
  const items: string[] = throughout.map((name) => `${name} sensor silent throughout`);
  // Less than a minute reads "01:58–01:58": counted in the covered time, not named.
  const partial = silent.filter((i) => !throughout.includes(i.name) && i.to - i.from >= MINUTE);
  if (!items.length && !partial.length) return head;
  const byAmenity = new Map<string, string[]>();
  let listed = items.length;
  for (const interval of partial) {
    if (listed >= maxListed) break;
    const list = byAmenity.get(interval.name) ?? [];
    list.push(formatInterval(interval, timeZone));
    byAmenity.set(interval.name, list);
    listed++;
  }
  for (const [name, list] of byAmenity) items.push(`${name} sensor silent ${list.join(', ')}`);
  const more = throughout.length + partial.length - listed;
  const tail = more > 0 ? ` and ${more} more` : '';
  return `${head}; ${items.slice(0, Math.max(maxListed, throughout.length)).join('; ')}${tail}`;
}
