import { describe, expect, it } from 'vitest';
import {
  formatUsageTime,
  partialBucketIndex,
  readoutIndex,
  shownUsageLines,
  sliceUsageChartData,
  toggleUsageLine,
  toUsageChartData,
  USAGE_LINES,
  USAGE_SERIES,
  usageLinesOf,
  type ChartAmenity,
  type UsageLine,
  type UsageLineChoices,
} from '../../src/lib/usage-chart';
import type { UsagePoint } from '../../src/api/contract';
import { describeUsagePeriod } from '../../src/lib/usage-period';
import { amenitiesFixture, timelineFixture } from '../../mocks/fixtures';

/** The spec's four series, as the demo and the benches draw them. */
const shapeFour = (points: readonly UsagePoint[]) => toUsageChartData(points, USAGE_LINES);

const point = (time: string, base: number) => ({
  time,
  lawn: base,
  hall: base + 1,
  yard: base + 2,
  lake: base + 3,
});

describe('toUsageChartData', () => {
  it('lays the points out as uPlot columns: unix seconds, then lawn, hall, yard, lake', () => {
    const data = shapeFour([point('2026-11-22T10:00:00Z', 10), point('2026-11-22T11:00:00Z', 20)]);
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
    const data = shapeFour([
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

  it('sorts points that arrive out of order', () => {
    const data = shapeFour([
      point('2026-11-22T12:00:00Z', 3),
      point('2026-11-22T10:00:00Z', 1),
      point('2026-11-22T11:00:00Z', 2),
    ]);
    expect(data.columns[1]).toEqual([1, 2, 3]);
    expect(data.times).toEqual([...data.times].sort((a, b) => a - b));
  });

  it('drops points whose time cannot be read and keeps the last of a repeated time', () => {
    const data = shapeFour([
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
    expect(shapeFour([])).toEqual({ times: [], columns: [[], [], [], [], []] });
  });

  it('handles 90 days hourly (4 x 2,160 points) with every column the same length', () => {
    const start = Date.parse('2026-08-24T00:00:00Z');
    const points = Array.from({ length: 2160 }, (_, i) =>
      point(new Date(start + i * 3_600_000).toISOString(), i % 50),
    );
    const data = shapeFour(points);
    expect(data.columns.map((column) => column.length)).toEqual([2160, 2160, 2160, 2160, 2160]);
  });

  it('shapes the demo timeline of every period', () => {
    expect(shapeFour(timelineFixture('day')).times).toHaveLength(24);
    expect(shapeFour(timelineFixture('week')).times).toHaveLength(7);
    expect(shapeFour(timelineFixture('month', 90)).times).toHaveLength(90);
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
    const data = shapeFour([
      { time: '2026-03-18T10:00:00Z', lawn: 1, hall: 2, yard: 3, lake: 4 },
      { time: '2026-03-18T11:00:00Z', lawn: 5, hall: 6, yard: 7, lake: 8 },
    ]);
    const sliced = sliceUsageChartData(data, 1);
    expect(sliced.times).toEqual([Date.parse('2026-03-18T10:00:00Z')]);
    expect(sliced.columns.map((column) => column.length)).toEqual([1, 1, 1, 1, 1]);
    expect(sliced.columns[1]).toEqual([1]);
  });
});

const amenity = (id: string, type: string, color = '#000000'): ChartAmenity => ({
  id,
  type,
  name: `${id} name`,
  color,
});

describe('usageLinesOf', () => {
  const at = (hour: number) => `2026-11-22T${String(hour).padStart(2, '0')}:00:00Z`;
  const withAmenities = (hour: number, amenities: Record<string, number>, gaps?: string[]) => ({
    ...point(at(hour), hour),
    amenities,
    ...(gaps ? { gaps } : {}),
  });
  const summary = (lines: readonly UsageLine[]) =>
    lines.map((line) => [line.key, line.label, line.color, line.series ?? null, line.byDefault]);

  it('draws the first live amenity of each of the four types by default, in the spec colours, then offers every other amenity the points carry in its own', () => {
    const lines = usageLinesOf(
      [
        amenity('pool', 'heritage', '#65a30d'),
        amenity('solis-hall', 'hall', '#111111'),
        amenity('central-green', 'lawn', '#222222'),
        amenity('north-lawn', 'lawn', '#333333'),
        amenity('never-counted', 'street', '#444444'),
        amenity('sunny-playground', 'playground', '#db2777'),
      ],
      [withAmenities(10, { pool: 4, 'north-lawn': 2, 'sunny-playground': 7, 'central-green': 9 })],
    );
    expect(summary(lines)).toEqual([
      ['central-green', 'central-green name', '#16a34a', 'lawn', true],
      ['solis-hall', 'solis-hall name', '#9333ea', 'hall', true],
      ['pool', 'pool name', '#65a30d', null, false],
      ['north-lawn', 'north-lawn name', '#333333', null, false],
      ['sunny-playground', 'sunny-playground name', '#db2777', null, false],
    ]);
    expect(shownUsageLines(lines, new Map()).map((line) => line.key)).toEqual([
      'central-green',
      'solis-hall',
    ]);
  });

  it("keeps the demo's chart: its four lines by default, the three other amenities offered", () => {
    const points = timelineFixture('day');
    const lines = usageLinesOf(amenitiesFixture, points);
    expect(summary(lines)).toEqual([
      ['great-lawn', 'The Great Lawn', '#16a34a', 'lawn', true],
      ['solis-hall', 'Solis Hall', '#9333ea', 'hall', true],
      ['the-yard', 'The Yard', '#d97706', 'yard', true],
      ['grand-lake', 'Grand Lake', '#2563eb', 'lake', true],
      ['heritage-tree', 'Heritage Tree Area', '#65a30d', null, false],
      ['market-street', 'Market Street Promenade', '#0891b2', null, false],
      ['sunny-playground', 'Sunny Side Playground', '#db2777', null, false],
    ]);
    const shown = shownUsageLines(lines, new Map());
    expect(toUsageChartData(points, shown)).toEqual(shapeFour(points));
  });

  it('shows the first four amenities of a community with none of the four types', () => {
    const ids = ['pool', 'playground', 'tree', 'street', 'market'];
    const lines = usageLinesOf(
      ids.map((id) => amenity(id, 'playground')),
      [withAmenities(10, Object.fromEntries(ids.map((id, i) => [id, i])))],
    );
    expect(shownUsageLines(lines, new Map()).map((line) => line.key)).toEqual(ids.slice(0, 4));
    expect(lines.map((line) => line.key)).toEqual(ids);
  });

  it('offers no other amenity when the points do not carry them (an older server or snapshot)', () => {
    const amenities = [amenity('great-lawn', 'lawn'), amenity('pool', 'playground')];
    expect(usageLinesOf(amenities, [point(at(10), 1)]).map((line) => line.key)).toEqual([
      'great-lawn',
    ]);
    expect(usageLinesOf([amenity('pool', 'playground')], [point(at(10), 1)])).toEqual([]);
    expect(usageLinesOf([], [withAmenities(10, { pool: 1 })])).toEqual([]);
  });

  it("reads an added amenity's line from its visits by id: a gap is a break, never zero", () => {
    const points = [
      withAmenities(10, { 'great-lawn': 10, pool: 4, tree: 1 }),
      withAmenities(11, { 'great-lawn': 0, pool: 0, tree: 2 }, ['pool', 'lawn']),
      // A point without the visits by id (saved by an older version) breaks the line too.
      point(at(12), 12),
      withAmenities(13, { 'great-lawn': 13, pool: 0, tree: 3 }),
    ];
    const lines = usageLinesOf(
      [amenity('great-lawn', 'lawn'), amenity('pool', 'playground'), amenity('tree', 'heritage')],
      points,
    );
    const choices = toggleUsageLine(lines, new Map(), 'pool');
    const shown = shownUsageLines(lines, choices);
    expect(shown.map((line) => line.key)).toEqual(['great-lawn', 'pool']);
    const data = toUsageChartData(points, shown);
    expect(data.columns.slice(1)).toEqual([
      // The lawn's series comes from its type field, as before.
      [10, null, 12, 13],
      [4, null, null, 0],
    ]);
    expect(sliceUsageChartData(data, 3).columns).toEqual([
      data.columns[0]?.slice(0, 3),
      [10, null, 12],
      [4, null, null],
    ]);
  });

  it('keeps the last point of a repeated time in every column, added ones included', () => {
    const pool: UsageLine = { key: 'pool', label: 'Pool', color: '#000', byDefault: false };
    const data = toUsageChartData(
      [
        { ...point(at(11), 1), amenities: { pool: 1 } },
        { ...point(at(10), 2), amenities: { pool: 2 } },
        { ...point(at(11), 3), amenities: { pool: 3 } },
      ],
      [...USAGE_LINES, pool],
    );
    expect(data.columns.map((column) => column.length)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(data.columns[5]).toEqual([2, 3]);
    expect(data.columns[1]).toEqual([2, 3]);
  });

  it('shows and hides lines by choice, never the last one', () => {
    const lines = usageLinesOf(
      [amenity('great-lawn', 'lawn'), amenity('pool', 'playground')],
      [{ ...point(at(10), 1), amenities: { 'great-lawn': 1, pool: 2 } }],
    );
    let choices: UsageLineChoices = new Map();
    choices = toggleUsageLine(lines, choices, 'pool');
    expect(shownUsageLines(lines, choices).map((line) => line.key)).toEqual(['great-lawn', 'pool']);
    choices = toggleUsageLine(lines, choices, 'great-lawn');
    expect(shownUsageLines(lines, choices).map((line) => line.key)).toEqual(['pool']);
    const last = toggleUsageLine(lines, choices, 'pool');
    expect(last).toBe(choices);
    // Choices about amenities this community does not have leave its defaults.
    expect(
      shownUsageLines(lines, new Map([['great-lawn', false]])).map((line) => line.key),
    ).toEqual(['great-lawn']);
  });
});
