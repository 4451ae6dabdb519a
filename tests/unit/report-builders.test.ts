import { describe, expect, it } from 'vitest';
import type { UsagePoint } from '../../src/api/contract';
import {
  capacityRows,
  eventCsv,
  summarizeEvents,
  summarizeFinancials,
  summarizeUsage,
} from '../../src/features/reports/report-builders';
import { amenitiesFixture, analysisFixture } from '../../mocks/fixtures';

const SERIES = [
  { key: 'lawn', label: 'The Great Lawn' },
  { key: 'hall', label: 'Solis Hall' },
  { key: 'yard', label: 'The Yard' },
  { key: 'lake', label: 'Grand Lake' },
] as const;

const POINTS: UsagePoint[] = [
  { time: '2026-11-20T08:00:00Z', lawn: 100, hall: 50, yard: 30, lake: 20 },
  { time: '2026-11-21T08:00:00Z', lawn: 300, hall: 10, yard: 10, lake: 80 },
  { time: '2026-11-22T08:00:00Z', lawn: 200, hall: 40, yard: 20, lake: 40 },
];

describe('summarizeUsage', () => {
  const usage = summarizeUsage(POINTS, SERIES);

  it('adds up visits per amenity, busiest first, with shares and daily averages', () => {
    expect(usage.totalVisits).toBe(900);
    expect(usage.days).toBe(3);
    expect(usage.dailyAverage).toBe(300);
    expect(usage.perAmenity.map((row) => [row.name, row.visits])).toEqual([
      ['The Great Lawn', 600],
      ['Grand Lake', 140],
      ['Solis Hall', 100],
      ['The Yard', 60],
    ]);
    expect(usage.perAmenity[0]?.share).toBeCloseTo(66.67, 2);
    expect(usage.perAmenity[0]?.dailyAverage).toBe(200);
  });

  it('finds the busiest day and the covered range', () => {
    expect(usage.busiestDay).toEqual({ time: '2026-11-21T08:00:00Z', visits: 400 });
    expect(usage.from).toBe('2026-11-20T08:00:00Z');
    expect(usage.to).toBe('2026-11-22T08:00:00Z');
  });

  it('gives zeros, not NaN, for an empty timeline', () => {
    const empty = summarizeUsage([], SERIES);
    expect(empty.totalVisits).toBe(0);
    expect(empty.dailyAverage).toBe(0);
    expect(empty.busiestDay).toBeNull();
    expect(empty.perAmenity.every((row) => row.share === 0)).toBe(true);
  });
});

describe('capacityRows', () => {
  it('computes peak and current use against capacity, busiest peak first', () => {
    const rows = capacityRows(amenitiesFixture);
    expect(rows).toHaveLength(amenitiesFixture.length);
    const lawn = rows.find((row) => row.id === 'great-lawn');
    expect(lawn).toMatchObject({ peakUsers: 186, capacity: 200, peakUse: 93, inUseNow: 71 });
    expect(rows[0]?.id).toBe('great-lawn');
    const peaks = rows.map((row) => row.peakUse);
    expect(peaks).toEqual([...peaks].sort((a, b) => b - a));
  });

  it('treats unknown statuses as closed', () => {
    const first = amenitiesFixture[0];
    if (!first) throw new Error('the fixture has amenities');
    const [row] = capacityRows([{ ...first, status: 'under repair' }]);
    expect(row?.status).toBe('closed');
  });
});

describe('summarizeFinancials', () => {
  const usage = summarizeUsage(POINTS, SERIES);
  const popularity = [
    { name: 'The Great Lawn', percentage: 60, color: '#000' },
    { name: 'Heritage Tree Area', percentage: 20, color: '#000' },
    { name: 'Solis Hall', percentage: 20, color: '#000' },
  ];

  it('shares the monthly value out by share of visits', () => {
    const summary = summarizeFinancials({
      monthlyValue: 10_000,
      popularity,
      usage,
      periodDays: 30,
      platformMonthlyCost: 299,
    });
    expect(summary.perAmenity.map((row) => [row.name, row.monthlyValue])).toEqual([
      ['The Great Lawn', 6000],
      ['Heritage Tree Area', 2000],
      ['Solis Hall', 2000],
    ]);
  });

  it('gives value per visit only where the timeline counts visits, scaled to 30 days', () => {
    const summary = summarizeFinancials({
      monthlyValue: 10_000,
      popularity,
      usage,
      periodDays: 30,
      platformMonthlyCost: 299,
    });
    const lawn = summary.perAmenity.find((row) => row.name === 'The Great Lawn');
    // 600 visits in 3 days -> 6000 visits in 30 days; 6000 of value / 6000 visits.
    expect(lawn?.monthlyVisits).toBe(6000);
    expect(lawn?.valuePerVisit).toBe(1);
    expect(summary.perAmenity.find((row) => row.name === 'Heritage Tree Area')?.valuePerVisit).toBe(
      null,
    );
    expect(summary.trackedMonthlyVisits).toBe(9000);
    expect(summary.platformCostPerVisit).toBeCloseTo(299 / 9000, 6);
    expect(summary.periodValue).toBe(1000); // 3 days of a 10,000 month
  });

  it('normalises shares that do not add up to 100', () => {
    const summary = summarizeFinancials({
      monthlyValue: 900,
      popularity: [
        { name: 'A', percentage: 10, color: '#000' },
        { name: 'B', percentage: 20, color: '#000' },
      ],
      usage: null,
      periodDays: 90,
      platformMonthlyCost: 299,
    });
    expect(summary.perAmenity.map((row) => row.monthlyValue)).toEqual([600, 300]);
    expect(summary.periodValue).toBe(2700);
    expect(summary.platformCostPerVisit).toBeNull();
  });

  it('leaves value per amenity empty without popularity data', () => {
    const summary = summarizeFinancials({
      monthlyValue: 900,
      popularity: null,
      usage,
      periodDays: 30,
      platformMonthlyCost: 299,
    });
    expect(summary.perAmenity).toEqual([]);
  });
});

describe('summarizeEvents', () => {
  it('keeps the last months of the period and weights attendance by events', () => {
    const summary = summarizeEvents(analysisFixture, 3);
    expect(summary.months.map((month) => month.month)).toEqual(['Sep', 'Oct', 'Nov']);
    expect(summary.totalEvents).toBe(5 + 9 + 6);
    expect(summary.avgAttendance).toBeCloseTo((5 * 76 + 9 * 112 + 6 * 91) / 20, 6);
    expect(summary.categories[0]?.category).toBe('recreational');
    expect(summary.amenities[0]?.amenity).toBe('Market Street Promenade');
  });

  it('has no average attendance when there were no events', () => {
    const summary = summarizeEvents({ ...analysisFixture, monthlyTrends: [] }, 1);
    expect(summary.totalEvents).toBe(0);
    expect(summary.avgAttendance).toBeNull();
  });
});

describe('eventCsv', () => {
  it('writes the three lists under one header, each row tagged with its section', () => {
    const csv = eventCsv(summarizeEvents(analysisFixture, 1));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Name,Events,Average attendance,Average success (%)');
    expect(lines[1]).toBe('Monthly trend,Nov,6,91,');
    expect(lines).toContain('Category,recreational,14,,91');
    expect(lines).toContain('Amenity,The Great Lawn,16,126,');
    expect(lines).toHaveLength(
      1 +
        1 +
        analysisFixture.popularCategories.length +
        analysisFixture.bestPerformingAmenities.length,
    );
  });

  it('escapes names a spreadsheet would run', () => {
    const csv = eventCsv(
      summarizeEvents(
        {
          ...analysisFixture,
          bestPerformingAmenities: [{ amenity: '=1+1, "Hall"', eventCount: 1, avgAttendance: 2 }],
        },
        1,
      ),
    );
    expect(csv).toContain(`Amenity,"'=1+1, ""Hall""",1,2,`);
  });
});
