import { describe, expect, it } from 'vitest';
import {
  formatUsageTime,
  keepUsageSeries,
  partialBucketIndex,
  readoutIndex,
  sliceUsageChartData,
  toUsageChartData,
  USAGE_SERIES,
  usageColumn,
  usageSeriesOf,
} from '../../src/lib/usage-chart';
import { describeUsagePeriod } from '../../src/lib/usage-period';
import { timelineFixture } from '../../mocks/fixtures';

const point = (time: string, base: number) => ({
  time,
  lawn: base,
  hall: base + 1,
  yard: base + 2,
  lake: base + 3,
});

describe('toUsageChartData', () => {
  it('lays the points out as uPlot columns: unix seconds, then lawn, hall, yard, lake', () => {
    const data = toUsageChartData([
      point('2026-11-22T10:00:00Z', 10),
      point('2026-11-22T11:00:00Z', 20),
    ]);
    const t0 = Date.parse('2026-11-22T10:00:00Z');
    expect(data.times).toEqual([t0, t0 + 3_600_000]);
    expect(data.columns).toEqual([
      [t0 / 1000, t0 / 1000 + 3600],
      [10, 20],
      [11, 21],
      [12, 22],
      [13, 23],
    ]);
  });

  it('draws a bucket without readings as a break (null), a counted zero as 0', () => {
    const data = toUsageChartData([
      point('2026-11-22T10:00:00Z', 0),
      { ...point('2026-11-22T11:00:00Z', 0), gaps: ['lake', 'grand-lake'] },
      { ...point('2026-11-22T12:00:00Z', 5), gaps: ['lawn', 'hall', 'yard', 'lake'] },
    ]);
    expect(data.columns.slice(1)).toEqual([
      [0, 0, null],
      [1, 1, null],
      [2, 2, null],
      [3, null, null],
    ]);
    // The gap survives the cut of an unfinished bucket.
    expect(sliceUsageChartData(data, 2).columns[4]).toEqual([3, null]);
  });

  it('follows the spec order and colours of the series', () => {
    expect(USAGE_SERIES.map((s) => [s.key, s.color])).toEqual([
      ['lawn', '#16a34a'],
      ['hall', '#9333ea'],
      ['yard', '#d97706'],
      ['lake', '#2563eb'],
    ]);
  });

  it("names a series after the community's first live amenity of its type, and drops a type it has none of", () => {
    const series = usageSeriesOf([
      { type: 'hall', name: 'Solis Hall' },
      { type: 'lawn', name: 'Central Green' },
      { type: 'lawn', name: 'North Lawn' },
      { type: 'playground', name: 'Sunny Playground' },
    ]);
    expect(series.map((s) => [s.key, s.label, s.color])).toEqual([
      ['lawn', 'Central Green', '#16a34a'],
      ['hall', 'Solis Hall', '#9333ea'],
    ]);
    expect(usageSeriesOf([])).toEqual([]);
  });

  it('keeps only the shown series: the others become gaps, drawn as no line', () => {
    const data = toUsageChartData([
      point('2026-11-22T10:00:00Z', 1),
      point('2026-11-22T11:00:00Z', 5),
    ]);
    const shown = usageSeriesOf([{ type: 'yard', name: 'The Yard' }]);
    const kept = keepUsageSeries(data, shown);
    expect(kept.times).toEqual(data.times);
    expect(kept.columns[0]).toEqual(data.columns[0]);
    expect(kept.columns[usageColumn('yard')]).toEqual([3, 7]);
    for (const key of ['lawn', 'hall', 'lake'] as const) {
      expect(kept.columns[usageColumn(key)]).toEqual([null, null]);
    }
  });

  it('sorts points that arrive out of order', () => {
    const data = toUsageChartData([
      point('2026-11-22T12:00:00Z', 3),
      point('2026-11-22T10:00:00Z', 1),
      point('2026-11-22T11:00:00Z', 2),
    ]);
    expect(data.columns[1]).toEqual([1, 2, 3]);
    expect(data.times).toEqual([...data.times].sort((a, b) => a - b));
  });

  it('drops points whose time cannot be read and keeps the last of a repeated time', () => {
    const data = toUsageChartData([
      point('not a time', 99),
      point('2026-11-22T10:00:00Z', 1),
      point('2026-11-22T10:00:00Z', 5),
    ]);
    expect(data.times).toHaveLength(1);
    expect(data.columns.map((column) => column[0])).toEqual([
      Date.parse('2026-11-22T10:00:00Z') / 1000,
      5,
      6,
      7,
      8,
    ]);
  });

  it('gives empty columns for no points', () => {
    expect(toUsageChartData([])).toEqual({ times: [], columns: [[], [], [], [], []] });
  });

  it('handles 90 days hourly (4 x 2,160 points) with every column the same length', () => {
    const start = Date.parse('2026-08-24T00:00:00Z');
    const points = Array.from({ length: 2160 }, (_, i) =>
      point(new Date(start + i * 3_600_000).toISOString(), i % 50),
    );
    const data = toUsageChartData(points);
    expect(data.columns.map((column) => column.length)).toEqual([2160, 2160, 2160, 2160, 2160]);
  });

  it('shapes the demo timeline of every period', () => {
    expect(toUsageChartData(timelineFixture('day')).times).toHaveLength(24);
    expect(toUsageChartData(timelineFixture('week')).times).toHaveLength(7);
    expect(toUsageChartData(timelineFixture('month', 90)).times).toHaveLength(90);
  });
});

describe('usage chart labels', () => {
  const at = Date.parse('2026-11-22T18:00:00Z');

  it('labels hours in the daily view and dates otherwise, in the community time zone', () => {
    expect(formatUsageTime(at, 'day', 'short', 'America/Los_Angeles')).toBe('10 AM');
    expect(formatUsageTime(at, 'day', 'short', 'America/New_York')).toBe('1 PM');
    expect(formatUsageTime(at, 'day', 'long', 'America/Los_Angeles')).toBe('Sun 10:00 AM');
    expect(formatUsageTime(at, 'week', 'short', 'America/Los_Angeles')).toBe('Nov 22');
    expect(formatUsageTime(at, 'month', 'long', 'America/Los_Angeles')).toBe('Sun, Nov 22');
  });

  it('describes what each period covers, the monthly view by the date range', () => {
    expect(describeUsagePeriod('day', 30)).toBe('Visitors per hour, last 24 hours');
    expect(describeUsagePeriod('week', 90)).toBe('Visitors per day, last 7 days');
    expect(describeUsagePeriod('month', 90)).toBe('Visitors per day, last 90 days');
    expect(describeUsagePeriod('month', 7)).toBe('Visitors per day, last 30 days');
  });

  it('reads out the hovered point, else the latest one', () => {
    expect(readoutIndex(3, 10)).toBe(3);
    expect(readoutIndex(null, 10)).toBe(9);
    expect(readoutIndex(12, 10)).toBe(9);
    expect(readoutIndex(null, 0)).toBeNull();
  });
});

describe('partialBucketIndex', () => {
  const hour = 3_600_000;
  const times = [0, hour, 2 * hour];

  it('marks the last hour as partial while it is still running', () => {
    expect(partialBucketIndex(times, 'day', 2 * hour + 20 * 60_000)).toBe(2);
    expect(partialBucketIndex(times, 'day', 3 * hour)).toBeNull();
  });

  it('uses whole days for the weekly and monthly views', () => {
    const days = [0, 24 * hour];
    expect(partialBucketIndex(days, 'week', 30 * hour)).toBe(1);
    expect(partialBucketIndex(days, 'month', 48 * hour)).toBeNull();
    expect(partialBucketIndex([], 'day', 0)).toBeNull();
  });

  it('slices the chart data before the partial point', () => {
    const data = toUsageChartData([
      { time: '2026-03-18T10:00:00Z', lawn: 1, hall: 2, yard: 3, lake: 4 },
      { time: '2026-03-18T11:00:00Z', lawn: 5, hall: 6, yard: 7, lake: 8 },
    ]);
    const sliced = sliceUsageChartData(data, 1);
    expect(sliced.times).toEqual([Date.parse('2026-03-18T10:00:00Z')]);
    expect(sliced.columns.map((column) => column.length)).toEqual([1, 1, 1, 1, 1]);
    expect(sliced.columns[1]).toEqual([1]);
  });
});
