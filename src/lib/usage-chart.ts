/**
 * The usage timeline as chart data (spec sections 2 and 3): pure shaping, shared by the uPlot
 * chart, its table view and the bench, so what the chart draws and what the table lists agree.
 */

export const USAGE_SERIES_KEYS = ['lawn', 'hall', 'yard', 'lake'] as const;
export type UsageSeriesKey = (typeof USAGE_SERIES_KEYS)[number];

/** Spec section 2 line colours (the same values as --color-lawn etc. in src/index.css). */
export const USAGE_SERIES: readonly { key: UsageSeriesKey; label: string; color: string }[] = [
  { key: 'lawn', label: 'The Great Lawn', color: '#16a34a' },
  { key: 'hall', label: 'Solis Hall', color: '#9333ea' },
  { key: 'yard', label: 'The Yard', color: '#d97706' },
  { key: 'lake', label: 'Grand Lake', color: '#2563eb' },
];

export type UsagePointLike = { time: string } & Record<UsageSeriesKey, number>;

/**
 * uPlot's column layout: x values in unix seconds, then one column per series in USAGE_SERIES
 * order. `times` keeps the milliseconds for labels.
 */
export type UsageChartData = {
  columns: [number[], number[], number[], number[], number[]];
  times: number[];
};

/**
 * Points with an unreadable time are dropped; the rest are put in time order (the server sends
 * them in order, so the sort only runs when needed) and a repeated time keeps its last value.
 * Plain loops: this runs on every refetch, for up to 2,160 points a series.
 */
export function toUsageChartData(points: readonly UsagePointLike[]): UsageChartData {
  const rows: { ms: number; point: UsagePointLike }[] = [];
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
  const lawn: number[] = [];
  const hall: number[] = [];
  const yard: number[] = [];
  const lake: number[] = [];
  for (const { ms, point } of rows) {
    // After sorting, a repeated time is next to its twin: the later point wins.
    const at = times.length - 1;
    if (at >= 0 && times[at] === ms) {
      lawn[at] = point.lawn;
      hall[at] = point.hall;
      yard[at] = point.yard;
      lake[at] = point.lake;
      continue;
    }
    times.push(ms);
    xs.push(ms / 1000);
    lawn.push(point.lawn);
    hall.push(point.hall);
    yard.push(point.yard);
    lake.push(point.lake);
  }
  return { columns: [xs, lawn, hall, yard, lake], times };
}

export type UsagePeriodLike = 'day' | 'week' | 'month';

/** What each period shows (src/api/timeline.ts): hourly today, daily for 7 days or the range. */
export function describeUsagePeriod(period: UsagePeriodLike, days: number): string {
  if (period === 'day') return 'Visitors per hour, last 24 hours';
  if (period === 'week') return 'Visitors per day, last 7 days';
  return `Visitors per day, last ${days} days`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone]);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A point's time as a label: hours for the daily view, dates otherwise. `short` is the axis tick,
 * `long` the hover readout and table cell.
 */
export function formatUsageTime(
  ms: number,
  period: UsagePeriodLike,
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
