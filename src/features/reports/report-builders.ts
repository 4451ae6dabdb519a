import {
  normalizeStatus,
  type AmenityAnalytics,
  type AmenityStatus,
  type AmenityType,
  type EventAnalysis,
  type PopularityEntry,
  type TimelineSeries,
  type UsagePoint,
} from '../../api/contract';
import { capacityPercent } from '../../lib/format';
import { toCsv } from '../../lib/csv';

/**
 * The figures of each report, computed from the data the app holds (pure functions, tested in
 * tests/unit/report-builders.test.ts). Nothing here is invented: what is estimated says so in its
 * name and in the report text.
 */

const DAYS_PER_MONTH = 30;

// ---- Usage ------------------------------------------------------------------------------------

export type AmenityVisits = {
  key: TimelineSeries;
  name: string;
  visits: number;
  /** Percent of the visits to the tracked amenities. */
  share: number;
  dailyAverage: number;
};

export type UsageSummary = {
  /** Timeline points in the period (one per day). */
  days: number;
  /** ISO instants of the first and last points. */
  from: string | null;
  to: string | null;
  totalVisits: number;
  dailyAverage: number;
  perAmenity: AmenityVisits[];
  busiestDay: { time: string; visits: number } | null;
};

export function summarizeUsage(
  points: readonly UsagePoint[],
  series: readonly { key: TimelineSeries; label: string }[],
): UsageSummary {
  const days = points.length;
  const visitsOf = (key: TimelineSeries) => points.reduce((sum, point) => sum + point[key], 0);
  const totals = series.map(({ key, label }) => ({ key, name: label, visits: visitsOf(key) }));
  const totalVisits = totals.reduce((sum, row) => sum + row.visits, 0);
  const perAmenity = totals
    .map((row) => ({
      ...row,
      share: totalVisits > 0 ? (row.visits / totalVisits) * 100 : 0,
      dailyAverage: days > 0 ? row.visits / days : 0,
    }))
    .sort((a, b) => b.visits - a.visits);

  let busiestDay: UsageSummary['busiestDay'] = null;
  for (const point of points) {
    const visits = series.reduce((sum, { key }) => sum + point[key], 0);
    if (!busiestDay || visits > busiestDay.visits) busiestDay = { time: point.time, visits };
  }

  return {
    days,
    from: points[0]?.time ?? null,
    to: points.at(-1)?.time ?? null,
    totalVisits,
    dailyAverage: days > 0 ? totalVisits / days : 0,
    perAmenity,
    busiestDay,
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

export type AmenityValue = {
  name: string;
  /** Percent of all visits (popularity), normalised to sum to 100. */
  share: number;
  /** Estimated: the monthly amenity value allocated by share of visits. */
  monthlyValue: number;
  /** Visits per 30 days, for the amenities the usage timeline tracks. */
  monthlyVisits: number | null;
  /** Estimated value per visit, where visits are known. */
  valuePerVisit: number | null;
};

export type FinancialSummary = {
  monthlyValue: number;
  /** Estimated: the monthly value scaled to the period's length. */
  periodValue: number;
  perAmenity: AmenityValue[];
  /** Visits per 30 days to the tracked amenities, when the timeline is available. */
  trackedMonthlyVisits: number | null;
  platformMonthlyCost: number;
  /** The subscription's cost per tracked visit: the only cost the app knows. */
  platformCostPerVisit: number | null;
};

export function summarizeFinancials({
  monthlyValue,
  popularity,
  usage,
  periodDays,
  platformMonthlyCost,
}: {
  monthlyValue: number;
  popularity: readonly PopularityEntry[] | null;
  usage: UsageSummary | null;
  periodDays: number;
  platformMonthlyCost: number;
}): FinancialSummary {
  const toMonthly = (visits: number) =>
    usage && usage.days > 0 ? (visits * DAYS_PER_MONTH) / usage.days : null;
  const shareTotal = popularity?.reduce((sum, entry) => sum + entry.percentage, 0) ?? 0;

  const perAmenity: AmenityValue[] =
    popularity && shareTotal > 0
      ? popularity
          .map((entry) => {
            const share = (entry.percentage / shareTotal) * 100;
            const value = (monthlyValue * entry.percentage) / shareTotal;
            const tracked = usage?.perAmenity.find((row) => row.name === entry.name);
            const monthlyVisits = tracked ? toMonthly(tracked.visits) : null;
            return {
              name: entry.name,
              share,
              monthlyValue: value,
              monthlyVisits,
              valuePerVisit: monthlyVisits ? value / monthlyVisits : null,
            };
          })
          .sort((a, b) => b.monthlyValue - a.monthlyValue)
      : [];

  const trackedMonthlyVisits = usage ? toMonthly(usage.totalVisits) : null;
  return {
    monthlyValue,
    periodValue: (monthlyValue * (usage?.days || periodDays)) / DAYS_PER_MONTH,
    perAmenity,
    trackedMonthlyVisits,
    platformMonthlyCost,
    platformCostPerVisit: trackedMonthlyVisits ? platformMonthlyCost / trackedMonthlyVisits : null,
  };
}

// ---- Event performance ------------------------------------------------------------------------

export type EventSummary = {
  months: EventAnalysis['monthlyTrends'];
  totalEvents: number;
  /** Attendance averaged over the events of those months (weighted by event count). */
  avgAttendance: number | null;
  categories: EventAnalysis['popularCategories'];
  amenities: EventAnalysis['bestPerformingAmenities'];
  insights: string[];
};

/** Amy's analysis for a period: the last `months` monthly trends, the rest as Amy reports it. */
export function summarizeEvents(analysis: EventAnalysis, months: number): EventSummary {
  const recent = analysis.monthlyTrends.slice(-months);
  const totalEvents = recent.reduce((sum, month) => sum + month.events, 0);
  const attendance = recent.reduce((sum, month) => sum + month.events * month.avgAttendance, 0);
  return {
    months: recent,
    totalEvents,
    avgAttendance: totalEvents > 0 ? attendance / totalEvents : null,
    categories: [...analysis.popularCategories].sort((a, b) => b.avgSuccess - a.avgSuccess),
    amenities: [...analysis.bestPerformingAmenities].sort(
      (a, b) => b.avgAttendance - a.avgAttendance,
    ),
    insights: analysis.seasonalInsights,
  };
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
      name: month.month,
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
