/**
 * The usage timeline as chart data (spec sections 2 and 3): pure shaping, shared by the uPlot
 * chart, its table view and the bench, so what the chart draws and what the table lists agree.
 */

import type { TimelineSeries, UsagePeriod, UsagePoint } from '../api/contract';
import { DEFAULT_AMENITY_COLORS } from './amenity-colors';
import { dateFormat } from './intl-formats';

export type UsageSeries = { key: TimelineSeries; label: string; color: string };

/**
 * The timeline's four series, one per amenity type, in column order, with spec section 2's line
 * colours (the amenity palette's colours of their types, the same values as --color-lawn etc. in
 * src/index.css). The labels name the type: a series is shown under its amenity's own name
 * (usageLinesOf), these only when the amenities are not known.
 */
export const USAGE_SERIES: readonly UsageSeries[] = [
  { key: 'lawn', label: 'Lawn', color: DEFAULT_AMENITY_COLORS.lawn },
  { key: 'hall', label: 'Hall', color: DEFAULT_AMENITY_COLORS.hall },
  { key: 'yard', label: 'Yard', color: DEFAULT_AMENITY_COLORS.yard },
  { key: 'lake', label: 'Lake', color: DEFAULT_AMENITY_COLORS.lake },
];

/** A line the chart can draw: one of the four series, or any other amenity's visits. */
export type UsageLine = {
  /** The amenity's id (its type when the amenities are not known): a choice to show it is kept by it. */
  key: string;
  label: string;
  color: string;
  /**
   * Set for the four series: the values are the point's type field, which the server fills with
   * the first amenity of the type (server/endpoints/timeline.ts), so they read the same from a
   * point that carries no `amenities` (an older server, a snapshot saved before). Unset, the
   * values are `point.amenities[key]`.
   */
  series?: TimelineSeries;
  /** Shown until the reader chooses otherwise. */
  byDefault: boolean;
};

/** The four series as lines named by their types: when the amenities are not known. */
export const USAGE_LINES: readonly UsageLine[] = USAGE_SERIES.map(({ key, label, color }) => ({
  key,
  label,
  color,
  series: key,
  byDefault: true,
}));

/** What the chart needs of a live amenity (src/api/amenity-names.ts). */
export type ChartAmenity = { id: string; type: string; name: string; color: string };

/**
 * The lines a community can see, in legend order. First the spec's four: the first live amenity
 * of each type lawn, hall, yard, lake, named after it, in the spec's colours, shown by default; a
 * type with no live amenity (none set up, or archived) has none, as its values would be zeros no
 * amenity stands behind. Then every other live amenity whose visits the points carry, in the
 * amenity list's order and its own colour, hidden by default, except in a community with none of
 * the four types: its first four stand in for them, so its chart is not empty.
 */
export function usageLinesOf(
  amenities: readonly ChartAmenity[],
  points: readonly UsagePoint[],
): readonly UsageLine[] {
  const lines: UsageLine[] = [];
  for (const series of USAGE_SERIES) {
    const amenity = amenities.find((candidate) => candidate.type === series.key);
    if (amenity) {
      lines.push({
        key: amenity.id,
        label: amenity.name,
        color: series.color,
        series: series.key,
        byDefault: true,
      });
    }
  }
  const typed = lines.length;
  for (const amenity of amenities) {
    if (lines.some((line) => line.key === amenity.id)) continue;
    // Usually the first point answers: the server lists every amenity in every point.
    if (!points.some((point) => typeof point.amenities?.[amenity.id] === 'number')) continue;
    lines.push({
      key: amenity.id,
      label: amenity.name,
      color: amenity.color,
      byDefault: typed === 0 && lines.length < USAGE_SERIES.length,
    });
  }
  return lines;
}

/** The reader's choices, by line key: true to show a line, false to hide it. */
export type UsageLineChoices = ReadonlyMap<string, boolean>;

/**
 * The lines drawn, in legend order: the chosen ones, else the default ones. Never none while
 * there is a line to draw: choices made for other amenities (another community, an amenity since
 * archived) may leave none of these, and an empty chart would read as no visits.
 */
export function shownUsageLines(
  lines: readonly UsageLine[],
  choices: UsageLineChoices,
): readonly UsageLine[] {
  const shown = lines.filter((line) => choices.get(line.key) ?? line.byDefault);
  return shown.length > 0 ? shown : lines.filter((line) => line.byDefault);
}

/**
 * The choices after pressing a line's legend entry: shown becomes hidden and back. The last line
 * shown stays: the choices come back unchanged.
 */
export function toggleUsageLine(
  lines: readonly UsageLine[],
  choices: UsageLineChoices,
  key: string,
): UsageLineChoices {
  const shown = shownUsageLines(lines, choices);
  const showing = shown.some((line) => line.key === key);
  if (showing && shown.length <= 1) return choices;
  const next = new Map(choices);
  next.set(key, !showing);
  return next;
}

/** A line's visits in a bucket; null when its amenity sent no reading (drawn as a break). */
export type UsageValue = number | null;

/**
 * uPlot's column layout: x values in unix seconds, then one column per line drawn, in the order
 * of the lines given to toUsageChartData. `times` keeps the milliseconds for labels.
 */
export type UsageChartData = {
  columns: [number[], ...UsageValue[][]];
  times: number[];
};

/**
 * A line's values, one per point: null where the point lists the line as a gap (no data, not
 * zero) or carries no value for it. One loop per line, the branch taken outside it.
 */
function columnOf(points: readonly UsagePoint[], line: UsageLine): UsageValue[] {
  const column: UsageValue[] = [];
  const { key, series } = line;
  if (series) {
    for (const point of points) column.push(point.gaps?.includes(series) ? null : point[series]);
    return column;
  }
  for (const point of points) {
    const value = point.amenities?.[key];
    column.push(typeof value !== 'number' || point.gaps?.includes(key) ? null : value);
  }
  return column;
}

/**
 * The columns of `lines` (in their order). Points with an unreadable time are dropped; the rest
 * are put in time order (the server sends them in order, so the sort only runs when needed) and a
 * repeated time keeps its last value. Plain loops: this runs on every refetch, for up to 2,160
 * points a line.
 */
export function toUsageChartData(
  points: readonly UsagePoint[],
  lines: readonly UsageLine[],
): UsageChartData {
  const rows: { ms: number; point: UsagePoint }[] = [];
  let increasing = true;
  let last = -Infinity;
  for (const point of points) {
    const ms = Date.parse(point.time);
    if (Number.isNaN(ms)) continue;
    if (ms <= last) increasing = false;
    last = ms;
    rows.push({ ms, point });
  }
  if (!increasing) rows.sort((a, b) => a.ms - b.ms);

  const times: number[] = [];
  const xs: number[] = [];
  const kept: UsagePoint[] = [];
  for (const { ms, point } of rows) {
    // After sorting, a repeated time is next to its twin: the later point wins.
    const at = times.length - 1;
    if (at >= 0 && times[at] === ms) {
      kept[at] = point;
      continue;
    }
    times.push(ms);
    xs.push(ms / 1000);
    kept.push(point);
  }
  const columns: UsageValue[][] = [];
  for (const line of lines) columns.push(columnOf(kept, line));
  return { columns: [xs, ...columns], times };
}

function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  return dateFormat('en-US', { ...options, timeZone });
}

/**
 * A point's time as a label: hours for the daily view, dates otherwise. `short` is the axis tick,
 * `long` the hover readout and table cell.
 */
export function formatUsageTime(
  ms: number,
  period: UsagePeriod,
  length: 'short' | 'long',
  timeZone?: string,
): string {
  if (period === 'day') {
    return length === 'short'
      ? formatter({ hour: 'numeric' }, timeZone).format(ms)
      : formatter({ weekday: 'short', hour: 'numeric', minute: '2-digit' }, timeZone).format(ms);
  }
  return length === 'short'
    ? formatter({ month: 'short', day: 'numeric' }, timeZone).format(ms)
    : formatter({ weekday: 'short', month: 'short', day: 'numeric' }, timeZone).format(ms);
}

/** The index the hover readout shows: the hovered point, else the latest one. */
export function readoutIndex(hovered: number | null, length: number): number | null {
  if (length === 0) return null;
  if (hovered !== null && hovered >= 0 && hovered < length) return hovered;
  return length - 1;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The index of the last point when its bucket (an hour in the daily view, a day otherwise) had
 * not ended at `asOf`, the time the data was fetched; null when every bucket is complete. An
 * unfinished bucket holds only the visits so far, so drawn as a point it would look like a
 * collapse.
 */
export function partialBucketIndex(
  times: readonly number[],
  period: UsagePeriod,
  asOf: number,
): number | null {
  const last = times.length - 1;
  const start = times[last];
  if (start === undefined) return null;
  return start + (period === 'day' ? HOUR_MS : DAY_MS) > asOf ? last : null;
}

/** The chart data up to (not including) point `end`. */
export function sliceUsageChartData(data: UsageChartData, end: number): UsageChartData {
  const [xs, ...values] = data.columns;
  return {
    columns: [xs.slice(0, end), ...values.map((column) => column.slice(0, end))],
    times: data.times.slice(0, end),
  };
}
