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
 * (usageSeriesOf), these only when the amenities are not known.
 */
export const USAGE_SERIES: readonly UsageSeries[] = [
  { key: 'lawn', label: 'Lawn', color: DEFAULT_AMENITY_COLORS.lawn },
  { key: 'hall', label: 'Hall', color: DEFAULT_AMENITY_COLORS.hall },
  { key: 'yard', label: 'Yard', color: DEFAULT_AMENITY_COLORS.yard },
  { key: 'lake', label: 'Lake', color: DEFAULT_AMENITY_COLORS.lake },
];

/**
 * The series the community has a live amenity of, each named after it: the first amenity of its
 * type, the one whose visits the server puts in the series (server/endpoints/timeline.ts). A type
 * with no live amenity (none set up, or archived) has no series: its values would be zeros that
 * no amenity stands behind.
 */
export function usageSeriesOf(
  amenities: readonly { type: string; name: string }[],
): readonly UsageSeries[] {
  return USAGE_SERIES.flatMap((series) => {
    const amenity = amenities.find((candidate) => candidate.type === series.key);
    return amenity ? [{ ...series, label: amenity.name }] : [];
  });
}

/** The column of `data` that holds a series' values. */
export const usageColumn = (key: TimelineSeries) =>
  USAGE_SERIES.findIndex((series) => series.key === key) + 1;

/** `data` with only the columns of `shown` kept; the others are all gaps, so no line is drawn. */
export function keepUsageSeries(
  data: UsageChartData,
  shown: readonly UsageSeries[],
): UsageChartData {
  const [xs, ...values] = data.columns;
  const kept = values.map((column, i) => {
    const key = USAGE_SERIES[i]?.key;
    return shown.some((series) => series.key === key) ? column : column.map(() => null);
  });
  const [lawn = [], hall = [], yard = [], lake = []] = kept;
  return { columns: [xs, lawn, hall, yard, lake], times: data.times };
}

/** A series' visits in a bucket; null when its amenity sent no reading (drawn as a break). */
export type UsageValue = number | null;

/**
 * uPlot's column layout: x values in unix seconds, then one column per series in USAGE_SERIES
 * order. `times` keeps the milliseconds for labels.
 */
export type UsageChartData = {
  columns: [number[], UsageValue[], UsageValue[], UsageValue[], UsageValue[]];
  times: number[];
};

/** A series' value in a point: null when the point lists it as a gap (no data, not zero). */
function valueOf(point: UsagePoint, key: TimelineSeries): UsageValue {
  return point.gaps?.includes(key) ? null : point[key];
}

/**
 * Points with an unreadable time are dropped; the rest are put in time order (the server sends
 * them in order, so the sort only runs when needed) and a repeated time keeps its last value.
 * Plain loops: this runs on every refetch, for up to 2,160 points a series.
 */
export function toUsageChartData(points: readonly UsagePoint[]): UsageChartData {
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
  const lawn: UsageValue[] = [];
  const hall: UsageValue[] = [];
  const yard: UsageValue[] = [];
  const lake: UsageValue[] = [];
  for (const { ms, point } of rows) {
    // After sorting, a repeated time is next to its twin: the later point wins.
    const at = times.length - 1;
    if (at >= 0 && times[at] === ms) {
      lawn[at] = valueOf(point, 'lawn');
      hall[at] = valueOf(point, 'hall');
      yard[at] = valueOf(point, 'yard');
      lake[at] = valueOf(point, 'lake');
      continue;
    }
    times.push(ms);
    xs.push(ms / 1000);
    lawn.push(valueOf(point, 'lawn'));
    hall.push(valueOf(point, 'hall'));
    yard.push(valueOf(point, 'yard'));
    lake.push(valueOf(point, 'lake'));
  }
  return { columns: [xs, lawn, hall, yard, lake], times };
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
  const [xs, lawn, hall, yard, lake] = data.columns;
  return {
    columns: [
      xs.slice(0, end),
      lawn.slice(0, end),
      hall.slice(0, end),
      yard.slice(0, end),
      lake.slice(0, end),
    ],
    times: data.times.slice(0, end),
  };
}
