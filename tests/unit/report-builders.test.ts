import { describe, expect, it } from 'vitest';
import {
  AmenityAnalyticsListSchema,
  NO_PEAK_DATA,
  type UsageGaps,
  type UsagePoint,
} from '../../src/api/contract';
import { calendarPeriod } from '../../src/features/reports/calendar';
import {
  addedAfter,
  amenityLabel,
  capacityRows,
  datedTrends,
  eventCsv,
  eventMonthsNote,
  eventReportCsv,
  periodCoverage,
  pointDate,
  summarizeCosts,
  summarizeValue,
  summarizeEvents,
  summarizeUsage,
  usageReportCsv,
  type VisitColumn,
} from '../../src/features/reports/report-builders';
import { amenitiesFixture, analysisFixture } from '../../mocks/fixtures';
import { parseCsv } from '../../src/lib/csv';
import { closuresInPeriod } from '../../src/lib/amenity-closures';

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

const H = 3_600_000;
/**
 * October in Pacific time: Oct 1 00:00 PDT to Nov 1 00:00 PST. The clocks fall back at 02:00 on
 * Nov 1, after the month ends, so October is 31 days; Nov 1 00:00 PDT is 07:00Z.
 */
const OCT_FROM = Date.parse('2026-10-01T07:00:00Z');
const OCT_TO = Date.parse('2026-11-01T07:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Gaps over a window around October: each amenity's silences as [from, to] instants, and when
 * it was added for one added after the window's start.
 */
function gapsOf(
  silent: Record<string, [number, number][]>,
  added: Record<string, number> = {},
): UsageGaps {
  return {
    from: iso(OCT_FROM - 30 * 24 * H),
    to: iso(OCT_TO + 20 * 24 * H),
    amenities: COLUMNS.map(({ id, label }) => ({
      id,
      name: label,
      ...(added[id] === undefined ? {} : { addedAt: iso(added[id]) }),
      silent: (silent[id] ?? []).map(([a, b]) => ({ from: iso(a), to: iso(b) })),
    })),
  };
}
const NO_GAPS = periodCoverage(gapsOf({}), OCTOBER, PACIFIC);

describe('summarizeUsage over a calendar period', () => {
  // Sep 30 and Nov 1 lie outside October; until Oct 29 no sensor reported (installed then).
  const points: UsagePoint[] = [
    day('2026-09-30', 999, 999),
    ...Array.from({ length: 28 }, (_, i) => day(`2026-10-${String(i + 1).padStart(2, '0')}`, 0, 0)),
    day('2026-10-29', 100, 50, { 'market-street': 10 }),
    day('2026-10-30', 300, 0, { 'market-street': 20 }),
    day('2026-10-31', 200, 10, { 'market-street': 10 }),
    day('2026-11-01', 999, 999),
  ];
  // Every sensor silent from Oct 1 to Oct 29 00:00; the Market Street one also Oct 30 all day.
  const SENSORS_FROM = Date.parse('2026-10-29T07:00:00Z');
  const coverage = periodCoverage(
    gapsOf({
      'great-lawn': [[OCT_FROM - 5 * H, SENSORS_FROM]],
      'solis-hall': [[OCT_FROM - 5 * H, SENSORS_FROM]],
      'market-street': [
        [OCT_FROM - 5 * H, SENSORS_FROM],
        [SENSORS_FROM + 24 * H, SENSORS_FROM + 48 * H],
      ],
    }),
    OCTOBER,
    PACIFIC,
  );
  const usage = summarizeUsage(points, COLUMNS, OCTOBER, PACIFIC, coverage);

  it('counts only the days of the period, every amenity', () => {
    // 100+300+200 + 50+0+10 + 10+20+10 = 700
    expect(usage.totalVisits).toBe(700);
    expect(usage.perAmenity.map((row) => [row.id, row.visits])).toEqual([
      ['great-lawn', 600],
      ['solis-hall', 60],
      ['market-street', 40],
    ]);
  });

  it('states the coverage from the sensor gaps and averages over covered time only', () => {
    // Every sensor reported on Oct 29 and 31 only: 2 days; Market Street on those 2 days too.
    expect(usage.coverage?.coveredMs).toBe(48 * H);
    expect(usage.coverage?.text).toBe(
      'Data for 2 d of 31 d; Market Street sensor silent Thu 1 Oct 00:00 – Thu 29 Oct 00:00; ' +
        'Solis Hall sensor silent Thu 1 Oct 00:00 – Thu 29 Oct 00:00; ' +
        'The Great Lawn sensor silent Thu 1 Oct 00:00 – Thu 29 Oct 00:00 and 1 more',
    );
    expect(usage.coveredDays).toBe(2);
    // The lawn's own sensor reported 3 days: 600 / 3; the hall's 60 / 3; Market Street's 2 days:
    // 40 / 2. The total's is their sum, not 700 visits over the 2 days all three reported.
    expect(usage.perAmenity.map((row) => [row.id, row.dailyAverage])).toEqual([
      ['great-lawn', 200],
      ['solis-hall', 20],
      ['market-street', 20],
    ]);
    expect(usage.dailyAverage).toBe(240);
    // Every day of the period is in the file; the silent ones read 0 there.
    expect(usage.points).toHaveLength(31);
  });

  it('has one share: each amenity against all visits of the report', () => {
    // 85.71 %, 8.57 %, 5.71 % to one decimal, the spare tenth to the largest remainder.
    expect(usage.perAmenity.map((row) => row.share)).toEqual([85.7, 8.6, 5.7]);
    expect(usage.perAmenity.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(100, 10);
  });

  it('rounds the shares so the column adds up to 100.0 where plain rounding gives 99.9', () => {
    const even = [day('2026-10-30', 1, 1, { 'market-street': 1 })];
    const shares = summarizeUsage(even, COLUMNS, OCTOBER, PACIFIC, NO_GAPS).perAmenity.map(
      (row) => row.share,
    );
    // Plain rounding: 33.3 three times, 99.9 in all.
    expect([...shares].sort()).toEqual([33.3, 33.3, 33.4]);
    expect(shares.reduce((sum, share) => sum + share * 10, 0)).toBe(1000);
  });

  it('finds the busiest day of the period', () => {
    expect(usage.busiestDay).toEqual({ date: '2026-10-30', visits: 320 });
  });

  it('a whole month without a gap is complete (31 d)', () => {
    const full = Array.from({ length: 31 }, (_, i) =>
      day(`2026-10-${String(i + 1).padStart(2, '0')}`, 1, 1),
    );
    const summary = summarizeUsage(full, COLUMNS, OCTOBER, PACIFIC, NO_GAPS);
    expect(summary.coverage).toMatchObject({ complete: true, text: 'Data for all 31 d' });
    expect(summary.dailyAverage).toBe(2);
  });

  it('gives zeros, not NaN, when nothing was recorded, and says so (no average: not known)', () => {
    const all = Object.fromEntries(
      COLUMNS.map((c) => [c.id, [[OCT_FROM, OCT_TO]] as [number, number][]]),
    );
    const empty = summarizeUsage(
      [],
      COLUMNS,
      OCTOBER,
      PACIFIC,
      periodCoverage(gapsOf(all), OCTOBER, PACIFIC),
    );
    expect(empty.hasData).toBe(false);
    expect(empty.coverage?.text).toBe('No data for any of the 31 d: no sensor reported');
    expect(empty.totalVisits).toBe(0);
    // No covered time: the average is not known, not 0.
    expect(empty.dailyAverage).toBeNull();
    expect(empty.perAmenity.every((row) => row.dailyAverage === null)).toBe(true);
    expect(empty.busiestDay).toBeNull();
    expect(empty.perAmenity.every((row) => row.share === 0)).toBe(true);
  });
});

describe('summarizeUsage with one sensor silent most of the period', () => {
  it('gives that amenity no average under a day of data, and the total no more than the others', () => {
    // The hall's sensor reported 2 hours of October (Oct 15 10:00-12:00) and counted 30 visits
    // then; the lawn and Market Street reported all month. Over "every sensor reported" time
    // (2 h) the month's 31 × 14 + 30 visits would read 5,568 a day.
    const points = Array.from({ length: 31 }, (_, i) => {
      const date = `2026-10-${String(i + 1).padStart(2, '0')}`;
      return day(date, 10, date === '2026-10-15' ? 30 : 0, { 'market-street': 4 });
    });
    const hallFrom = Date.parse('2026-10-15T17:00:00Z');
    const usage = summarizeUsage(
      points,
      COLUMNS,
      OCTOBER,
      PACIFIC,
      periodCoverage(
        gapsOf({
          'solis-hall': [
            [OCT_FROM - H, hallFrom],
            [hallFrom + 2 * H, OCT_TO + H],
          ],
        }),
        OCTOBER,
        PACIFIC,
      ),
    );
    expect(usage.coverage?.coveredMs).toBe(2 * H);
    expect(usage.perAmenity.map((row) => [row.id, row.dailyAverage])).toEqual([
      ['great-lawn', 10],
      ['market-street', 4],
      ['solis-hall', null],
    ]);
    expect(usage.dailyAverage).toBe(14);
    expect(usage.totalVisits).toBe(31 * 14 + 30);
  });
});

describe('summarizeUsage without covered time', () => {
  it('leaves an amenity without a sensor out of the daily average (its own null, not 0)', () => {
    // Market Street has no sensor: silent the whole month, so no time had every sensor reporting.
    const full = Array.from({ length: 31 }, (_, i) =>
      day(`2026-10-${String(i + 1).padStart(2, '0')}`, 10, 4),
    );
    const usage = summarizeUsage(
      full,
      COLUMNS,
      OCTOBER,
      PACIFIC,
      periodCoverage(gapsOf({ 'market-street': [[OCT_FROM - H, OCT_TO + H]] }), OCTOBER, PACIFIC),
    );
    expect(usage.coverage?.coveredMs).toBe(0);
    expect(usage.hasData).toBe(true);
    expect(usage.totalVisits).toBe(31 * 14);
    expect(usage.dailyAverage).toBe(14);
    // The amenities whose sensors reported keep their own average; Market Street's is not known.
    expect(usage.perAmenity.map((row) => [row.id, row.dailyAverage])).toEqual([
      ['great-lawn', 10],
      ['solis-hall', 4],
      ['market-street', null],
    ]);
  });
});

describe('summarizeValue', () => {
  const full = Array.from({ length: 31 }, (_, i) =>
    day(`2026-10-${String(i + 1).padStart(2, '0')}`, 100, 40, { 'market-street': 5 }),
  );
  const usage = summarizeUsage(full, COLUMNS, OCTOBER, PACIFIC, NO_GAPS);
  const rates = new Map([
    ['great-lawn', 1],
    ['solis-hall', 3],
  ]);
  const value = summarizeValue(usage, (id) => rates.get(id));

  it("values each amenity's visits in the period at its type's rate, rows adding to the total", () => {
    expect(value.perAmenity.map((row) => [row.id, row.visits, row.rate, row.value])).toEqual([
      ['great-lawn', 3100, 1, 3100],
      ['solis-hall', 1240, 3, 3720],
      // No type known: no value made up, and none in the total.
      ['market-street', 155, null, null],
    ]);
    expect(value.total).toBe(3100 + 3720);
  });

  it('keeps each row to the cent, and the total is their sum', () => {
    const lake = summarizeValue(usage, () => 1.25);
    expect(lake.perAmenity.map((row) => row.value)).toEqual([3875, 1550, 193.75]);
    expect(lake.total).toBe(5618.75);
  });
});

describe('summarizeCosts', () => {
  const full = Array.from({ length: 31 }, (_, i) =>
    day(`2026-10-${String(i + 1).padStart(2, '0')}`, 100, 40, { 'market-street': 5 }),
  );
  const usage = summarizeUsage(full, COLUMNS, OCTOBER, PACIFIC, NO_GAPS);
  const costs = new Map<string, number | undefined>([
    ['great-lawn', 4200],
    ['solis-hall', 6800],
  ]);
  const summary = summarizeCosts(usage, costs);

  it('divides each amenity’s monthly cost by its visits in the month', () => {
    // Lawn: 31 × 100 = 3,100 visits; $4,200 / 3,100 = $1.3548…
    const lawn = summary.perAmenity.find((row) => row.id === 'great-lawn');
    expect(lawn).toMatchObject({
      visits: 3100,
      monthlyCost: 4200,
      monthsCovered: 1,
      periodCost: 4200,
    });
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

  it('counts the cost of the time an amenity’s sensor reported only', () => {
    // The lawn's sensor silent until Oct 17 00:00 (16 of 31 days): its visits were counted
    // over the rest, and so is its cost.
    const half = full.slice(16);
    const silentMs = Date.parse('2026-10-17T07:00:00Z') - OCT_FROM;
    const coverage = periodCoverage(
      gapsOf({ 'great-lawn': [[OCT_FROM, OCT_FROM + silentMs]] }),
      OCTOBER,
      PACIFIC,
    );
    const part = summarizeCosts(summarizeUsage(half, COLUMNS, OCTOBER, PACIFIC, coverage), costs);
    expect(part.months).toBe(1);
    const share = (OCT_TO - OCT_FROM - silentMs) / (OCT_TO - OCT_FROM);
    const lawn = part.perAmenity.find((row) => row.id === 'great-lawn');
    expect(lawn?.monthsCovered).toBeCloseTo(share, 4);
    expect(lawn?.periodCost).toBeCloseTo(4200 * share, 0);
    expect(lawn?.costPerVisit).toBeCloseTo((lawn?.periodCost ?? 0) / 1500, 10);
  });

  it('costs each amenity as its monthly cost × its months covered as shown, to the cent', () => {
    // The lawn's sensor silent Oct 1-16: 360 of October's 744 hours, 0.48387… months, shown as
    // 0.4839; $4,200.00 × 0.4839 = $2,032.38 (not $2,032.258… from the unrounded months), so a
    // reader multiplying the two figures of its row gets the cost of its row.
    const coverage = periodCoverage(
      gapsOf({ 'great-lawn': [[OCT_FROM, Date.parse('2026-10-17T07:00:00Z')]] }),
      OCTOBER,
      PACIFIC,
    );
    const part = summarizeCosts(
      summarizeUsage(full.slice(16), COLUMNS, OCTOBER, PACIFIC, coverage),
      costs,
    );
    const lawn = part.perAmenity.find((row) => row.id === 'great-lawn');
    expect(lawn?.monthsCovered).toBe(0.4839);
    expect(lawn?.periodCost).toBe(2032.38);
    expect(lawn?.costPerVisit).toBe(2032.38 / 1500);
    // The total is the sum of the rows' costs as shown: $2,032.38 + $6,800.00.
    expect(part.totalCost).toBe(8832.38);
    expect(part.costPerVisit).toBe(8832.38 / (1500 + 600));
  });
});

describe('an amenity added during the period', () => {
  // Market Street added Sat Oct 17 00:00 PDT (07:00Z), its sensor reporting from then on, 5
  // visits a day; the lawn and the hall there all month. Its own period: Oct 17 00:00 to Nov 1
  // 00:00 = 15 d = 360 h of October's 744 h (31 d, no clock change inside it).
  const ADDED = Date.parse('2026-10-17T07:00:00Z');
  const points = Array.from({ length: 31 }, (_, i) =>
    day(`2026-10-${String(i + 1).padStart(2, '0')}`, 100, 40, {
      'market-street': i + 1 >= 17 ? 5 : 0,
    }),
  );
  const coverage = periodCoverage(gapsOf({}, { 'market-street': ADDED }), OCTOBER, PACIFIC);
  const usage = summarizeUsage(points, COLUMNS, OCTOBER, PACIFIC, coverage);
  const street = usage.perAmenity.find((row) => row.id === 'market-street');
  const costs = new Map<string, number | undefined>([
    ['great-lawn', 4200],
    ['market-street', 3100],
  ]);

  it('averages its visits over its own days: 75 visits / 15 d = 5 a day, not 75 / 31', () => {
    // The time before it was added is not a silence: every sensor there reported all month.
    expect(coverage.text).toBe('Data for all 31 d');
    expect(usage.coveredDays).toBe(31);
    expect(street).toMatchObject({ visits: 75, dailyAverage: 5, addedAt: ADDED });
    expect(street?.coveredShare).toBe(360 / 744);
    expect(usage.perAmenity.find((row) => row.id === 'great-lawn')).toMatchObject({
      dailyAverage: 100,
      coveredShare: 1,
      addedAt: null,
    });
  });

  it('charges its cost for the time it was there only: 1 month × 360/744 = 0.4839', () => {
    const summary = summarizeCosts(usage, costs);
    // $3,100.00 × 0.4839 = $1,500.09 (not $3,100.00 for the whole month); per visit ÷ 75.
    const row = summary.perAmenity.find((line) => line.id === 'market-street');
    expect(row).toMatchObject({
      monthsCovered: 0.4839,
      periodCost: 1500.09,
      costPerVisit: 1500.09 / 75,
      addedAt: ADDED,
    });
    // The lawn, there all month: $4,200.00 × 1; the hall has no cost. Total $5,700.09.
    expect(summary.perAmenity.find((line) => line.id === 'great-lawn')?.monthsCovered).toBe(1);
    expect(summary.totalCost).toBe(5700.09);
    expect(summary.costPerVisit).toBe(5700.09 / (3100 + 75));
  });

  it('says when it was added, in its row and in the file, in the community’s zone', () => {
    expect(amenityLabel(street ?? { name: '', addedAt: null }, usage, PACIFIC)).toBe(
      'Market Street (added Sat 17 Oct 00:00)',
    );
    const lawn = usage.perAmenity.find((row) => row.id === 'great-lawn');
    expect(amenityLabel(lawn ?? { name: '', addedAt: null }, usage, PACIFIC)).toBe(
      'The Great Lawn',
    );
    const lines = usageReportCsv(usage, COLUMNS, {
      period: 'month',
      timeZone: PACIFIC,
      now: NOW,
      closures: [],
    }).split('\r\n');
    const at = lines.indexOf('New amenities,Market Street added Sat 17 Oct 00:00');
    expect(at).toBeGreaterThan(lines.indexOf('Period length (hours),744.0'));
    expect(lines[at + 1]).toBe('Closures,none');
    expect(lines[at + 2]).toMatch(/^Time zone,/);
    // Without one, no such line.
    const plain = usageReportCsv(
      summarizeUsage(points, COLUMNS, OCTOBER, PACIFIC, NO_GAPS),
      COLUMNS,
      {
        period: 'month',
        timeZone: PACIFIC,
        now: NOW,
        closures: null,
      },
    );
    expect(plain).not.toContain('New amenities');
    expect(plain).toContain('Closures,not known (the amenity settings were not loaded)');
  });

  it('names the closures of its period in the file, so a quiet week reads as a closed one', () => {
    const closures = closuresInPeriod(
      [
        {
          name: 'Grand Lake',
          closures: [
            { firstDay: '2026-09-20', lastDay: '2026-10-02', reason: 'Dock repairs' },
            { firstDay: '2026-11-01', lastDay: '2026-11-03', reason: 'After the period' },
          ],
        },
        {
          name: 'Solis Hall',
          closures: [{ firstDay: '2026-10-31', lastDay: '2026-10-31', reason: '' }],
        },
        { name: 'The Yard' },
      ],
      OCTOBER.from,
      OCTOBER.to,
    );
    const lines = usageReportCsv(usage, COLUMNS, {
      period: 'month',
      timeZone: PACIFIC,
      now: NOW,
      closures,
    }).split('\r\n');
    expect(lines).toContain(
      'Closures,"Grand Lake closed for Dock repairs, Sun, Sep 20, 2026 – Fri, Oct 2, 2026; Solis Hall closed Sat, Oct 31, 2026"',
    );
  });

  it('leaves its cells empty in the file before it was added, not 0, and sums the others', () => {
    const parsed = parseCsv(
      usageReportCsv(usage, COLUMNS, {
        period: 'month',
        timeZone: PACIFIC,
        now: NOW,
        closures: [],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const rows = parsed.records.map((record) => record.cells);
    const head = rows.findIndex((cells) => cells[0]?.startsWith('Date ('));
    expect(rows[head]).toEqual([
      'Date (Pacific Time (PT))',
      'The Great Lawn',
      'Solis Hall',
      'Market Street',
      'Total',
    ]);
    const byDate = new Map(rows.slice(head + 1).map((cells) => [cells[0], cells.slice(1)]));
    expect(byDate.get('2026-10-01')).toEqual(['100', '40', '', '140']);
    // Oct 16 ends at the instant it was added; Oct 17 starts there and counts its visits.
    expect(byDate.get('2026-10-16')).toEqual(['100', '40', '', '140']);
    expect(byDate.get('2026-10-17')).toEqual(['100', '40', '5', '145']);
    expect(byDate.get('2026-10-31')).toEqual(['100', '40', '5', '145']);
  });

  it('one added after the period has nothing counted: no average, no months, said so', () => {
    const later = Date.parse('2026-11-10T18:00:00Z');
    const after = summarizeUsage(
      points.map((point) => ({
        ...point,
        amenities: { ...point.amenities, 'market-street': 0 },
      })),
      COLUMNS,
      OCTOBER,
      PACIFIC,
      periodCoverage(gapsOf({}, { 'market-street': later }), OCTOBER, PACIFIC),
    );
    const row = after.perAmenity.find((line) => line.id === 'market-street');
    expect(row).toMatchObject({ visits: 0, dailyAverage: null, coveredShare: 0, addedAt: later });
    expect(row && addedAfter(row, after)).toBe(true);
    expect(amenityLabel(row ?? { name: '', addedAt: null }, after, PACIFIC)).toBe(
      'Market Street (added after this period)',
    );
    const cost = summarizeCosts(after, costs).perAmenity.find(
      (line) => line.id === 'market-street',
    );
    expect(cost).toMatchObject({ monthsCovered: 0, periodCost: 0, costPerVisit: null });
    // Its column in the file is empty every day, not a month of 0.
    const lines = usageReportCsv(after, COLUMNS, {
      period: 'month',
      timeZone: PACIFIC,
      now: NOW,
      closures: [],
    }).split('\r\n');
    expect(lines).toContain('New amenities,Market Street added after this period');
    expect(lines).toContain('2026-10-31,100,40,,140');
  });
});

describe('capacityRows', () => {
  it('computes peak and current use against capacity, busiest peak first', () => {
    const rows = capacityRows(amenitiesFixture);
    expect(rows).toHaveLength(amenitiesFixture.length);
    const lawn = rows.find((row) => row.id === 'great-lawn');
    expect(lawn).toMatchObject({ peakUsers: 186, capacity: 200, peakUse: 93, inUseNow: 71 });
    expect(rows[0]?.id).toBe('great-lawn');
    const peaks = rows.map((row) => row.peakUse ?? -1);
    expect(peaks).toEqual([...peaks].sort((a, b) => b - a));
  });

  it('has no peak (null, not 0 or 0%) for an amenity without peak history, listed last', () => {
    const rows = capacityRows(
      amenitiesFixture.map((a) =>
        a.id === 'heritage-tree' ? { ...a, peakTime: NO_PEAK_DATA, peakUsage: 0 } : a,
      ),
    );
    expect(rows.at(-1)).toMatchObject({
      id: 'heritage-tree',
      peakTime: null,
      peakUsers: null,
      capacity: 40,
      peakUse: null,
    });
    expect(rows.find((row) => row.id === 'solis-hall')).toMatchObject({
      peakTime: '7:00 PM - 9:00 PM',
      peakUsers: 104,
      peakUse: 87,
    });
  });

  it('has no current use for an amenity without a live reading, not 0', () => {
    const rows = capacityRows(
      amenitiesFixture.map((a) =>
        a.id === 'great-lawn'
          ? { ...a, currentUsers: 0, live: false, lastReadingAt: '2026-11-26T05:40:00Z' }
          : a,
      ),
    );
    expect(rows.find((row) => row.id === 'great-lawn')).toMatchObject({
      peakUse: 93,
      currentUsers: null,
      inUseNow: null,
    });
    expect(rows.find((row) => row.id === 'solis-hall')).toMatchObject({ inUseNow: 48 });
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

describe('eventMonthsNote', () => {
  it('names the months counted and the period’s months Amy’s analysis does not reach', () => {
    // Last Year seen from Nov 23, 2026: Nov 2025 - Oct 2026; the analysis starts in Jun 2026.
    const year = calendarPeriod('year', NOW, PACIFIC);
    const summary = summarizeEvents(analysisFixture, year, '2026-11-23');
    expect(summary.missing).toEqual([
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
    ]);
    expect(eventMonthsNote(summary, 'year')).toBe(
      'Amy’s events in the months of this period: Jun 2026 – Oct 2026. Nov 2025, Dec 2025, ' +
        'Jan 2026, Feb 2026, Mar 2026, Apr 2026, May 2026 are older than Amy’s last 12 months ' +
        'and not counted.',
    );
  });

  it('says a week is counted as its whole month', () => {
    const week = calendarPeriod('week', NOW, PACIFIC);
    const summary = summarizeEvents(analysisFixture, week, '2026-11-23');
    expect(eventMonthsNote(summary, 'week')).toBe(
      'Amy counts events by month: these figures are for Nov 2026, the month this week is part ' +
        'of, not for the week alone.',
    );
  });

  it('a month inside the analysis needs no warning', () => {
    const summary = summarizeEvents(analysisFixture, OCTOBER, '2026-11-23');
    expect(eventMonthsNote(summary, 'month')).toBe(
      'Amy’s events in the months of this period: Oct 2026.',
    );
  });
});

describe('eventCsv', () => {
  it('writes the three lists under one header, each row tagged with its section and its days', () => {
    const csv = eventCsv(summarizeEvents(analysisFixture, OCTOBER, '2026-11-23'));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Section,Name,From,To,Events (count),Average attendance (people per event),' +
        'Average success (% of planned attendance)',
    );
    // October is over: all its days. Categories and amenities are over Amy's whole analysis,
    // Jun 1 to the day it was made (Nov 23, her newest month so far).
    expect(lines[1]).toBe('Monthly trend,Oct 2026,2026-10-01,2026-10-31,9,112.0,');
    // The category as the report shows it, not the analysis's key ("recreational").
    expect(lines).toContain('Category,Recreational,2026-06-01,2026-11-23,14,,91.0');
    expect(lines).toContain('Amenity,The Great Lawn,2026-06-01,2026-11-23,16,126.0,');
    expect(lines).toHaveLength(
      1 +
        1 +
        analysisFixture.popularCategories.length +
        analysisFixture.bestPerformingAmenities.length,
    );
  });

  it('writes each average with one decimal in every row, and no average without events', () => {
    const csv = eventCsv(
      summarizeEvents(
        {
          ...analysisFixture,
          monthlyTrends: [
            { month: 'Sep', events: 4, avgAttendance: 45.25 },
            { month: 'Oct', events: 0, avgAttendance: 0 },
            { month: 'Nov', events: 2, avgAttendance: 52 },
          ],
          popularCategories: [
            { category: 'wellness', count: 3, avgSuccess: 88 },
            { category: 'community', count: 2, avgSuccess: 91.5 },
          ],
          bestPerformingAmenities: [
            { amenity: 'Solis Hall', eventCount: 3, avgAttendance: 61.3 },
            { amenity: 'Grand Lake', eventCount: 2, avgAttendance: 40 },
          ],
        },
        // Last Year: Nov 2025 - Oct 2026, so Sep and Oct of these months.
        calendarPeriod('year', NOW, PACIFIC),
        '2026-11-23',
      ),
    );
    const rows = csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    const column = (index: number) =>
      rows.map((cells) => cells[index] ?? '').filter((cell) => cell !== '');
    // Events: whole counts; both averages: one decimal, whatever Amy's value looked like.
    expect(column(4).every((cell) => /^\d+$/.test(cell))).toBe(true);
    expect(column(5)).toEqual(['45.3', '61.3', '40.0']);
    expect(column(6)).toEqual(['91.5', '88.0']);
    // October had no events: its average attendance is empty, not 0.
    expect(rows[0]).toEqual([
      'Monthly trend',
      'Sep 2026',
      '2026-09-01',
      '2026-09-30',
      '4',
      '45.3',
      '',
    ]);
    expect(rows).toContainEqual([
      'Monthly trend',
      'Oct 2026',
      '2026-10-01',
      '2026-10-31',
      '0',
      '',
      '',
    ]);
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
    expect(csv).toContain(`Amenity,"'=1+1, ""Hall""",2026-06-01,2026-11-23,1,2.0,`);
  });
});

describe('eventReportCsv', () => {
  const header = (csv: string) => {
    const lines = csv.split('\r\n');
    return lines.slice(0, lines.indexOf(''));
  };

  it('states Amy’s analysis as the source and the days it counts, not the sensors’ coverage', () => {
    const csv = eventReportCsv(summarizeEvents(analysisFixture, OCTOBER, '2026-11-23'), {
      period: 'month',
      calendar: OCTOBER,
      timeZone: PACIFIC,
      now: NOW,
    });
    expect(header(csv)).toEqual([
      'Report,"Event Performance Report, Last Month"',
      'Period,2026-10-01 to 2026-10-31',
      'Source,"Amy’s event analysis (events held and their attendance), not the people counters"',
      'Monthly figures cover,2026-10-01 to 2026-10-31',
      'Months counted,Amy’s events in the months of this period: Oct 2026.',
      'Categories and amenities cover,"2026-06-01 to 2026-11-23 (Nov 2026 so far), Amy’s whole analysis, not only this period"',
      'Time zone,"Pacific Time (PT), America/Los_Angeles"',
      'Generated,"Nov 23, 2026, 1:00 AM PST"',
    ]);
    expect(csv).not.toMatch(/Coverage|Covered|sensor/);
  });

  it('says Last Week’s figures are its month’s, counted up to the day of the analysis', () => {
    // Last Week seen from Mon Nov 23, 2026 is Nov 16-22; Amy counts November, up to Nov 23.
    const week = calendarPeriod('week', NOW, PACIFIC);
    const csv = eventReportCsv(summarizeEvents(analysisFixture, week, '2026-11-23'), {
      period: 'week',
      calendar: week,
      timeZone: PACIFIC,
      now: NOW,
    });
    const lines = header(csv);
    expect(lines[1]).toBe('Period,2026-11-16 to 2026-11-22');
    expect(lines[3]).toBe('Monthly figures cover,2026-11-01 to 2026-11-23 (Nov 2026 so far)');
    expect(lines[4]).toBe(
      'Months counted,"Amy counts events by month: these figures are for Nov 2026, the month ' +
        'this week is part of, not for the week alone."',
    );
    // The table's November row says the same days.
    expect(csv).toContain('\r\nMonthly trend,Nov 2026,2026-11-01,2026-11-23,6,91.0,\r\n');
  });

  it('says so when no month of the period is in Amy’s analysis', () => {
    const csv = eventReportCsv(
      summarizeEvents({ ...analysisFixture, monthlyTrends: [] }, OCTOBER, '2026-11-23'),
      { period: 'month', calendar: OCTOBER, timeZone: PACIFIC, now: NOW },
    );
    expect(header(csv)).toContain(
      'Monthly figures cover,none (no month of this period is in Amy’s analysis)',
    );
  });
});
