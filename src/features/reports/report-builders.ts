import {
  normalizeStatus,
  type AmenityAnalytics,
  type AmenityStatus,
  type AmenityType,
  type EventAnalysis,
  type UsageGaps,
  type UsagePoint,
} from '../../api/contract';
import { periodInstants, summarizeCoverage, type CoverageSummary } from '../../lib/coverage';
import { capacityPercent } from '../../lib/format';
import { toCsv } from '../../lib/csv';
import { percentagesSummingTo100 } from '../../lib/shares';
import {
  monthStart,
  monthsIn,
  monthsOf,
  zonedDate,
  type CalendarDate,
  type CalendarPeriod,
} from './calendar';
import { dateFormat } from '../../lib/intl-formats';
import { PERIODS, type ReportPeriod } from './periods';
import { timeZoneLabel } from '../../lib/community-profile';
import { fileHeader } from '../../lib/file-header';
import { usageCsv } from '../../lib/usage-csv';

/**
 * The figures of each report, computed from the data the app holds (pure functions, tested in
 * tests/unit/report-builders.test.ts). Nothing here is invented: what is estimated says so in its
 * name and in the report text.
 */

const HALF_DAY_MS = 12 * 60 * 60 * 1000;
const DAY_MS = 2 * HALF_DAY_MS;

// ---- Usage ------------------------------------------------------------------------------------

/** An amenity's column of the timeline: its id, its name and how to read its visits. */
export type VisitColumn = { id: string; label: string; value: (point: UsagePoint) => number };

/**
 * The calendar day of a daily timeline point in `timeZone`. A point starts at its local
 * midnight in the community's zone; its midday names the same day in any zone within 12 hours.
 */
export function pointDate(point: UsagePoint, timeZone: string): CalendarDate {
  return zonedDate(Date.parse(point.time) + HALF_DAY_MS, timeZone);
}

export type AmenityVisits = {
  id: string;
  name: string;
  visits: number;
  /**
   * Percent of all visits to the amenities counted in the report, to one decimal, rounded so the
   * amenities' shares sum to exactly 100 (one definition per report).
   */
  share: number;
  /** Visits per day its sensors reported (its covered time in days). */
  dailyAverage: number;
  /** The part of the period its sensors reported, 0-1 (1 when the gaps are unknown). */
  coveredShare: number;
};

export type UsageSummary = {
  period: CalendarPeriod;
  /** The sensors' coverage of the period (lib/coverage.ts); null when the gaps are not loaded. */
  coverage: CoverageSummary | null;
  /** Days of data: the covered time in days (the period's days when the gaps are unknown). */
  coveredDays: number;
  /** Some sensor reported in the period, or some visit was counted. */
  hasData: boolean;
  totalVisits: number;
  /** Visits per covered day. */
  dailyAverage: number;
  perAmenity: AmenityVisits[];
  busiestDay: { date: CalendarDate; visits: number } | null;
  /** The points of the period's days, oldest first (what the CSV writes). */
  points: UsagePoint[];
};

/** The coverage of a calendar period (its days' instants in `timeZone`) from the gaps payload. */
export function periodCoverage(
  gaps: UsageGaps,
  period: CalendarPeriod,
  timeZone: string,
): CoverageSummary {
  return summarizeCoverage(gaps, periodInstants(period.from, period.to, timeZone), timeZone);
}

/**
 * The period's usage: its days are the timeline points that fall in it. How much of it the data
 * covers comes from the sensors' gaps (one definition: lib/coverage.ts), and averages are over
 * covered time: the total per covered day, each amenity's visits per day its sensors reported.
 */
export function summarizeUsage(
  points: readonly UsagePoint[],
  columns: readonly VisitColumn[],
  period: CalendarPeriod,
  timeZone: string,
  coverage: CoverageSummary | null,
): UsageSummary {
  const total = (point: UsagePoint) =>
    columns.reduce((sum, column) => sum + column.value(point), 0);
  const inPeriod = points
    .map((point) => ({ point, date: pointDate(point, timeZone) }))
    .filter(({ date }) => date >= period.from && date <= period.to)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const coveredDays = coverage ? coverage.coveredMs / DAY_MS : period.days;
  const amenityCoverage = new Map(coverage?.amenities.map((a) => [a.id, a]));

  const totals = columns.map((column) => ({
    id: column.id,
    name: column.label,
    visits: inPeriod.reduce((sum, { point }) => sum + column.value(point), 0),
  }));
  const totalVisits = totals.reduce((sum, row) => sum + row.visits, 0);
  // Shown to one decimal: rounded by largest remainder so the column adds up to 100.0.
  const shares = percentagesSummingTo100(
    totals.map((row) => row.visits),
    1,
  );
  const perAmenity = totals
    .map((row, index) => {
      const own = amenityCoverage.get(row.id);
      const days = own ? own.coveredMs / DAY_MS : coveredDays;
      const share = own && coverage && coverage.totalMs > 0 ? own.coveredMs / coverage.totalMs : 1;
      return {
        ...row,
        share: shares[index] ?? 0,
        dailyAverage: days > 0 ? row.visits / days : 0,
        coveredShare: coverage ? share : 1,
      };
    })
    .sort((a, b) => b.visits - a.visits);

  let busiestDay: UsageSummary['busiestDay'] = null;
  for (const { point, date } of inPeriod) {
    const visits = total(point);
    if (visits > 0 && (!busiestDay || visits > busiestDay.visits)) busiestDay = { date, visits };
  }

  return {
    period,
    coverage,
    coveredDays,
    hasData: totalVisits > 0 || (coverage?.amenities.some((a) => a.coveredMs > 0) ?? false),
    totalVisits,
    dailyAverage: coveredDays > 0 ? totalVisits / coveredDays : 0,
    perAmenity,
    busiestDay,
    points: inPeriod.map(({ point }) => point),
  };
}

export type CapacityRow = {
  id: string;
  name: string;
  type: AmenityType;
  status: AmenityStatus;
  peakTime: string;
  peakUsers: number;
  capacity: number;
  /** Peak users as a percent of capacity (spec section 9 rounding). */
  peakUse: number;
  currentUsers: number;
  /** Current users as a percent of capacity, when the data was taken. */
  inUseNow: number;
};

/** Peak hours and capacity use per amenity, busiest peak first. */
export function capacityRows(amenities: readonly AmenityAnalytics[]): CapacityRow[] {
  return amenities
    .map((amenity) => ({
      id: amenity.id,
      name: amenity.name,
      type: amenity.type,
      status: normalizeStatus(amenity.status),
      peakTime: amenity.peakTime,
      peakUsers: amenity.peakUsage,
      capacity: amenity.capacity,
      peakUse: capacityPercent(amenity.peakUsage, amenity.capacity),
      currentUsers: amenity.currentUsers,
      inUseNow: capacityPercent(amenity.currentUsers, amenity.capacity),
    }))
    .sort((a, b) => b.peakUse - a.peakUse);
}

// ---- Financial impact -------------------------------------------------------------------------

export type AmenityCost = {
  id: string;
  name: string;
  visits: number;
  /** As entered with the amenity; null: cost not entered. */
  monthlyCost: number | null;
  /** The period's months × the part of the period its sensors reported (Oct, half covered: 0.5). */
  monthsCovered: number;
  /**
   * The monthly cost × its months covered (the cost of the time its visits were counted in).
   */
  periodCost: number | null;
  /** periodCost ÷ visits; null without a cost or without visits. */
  costPerVisit: number | null;
};

export type CostSummary = {
  /** Months the period makes (Oct 1-31 = 1; Oct 17-31 = 15/31). */
  months: number;
  perAmenity: AmenityCost[];
  /** Over the amenities with a cost only. */
  totalCost: number;
  costedVisits: number;
  costPerVisit: number | null;
  /** Names of the amenities whose cost was not entered. */
  notEntered: string[];
};

/**
 * Cost per visit of each amenity over the covered time of the period: its monthly operating
 * cost, times the period's months and the part of them its sensors reported, divided by its
 * visits in that time.
 */
export function summarizeCosts(
  usage: UsageSummary,
  costs: ReadonlyMap<string, number | undefined>,
): CostSummary {
  const months = monthsIn(usage.period.from, usage.period.to);
  const perAmenity = usage.perAmenity.map((row) => {
    const monthlyCost = costs.get(row.id) ?? null;
    const monthsCovered = months * row.coveredShare;
    const periodCost = monthlyCost === null ? null : monthlyCost * monthsCovered;
    return {
      id: row.id,
      name: row.name,
      visits: row.visits,
      monthlyCost,
      monthsCovered,
      periodCost,
      costPerVisit: periodCost !== null && row.visits > 0 ? periodCost / row.visits : null,
    };
  });
  const costed = perAmenity.filter((row) => row.periodCost !== null);
  const totalCost = costed.reduce((sum, row) => sum + (row.periodCost ?? 0), 0);
  const costedVisits = costed.reduce((sum, row) => sum + row.visits, 0);
  return {
    months,
    perAmenity,
    totalCost,
    costedVisits,
    costPerVisit: costedVisits > 0 ? totalCost / costedVisits : null,
    notEntered: perAmenity.filter((row) => row.monthlyCost === null).map((row) => row.name),
  };
}

// ---- Event performance ------------------------------------------------------------------------

export type EventMonth = EventAnalysis['monthlyTrends'][number] & {
  /** The calendar month, as its first day, and its label ("Oct 2026"). */
  start: CalendarDate;
  label: string;
};

export type EventSummary = {
  /** Amy's months that fall in the period (a week: the month or two it is part of). */
  months: EventMonth[];
  /** The period's months Amy's analysis does not reach (older than her last 12), as "Nov 2025". */
  missing: string[];
  totalEvents: number;
  /** Attendance averaged over the events of those months (weighted by event count). */
  avgAttendance: number | null;
  /** Amy reports these over her whole analysis (the last 12 months), not per month. */
  categories: EventAnalysis['popularCategories'];
  amenities: EventAnalysis['bestPerformingAmenities'];
  insights: string[];
};

const shortMonth = (start: CalendarDate) =>
  dateFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(Date.parse(start));
const monthLabel = (start: CalendarDate) =>
  dateFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(start),
  );

/**
 * Dates Amy's monthly trends (consecutive months, oldest first, named "Oct"): the newest is the
 * latest month up to `today`'s with its name.
 */
export function datedTrends(analysis: EventAnalysis, today: CalendarDate): EventMonth[] {
  const trends = analysis.monthlyTrends;
  const newest = trends.at(-1);
  if (!newest) return [];
  let anchor = monthStart(today);
  for (let back = 0; back < 12 && shortMonth(anchor) !== newest.month; back++) {
    anchor = monthStart(anchor, -1);
  }
  return trends.map((trend, index) => {
    const start = monthStart(anchor, index - (trends.length - 1));
    return { ...trend, start, label: monthLabel(start) };
  });
}

/** Amy's analysis for a calendar period: the months of the period, the rest as Amy reports it. */
export function summarizeEvents(
  analysis: EventAnalysis,
  period: CalendarPeriod,
  today: CalendarDate,
): EventSummary {
  const wanted = new Set(monthsOf(period.from, period.to));
  const months = datedTrends(analysis, today).filter((month) => wanted.has(month.start));
  const found = new Set(months.map((month) => month.start));
  const missing = [...wanted].filter((start) => !found.has(start)).map(monthLabel);
  const totalEvents = months.reduce((sum, month) => sum + month.events, 0);
  const attendance = months.reduce((sum, month) => sum + month.events * month.avgAttendance, 0);
  return {
    months,
    missing,
    totalEvents,
    avgAttendance: totalEvents > 0 ? attendance / totalEvents : null,
    categories: [...analysis.popularCategories].sort((a, b) => b.avgSuccess - a.avgSuccess),
    amenities: [...analysis.bestPerformingAmenities].sort(
      (a, b) => b.avgAttendance - a.avgAttendance,
    ),
    insights: analysis.seasonalInsights,
  };
}

/**
 * Which months the event figures count, said plainly: Amy counts by calendar month, so a week is
 * counted as its month(s), and a month older than her last 12 is not counted at all.
 */
export function eventMonthsNote(summary: EventSummary, period: ReportPeriod): string {
  const first = summary.months[0]?.label;
  const last = summary.months.at(-1)?.label;
  const span = first === last ? first : `${first} – ${last}`;
  const counted =
    first === undefined
      ? 'No month of this period is in Amy’s analysis.'
      : period === 'week'
        ? `Amy counts events by month: these figures are for ${span}, the ${first === last ? 'month' : 'months'} this week is part of, not for the week alone.`
        : `Amy’s events in the months of this period: ${span}.`;
  const missing = summary.missing.length
    ? ` ${summary.missing.join(', ')} ${summary.missing.length === 1 ? 'is' : 'are'} older than Amy’s last 12 months and not counted.`
    : '';
  return counted + missing;
}

type EventCsvRow = {
  section: string;
  name: string;
  events: number;
  avgAttendance?: number;
  avgSuccess?: number;
};

/** The event data as one CSV table; the Section column tells the three lists apart. */
export function eventCsv(summary: EventSummary): string {
  const rows: EventCsvRow[] = [
    ...summary.months.map((month) => ({
      section: 'Monthly trend',
      name: month.label,
      events: month.events,
      avgAttendance: month.avgAttendance,
    })),
    ...summary.categories.map((category) => ({
      section: 'Category',
      name: category.category,
      events: category.count,
      avgSuccess: category.avgSuccess,
    })),
    ...summary.amenities.map((amenity) => ({
      section: 'Amenity',
      name: amenity.amenity,
      events: amenity.eventCount,
      avgAttendance: amenity.avgAttendance,
    })),
  ];
  return toCsv<EventCsvRow>(
    [
      { header: 'Section', value: (row) => row.section },
      { header: 'Name', value: (row) => row.name },
      { header: 'Events', value: (row) => row.events },
      { header: 'Average attendance', value: (row) => row.avgAttendance },
      { header: 'Average success (%)', value: (row) => row.avgSuccess },
    ],
    rows,
  );
}

/**
 * The usage report as a file: one line per day of the period, headed like every data file. The
 * Reports page's download and the server's scheduled report both write it, so they agree.
 */
export function usageReportCsv(
  usage: UsageSummary,
  columns: readonly VisitColumn[],
  { period, timeZone, now }: { period: ReportPeriod; timeZone: string; now: number },
): string {
  return usageCsv(usage.points, columns, {
    resolution: 'day',
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone),
    preamble: fileHeader({
      title: `Amenity Usage Report, ${PERIODS[period].label}`,
      period: `${usage.period.from} to ${usage.period.to}`,
      coverage: usage.coverage,
      timeZone,
      now,
    }),
  });
}
