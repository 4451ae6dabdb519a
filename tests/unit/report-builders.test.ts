import { describe, expect, it } from 'vitest';
import { AmenityAnalyticsListSchema, type UsagePoint } from '../../src/api/contract';
import { calendarPeriod } from '../../src/features/reports/calendar';
import {
  capacityRows,
  datedTrends,
  eventCsv,
  pointDate,
  summarizeCosts,
  summarizeEvents,
  summarizeUsage,
  type VisitColumn,
} from '../../src/features/reports/report-builders';
import { amenitiesFixture, analysisFixture } from '../../mocks/fixtures';

const PACIFIC = 'America/Los_Angeles';
/** Mon Nov 23 2026, 1 AM in Pacific time: "Last Month" is October 2026 (31 days). */
const NOW = Date.parse('2026-11-23T09:00:00Z');
const OCTOBER = calendarPeriod('month', NOW, PACIFIC);

/** A daily point at Pacific midnight of `date` (PDT, -7 h, in October). */
function day(date: string, lawn: number, hall: number, extra: Record<string, number> = {}) {
  return {
    time: new Date(Date.parse(`${date}T07:00:00Z`)).toISOString(),
    lawn,
    hall,
    yard: 0,
    lake: 0,
    amenities: { 'great-lawn': lawn, 'solis-hall': hall, ...extra },
  } satisfies UsagePoint;
}

const COLUMNS: VisitColumn[] = [
  { id: 'great-lawn', label: 'The Great Lawn', value: (p) => p.amenities?.['great-lawn'] ?? 0 },
  { id: 'solis-hall', label: 'Solis Hall', value: (p) => p.amenities?.['solis-hall'] ?? 0 },
  {
    id: 'market-street',
    label: 'Market Street',
    value: (p) => p.amenities?.['market-street'] ?? 0,
  },
];

describe('pointDate', () => {
  it('names the local day of a point that starts at local midnight, also from other zones', () => {
    const point = day('2026-10-05', 1, 1);
    expect(pointDate(point, PACIFIC)).toBe('2026-10-05');
    expect(pointDate(point, 'America/New_York')).toBe('2026-10-05');
    expect(pointDate(point, 'Pacific/Honolulu')).toBe('2026-10-05');
  });
});

describe('summarizeUsage over a calendar period', () => {
  // Sep 30 and Nov 1 lie outside October; Oct 1-28 hold no visits (no sensors yet).
  const points: UsagePoint[] = [
    day('2026-09-30', 999, 999),
    ...Array.from({ length: 28 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, 0, 0)),
    day('2026-10-29', 100, 50, { 'market-street': 10 }),
    day('2026-10-30', 300, 0, { 'market-street': 20 }),
    day('2026-10-31', 200, 10, { 'market-street': 10 }),
    day('2026-11-01', 999, 999),
  ];
  const usage = summarizeUsage(points, COLUMNS, OCTOBER, PACIFIC);

  it('counts only the days of the period, every amenity', () => {
    // 100+300+200 + 50+0+10 + 10+20+10 = 700
    expect(usage.totalVisits).toBe(700);
    expect(usage.perAmenity.map((row) => [row.id, row.visits])).toEqual([
      ['great-lawn', 600],
      ['solis-hall', 60],
      ['market-street', 40],
    ]);
  });

  it('states the coverage and averages over covered days only', () => {
    expect(usage.coverage).toEqual({
      from: '2026-10-29',
      to: '2026-10-31',
      days: 3,
      partial: true,
    });
    expect(usage.dailyAverage).toBeCloseTo(700 / 3, 10);
    expect(usage.perAmenity[0]?.dailyAverage).toBe(200);
    expect(usage.points).toHaveLength(3);
  });

  it('has one share: each amenity against all visits of the report', () => {
    expect(usage.perAmenity.map((row) => row.share)).toEqual([
      (600 / 700) * 100,
      (60 / 700) * 100,
      (40 / 700) * 100,
    ]);
    expect(usage.perAmenity.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(100, 10);
  });

  it('finds the busiest day of the period', () => {
    expect(usage.busiestDay).toEqual({ date: '2026-10-30', visits: 320 });
  });

  it('a whole month of data is not partial', () => {
    const full = Array.from({ length: 31 }, (_, i) =>
      day(`2026-10-${String(i + 1).padStart(2, '0')}`, 1, 1),
    );
    const summary = summarizeUsage(full, COLUMNS, OCTOBER, PACIFIC);
    expect(summary.coverage).toMatchObject({ days: 31, partial: false });
    expect(summary.dailyAverage).toBe(2);
  });

  it('gives zeros, not NaN, and no coverage when nothing was recorded', () => {
    const empty = summarizeUsage([], COLUMNS, OCTOBER, PACIFIC);
    expect(empty.coverage).toBeNull();
    expect(empty.totalVisits).toBe(0);
    expect(empty.dailyAverage).toBe(0);
    expect(empty.busiestDay).toBeNull();
    expect(empty.perAmenity.every((row) => row.share === 0)).toBe(true);
  });
});

describe('summarizeCosts', () => {
  const full = Array.from({ length: 31 }, (_, i) =>
    day(`2026-10-${String(i + 1).padStart(2, '0')}`, 100, 40, { 'market-street': 5 }),
  );
  const usage = summarizeUsage(full, COLUMNS, OCTOBER, PACIFIC);
  const costs = new Map<string, number | undefined>([
    ['great-lawn', 4200],
    ['solis-hall', 6800],
  ]);
  const summary = summarizeCosts(usage, costs);

  it('divides each amenity’s monthly cost by its visits in the month', () => {
    // Lawn: 31 × 100 = 3,100 visits; $4,200 / 3,100 = $1.3548…
    const lawn = summary.perAmenity.find((row) => row.id === 'great-lawn');
    expect(lawn).toMatchObject({ visits: 3100, monthlyCost: 4200, periodCost: 4200 });
    expect(lawn?.costPerVisit).toBeCloseTo(4200 / 3100, 10);
    // Hall: 31 × 40 = 1,240 visits; $6,800 / 1,240 = $5.4838…
    const hall = summary.perAmenity.find((row) => row.id === 'solis-hall');
    expect(hall?.costPerVisit).toBeCloseTo(6800 / 1240, 10);
  });

  it('gives amenities of different costs different costs per visit', () => {
    const perVisit = summary.perAmenity.map((row) => row.costPerVisit);
    expect(new Set(perVisit).size).toBe(perVisit.length);
  });

  it('says "not entered" for an amenity without a cost and leaves it out of the totals', () => {
    const street = summary.perAmenity.find((row) => row.id === 'market-street');
    expect(street).toMatchObject({ monthlyCost: null, periodCost: null, costPerVisit: null });
    expect(summary.notEntered).toEqual(['Market Street']);
    expect(summary.totalCost).toBe(4200 + 6800);
    expect(summary.costedVisits).toBe(3100 + 1240);
    expect(summary.costPerVisit).toBeCloseTo(11000 / 4340, 10);
  });

  it('counts a part month by its share of days', () => {
    // Oct 17-31: 15 of October's 31 days -> the lawn's cost is 4200 × 15/31.
    const half = full.slice(16);
    const part = summarizeCosts(summarizeUsage(half, COLUMNS, OCTOBER, PACIFIC), costs);
    expect(part.months).toBeCloseTo(15 / 31, 10);
    const lawn = part.perAmenity.find((row) => row.id === 'great-lawn');
    expect(lawn?.periodCost).toBeCloseTo((4200 * 15) / 31, 10);
    expect(lawn?.costPerVisit).toBeCloseTo((4200 * 15) / 31 / 1500, 10);
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
    const [row] = capacityRows(
      AmenityAnalyticsListSchema.parse([{ ...first, status: 'under repair' }]),
    );
    expect(row?.status).toBe('closed');
  });
});

describe('datedTrends', () => {
  it('dates Amy’s months back from the newest, which is the current month', () => {
    const months = datedTrends(analysisFixture, '2026-11-23');
    expect(months.map((month) => month.label)).toEqual([
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
  });

  it('walks back to the newest month of that name when the analysis is older', () => {
    const months = datedTrends(analysisFixture, '2027-01-10');
    expect(months.at(-1)?.label).toBe('Nov 2026');
  });
});

describe('summarizeEvents', () => {
  it('keeps the months of the period only and weights attendance by events', () => {
    // Last Quarter seen from Nov 23, 2026 is Jul-Sep 2026: 8, 7 and 5 events.
    const quarter = calendarPeriod('quarter', NOW, PACIFIC);
    const summary = summarizeEvents(analysisFixture, quarter, '2026-11-23');
    expect(summary.months.map((month) => month.label)).toEqual([
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
    ]);
    expect(summary.totalEvents).toBe(8 + 7 + 5);
    expect(summary.avgAttendance).toBeCloseTo((8 * 104 + 7 * 97 + 5 * 76) / 20, 6);
    expect(summary.categories[0]?.category).toBe('recreational');
    expect(summary.amenities[0]?.amenity).toBe('Market Street Promenade');
  });

  it('leaves out the current, unfinished month', () => {
    const summary = summarizeEvents(analysisFixture, OCTOBER, '2026-11-23');
    expect(summary.months.map((month) => month.label)).toEqual(['Oct 2026']);
    expect(summary.totalEvents).toBe(9);
  });

  it('has no average attendance when there were no events', () => {
    const summary = summarizeEvents(
      { ...analysisFixture, monthlyTrends: [] },
      OCTOBER,
      '2026-11-23',
    );
    expect(summary.totalEvents).toBe(0);
    expect(summary.avgAttendance).toBeNull();
  });
});

describe('eventCsv', () => {
  it('writes the three lists under one header, each row tagged with its section', () => {
    const csv = eventCsv(summarizeEvents(analysisFixture, OCTOBER, '2026-11-23'));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Name,Events,Average attendance,Average success (%)');
    expect(lines[1]).toBe('Monthly trend,Oct 2026,9,112,');
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
        OCTOBER,
        '2026-11-23',
      ),
    );
    expect(csv).toContain(`Amenity,"'=1+1, ""Hall""",1,2,`);
  });
});
