import {
  closuresInPeriod,
  namedClosureText,
  type AmenityClosure,
  type NamedClosure,
} from '../../lib/amenity-closures';
import { liveReading, peakOf } from '../../lib/live-reading';
import {
  archivedAmenityName,
  normalizeStatus,
  type AmenityAnalytics,
  type AmenityStatus,
  type AmenityType,
  type EventAnalysis,
  type UsageGaps,
  type UsagePoint,
} from '../../api/contract';
import { periodInstants } from '../../lib/calendar-period';
import { addedNote, summarizeCoverage, type CoverageSummary } from '../../lib/coverage';
import { capacityPercent, titleCase } from '../../lib/format';
import { csvLines, toCsv } from '../../lib/csv';
import { percentagesSummingTo100 } from '../../lib/shares';
import { lineAmountCents, roundQuantity, totalCents } from '../../lib/line-amounts';
import { addDays } from '../../lib/calendar-date';
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
import { fileHeader, type HeaderRow } from '../../lib/file-header';
import { usageCsv, withAddedAt } from '../../lib/usage-csv';

/**
 * The figures of each report, computed from the data the app holds (pure functions, tested in
 * tests/unit/report-builders.test.ts). Nothing here is invented: what is estimated says so in its
 * name and in the report text.
 */

const HALF_DAY_MS = 12 * 60 * 60 * 1000;
const DAY_MS = 2 * HALF_DAY_MS;
/** The covered time an amenity's daily average needs: a day of data. */
export const MIN_AVERAGED_MS = DAY_MS;

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
  /**
   * Visits per day its sensors reported (its covered time in days, none before it was added);
   * null with less than a day of it (MIN_AVERAGED_MS): 32 visits in one covered hour are not
   * 768 a day. Not known, not 0.
   */
  dailyAverage: number | null;
  /**
   * The part of the period its sensors reported, 0-1 (1 when the gaps are unknown): its covered
   * time over the period's length, so the time before it was added counts as not reported.
   */
  coveredShare: number;
  /**
   * When it was added, if after the period's start (at or after its end: after the period); null
   * when it was there all along or the gaps are unknown. See `addedText`.
   */
  addedAt: number | null;
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
  /**
   * The sum of the amenities' own daily averages, those with one (so it adds up from the rows,
   * and one sensor silent most of the period cannot inflate it); null when none has one.
   */
  dailyAverage: number | null;
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
  // The whole period for an amenity the gaps do not list (archived since) or when they are unknown.
  const periodMs = coverage ? coverage.totalMs : period.days * DAY_MS;

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
      const ownMs = own ? own.coveredMs : periodMs;
      const share = own && coverage && coverage.totalMs > 0 ? own.coveredMs / coverage.totalMs : 1;
      return {
        ...row,
        share: shares[index] ?? 0,
        dailyAverage: ownMs >= MIN_AVERAGED_MS ? row.visits / (ownMs / DAY_MS) : null,
        coveredShare: coverage ? share : 1,
        addedAt: own?.addedAt ?? null,
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
    dailyAverage: perAmenity.some((row) => row.dailyAverage !== null)
      ? perAmenity.reduce((sum, row) => sum + (row.dailyAverage ?? 0), 0)
      : null,
    perAmenity,
    busiestDay,
    points: inPeriod.map(({ point }) => point),
  };
}

function addedText(
  row: { addedAt: number | null },
  usage: UsageSummary,
  timeZone: string,
): string | null {
  return usage.coverage ? addedNote(row.addedAt, usage.coverage.end, timeZone) : null;
}

/** Added after the period: none of it to count (its row reads 0, with no average). */
export function addedAfter(row: { addedAt: number | null }, usage: UsageSummary): boolean {
  return row.addedAt !== null && usage.coverage !== null && row.addedAt >= usage.coverage.end;
}

/** An amenity's name as a report's row shows it: "Clubhouse Pool (added Tue 24 Nov 10:00)". */
export function amenityLabel(
  row: { name: string; addedAt: number | null },
  usage: UsageSummary,
  timeZone: string,
): string {
  const added = addedText(row, usage, timeZone);
  return added ? `${row.name} (${added})` : row.name;
}

export type CapacityRow = {
  id: string;
  name: string;
  type: AmenityType;
  status: AmenityStatus;
  /** Its busiest two hours over the last 30 days; null when it has no peak history yet. */
  peakTime: string | null;
  /** Its highest count over the last 30 days; null when it has no peak history yet (not 0). */
  peakUsers: number | null;
  capacity: number;
  /** Peak users as a percent of capacity (spec section 9 rounding); null as peakUsers. */
  peakUse: number | null;
  /** Current users when the data was taken; null when its newest reading was not live. */
  currentUsers: number | null;
  /** Current users as a percent of capacity, when the data was taken; null as above. */
  inUseNow: number | null;
};

/** Peak hours and capacity use per amenity, busiest peak first (those without a peak last). */
export function capacityRows(amenities: readonly AmenityAnalytics[]): CapacityRow[] {
  return amenities
    .map((amenity) => {
      const reading = liveReading(amenity);
      const peak = peakOf(amenity);
      return {
        id: amenity.id,
        name: amenity.name,
        type: amenity.type,
        status: normalizeStatus(amenity.status),
        peakTime: peak ? peak.time : null,
        peakUsers: peak ? peak.users : null,
        capacity: amenity.capacity,
        peakUse: peak ? capacityPercent(peak.users, amenity.capacity) : null,
        currentUsers: reading.live ? reading.users : null,
        inUseNow: reading.live ? reading.percent : null,
      };
    })
    .sort((a, b) => (b.peakUse ?? -1) - (a.peakUse ?? -1));
}

// ---- Financial impact -------------------------------------------------------------------------

export type AmenityCost = {
  id: string;
  name: string;
  visits: number;
  /** As entered with the amenity; null: cost not entered. */
  monthlyCost: number | null;
  /**
   * The period's months × the part of the period its sensors reported (Oct, half covered: 0.5;
   * added on Oct 17 and reporting since: 15/31), to four decimals (QUANTITY_DECIMALS), as the
   * report shows it.
   */
  monthsCovered: number;
  /**
   * The monthly cost × its months covered as shown, to the cent (the cost of the time its visits
   * were counted in): what a reader multiplying the two figures gets (lib/line-amounts.ts).
   */
  periodCost: number | null;
  /** periodCost ÷ visits; null without a cost or without visits. */
  costPerVisit: number | null;
  /** As in AmenityVisits: when it was added, if after the period's start. */
  addedAt: number | null;
};

export type CostSummary = {
  /** Months the period makes (Oct 1-31 = 1; Oct 17-31 = 15/31). */
  months: number;
  perAmenity: AmenityCost[];
  /** The sum of the amenities' period costs (those with a cost only), to the cent like them. */
  totalCost: number;
  costedVisits: number;
  costPerVisit: number | null;
  /** Names of the amenities whose cost was not entered. */
  notEntered: string[];
};

/**
 * Cost per visit of each amenity over the covered time of the period: its monthly operating
 * cost, times the period's months and the part of them its sensors reported, divided by its
 * visits in that time. An amenity added during the period is charged only from then (its
 * covered time has none before: lib/coverage.ts).
 */
export function summarizeCosts(
  usage: UsageSummary,
  costs: ReadonlyMap<string, number | undefined>,
): CostSummary {
  const months = monthsIn(usage.period.from, usage.period.to);
  const lines = usage.perAmenity.map((row) => {
    const monthlyCost = costs.get(row.id) ?? null;
    // Rounded as shown, so the table's own figures recompute its costs, and the costs in cents,
    // so they add up to the total shown (lib/line-amounts.ts says why cents).
    const monthsCovered = roundQuantity(months * row.coveredShare);
    const cents = monthlyCost === null ? null : lineAmountCents(monthlyCost, monthsCovered);
    const periodCost = cents === null ? null : cents / 100;
    return {
      cents,
      row: {
        id: row.id,
        name: row.name,
        visits: row.visits,
        monthlyCost,
        monthsCovered,
        periodCost,
        costPerVisit: periodCost !== null && row.visits > 0 ? periodCost / row.visits : null,
        addedAt: row.addedAt,
      },
    };
  });
  const perAmenity: AmenityCost[] = lines.map((line) => line.row);
  const costed = perAmenity.filter((row) => row.periodCost !== null);
  const totalCost =
    totalCents(lines.flatMap((line) => (line.cents === null ? [] : [line.cents]))) / 100;
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
  /**
   * The last day Amy counted in it: the month's last day, or the day her analysis was made for
   * the month it was made in (she counts that month so far).
   */
  end: CalendarDate;
};

/** A span of calendar days in the community's zone, both included. */
export type DaySpan = {
  from: CalendarDate;
  to: CalendarDate;
  /** Its newest month ("Nov 2026") when Amy counted it only so far; null when it is over. */
  soFar: string | null;
};

export type EventSummary = {
  /** Amy's months that fall in the period (a week: the month or two it is part of). */
  months: EventMonth[];
  /** The period's months Amy's analysis does not reach (older than her last 12), as "Nov 2025". */
  missing: string[];
  /**
   * The days the monthly figures count (the months above, the newest up to its end); null when
   * no month of the period is in Amy's analysis.
   */
  counted: DaySpan | null;
  /**
   * The days of Amy's whole analysis (all her months), which the categories, amenities and
   * insights are over; null when she reports no month.
   */
  analysed: DaySpan | null;
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
 * latest month up to `analysedOn`'s with its name, counted up to `analysedOn` when it is that
 * day's month.
 */
export function datedTrends(analysis: EventAnalysis, analysedOn: CalendarDate): EventMonth[] {
  const trends = analysis.monthlyTrends;
  const newest = trends.at(-1);
  if (!newest) return [];
  let anchor = monthStart(analysedOn);
  for (let back = 0; back < 12 && shortMonth(anchor) !== newest.month; back++) {
    anchor = monthStart(anchor, -1);
  }
  return trends.map((trend, index) => {
    const start = monthStart(anchor, index - (trends.length - 1));
    const last = addDays(monthStart(start, 1), -1);
    return {
      ...trend,
      start,
      label: monthLabel(start),
      end: last < analysedOn ? last : analysedOn,
    };
  });
}

/**
 * Amy's analysis for a calendar period: the months of the period, the rest as Amy reports it.
 * `analysedOn` is the day her analysis was made (when it was fetched), in the community's zone.
 */
export function summarizeEvents(
  analysis: EventAnalysis,
  period: CalendarPeriod,
  analysedOn: CalendarDate,
): EventSummary {
  const wanted = new Set(monthsOf(period.from, period.to));
  const all = datedTrends(analysis, analysedOn);
  const months = all.filter((month) => wanted.has(month.start));
  const found = new Set(months.map((month) => month.start));
  const missing = [...wanted].filter((start) => !found.has(start)).map(monthLabel);
  const totalEvents = months.reduce((sum, month) => sum + month.events, 0);
  const attendance = months.reduce((sum, month) => sum + month.events * month.avgAttendance, 0);
  const span = (list: readonly EventMonth[]): DaySpan | null => {
    const first = list[0];
    const last = list.at(-1);
    if (!first || !last) return null;
    // The month the analysis was made in is counted so far, even on its last day.
    const soFar = last.start === monthStart(analysedOn) ? last.label : null;
    return { from: first.start, to: last.end, soFar };
  };
  return {
    months,
    missing,
    counted: span(months),
    analysed: span(all),
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

/**
 * "2026-11-01 to 2026-11-23 (Nov 2026 so far)": the days a span of Amy's months covers, with a
 * word when its newest month is not over (counted up to the day her analysis was made).
 */
export function eventSpanText(span: DaySpan): string {
  return `${span.from} to ${span.to}${span.soFar ? ` (${span.soFar} so far)` : ''}`;
}

type EventCsvRow = {
  section: string;
  name: string;
  /** The days its figures count. */
  from: CalendarDate | null;
  to: CalendarDate | null;
  events: number;
  /** Null: not a figure of this list, or no events to average. */
  avgAttendance: number | null;
  avgSuccess: number | null;
};

/** An average as the file writes it: one decimal in every row ("112.0"); empty when none. */
const oneDecimal = (value: number | null) => (value === null ? null : value.toFixed(1));

/**
 * The event data as one CSV table; the Section column tells the three lists apart, and each row
 * states the days its figures count (From, To): its month for a monthly trend, Amy's whole
 * analysis for a category or an amenity. Counts are whole numbers; averages have one decimal.
 */
export function eventCsv(summary: EventSummary): string {
  const whole = { from: summary.analysed?.from ?? null, to: summary.analysed?.to ?? null };
  const rows: EventCsvRow[] = [
    ...summary.months.map((month) => ({
      section: 'Monthly trend',
      name: month.label,
      from: month.start,
      to: month.end,
      events: month.events,
      // No events: no attendance to average (empty rather than 0).
      avgAttendance: month.events > 0 ? month.avgAttendance : null,
      avgSuccess: null,
    })),
    ...summary.categories.map((category) => ({
      section: 'Category',
      // As the report shows it ("Recreational").
      name: titleCase(category.category),
      ...whole,
      events: category.count,
      avgAttendance: null,
      avgSuccess: category.avgSuccess,
    })),
    ...summary.amenities.map((amenity) => ({
      section: 'Amenity',
      name: amenity.amenity,
      ...whole,
      events: amenity.eventCount,
      avgAttendance: amenity.eventCount > 0 ? amenity.avgAttendance : null,
      avgSuccess: null,
    })),
  ];
  return toCsv<EventCsvRow>(
    [
      { header: 'Section', value: (row) => row.section },
      { header: 'Name', value: (row) => row.name },
      { header: 'From', value: (row) => row.from },
      { header: 'To', value: (row) => row.to },
      { header: 'Events (count)', value: (row) => row.events },
      {
        header: 'Average attendance (people per event)',
        value: (row) => oneDecimal(row.avgAttendance),
      },
      {
        header: 'Average success (% of planned attendance)',
        value: (row) => oneDecimal(row.avgSuccess),
      },
    ],
    rows,
  );
}

/**
 * The event report as a file. Its figures come from Amy's event analysis, not from the people
 * counters, so its header states that source and the days the figures count (Amy counts by
 * calendar month: Last Week is counted as its month or two) instead of the sensors' coverage.
 */
export function eventReportCsv(
  summary: EventSummary,
  {
    period,
    calendar,
    timeZone,
    now,
  }: { period: ReportPeriod; calendar: CalendarPeriod; timeZone: string; now: number },
): string {
  const source: HeaderRow[] = [
    ['Source', 'Amy’s event analysis (events held and their attendance), not the people counters'],
    [
      'Monthly figures cover',
      summary.counted
        ? eventSpanText(summary.counted)
        : 'none (no month of this period is in Amy’s analysis)',
    ],
    ['Months counted', eventMonthsNote(summary, period)],
    [
      'Categories and amenities cover',
      summary.analysed
        ? `${eventSpanText(summary.analysed)}, Amy’s whole analysis, not only this period`
        : 'none (Amy’s analysis has no month)',
    ],
  ];
  const header = fileHeader({
    title: `Event Performance Report, ${PERIODS[period].label}`,
    period: `${calendar.from} to ${calendar.to}`,
    source,
    timeZone,
    now,
  });
  return csvLines([...header, []]) + eventCsv(summary);
}

/**
 * The usage report as a file: one line per day of the period, headed like every data file. The
 * Reports page's download and the server's scheduled report both write it, so they agree.
 */
export function usageReportCsv(
  usage: UsageSummary,
  columns: readonly VisitColumn[],
  {
    period,
    timeZone,
    now,
    title = `Amenity Usage Report, ${PERIODS[period].label}`,
    closures,
  }: {
    period: ReportPeriod;
    timeZone: string;
    now: number;
    /** An archived file names its dates ("October 2026 usage report"): "Last Month" would age. */
    title?: string;
    /** The amenities' closures in the period; null when the amenity settings were not loaded. */
    closures: readonly NamedClosure[] | null;
  },
): string {
  // An amenity added in the period: its cells before are empty, and the header says when.
  const added = withAddedAt(columns, usage.coverage, timeZone);
  const preamble = fileHeader({
    title,
    period: `${usage.period.from} to ${usage.period.to}`,
    coverage: usage.coverage,
    notes: [...added.notes, ...closureRows(closures)],
    timeZone,
    now,
  });
  return usageCsv(usage.points, added.columns, {
    resolution: 'day',
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone),
    preamble,
  });
}

/**
 * The amenities' closures in a report's days (the app's from the settings list, the scheduled
 * report's from the server's amenities), archived ones named as such: a past period counts
 * their visits too.
 */
export function reportClosures(
  amenities: readonly {
    name: string;
    archived: boolean;
    closures?: readonly AmenityClosure[];
  }[],
  from: string,
  to: string,
): NamedClosure[] {
  return closuresInPeriod(
    amenities.map(({ name, archived, closures }) => ({
      name: archived ? archivedAmenityName(name) : name,
      closures,
    })),
    from,
    to,
  );
}

/** The header line of a usage file about the days amenities were closed in its period. */
export function closureRows(closures: readonly NamedClosure[] | null): HeaderRow[] {
  if (closures === null) {
    return [['Closures', 'not known (the amenity settings were not loaded)']];
  }
  return [['Closures', closures.length ? closures.map(namedClosureText).join('; ') : 'none']];
}

export type AmenityValue = {
  id: string;
  name: string;
  addedAt: number | null;
  /** Its type's value per visit; null when its type is not known (no amenity list loaded). */
  rate: number | null;
  visits: number;
  /** rate × visits, to the cent; null without a rate. */
  value: number | null;
};

/**
 * The amenity value of the report's period, as the dashboard's Revenue Impact makes it for the
 * last 30 days: each amenity's visits in the period times its type's value per visit
 * (lib/visit-value.ts), each line to the cent and the total their sum, so a reader multiplying a
 * row and adding the rows gets the figures shown.
 */
export function summarizeValue(
  usage: UsageSummary,
  rateOf: (amenityId: string) => number | undefined,
): { perAmenity: AmenityValue[]; total: number } {
  const lines = usage.perAmenity.map((row) => {
    const rate = rateOf(row.id) ?? null;
    const cents = rate === null ? null : lineAmountCents(rate, row.visits, 0);
    return {
      cents,
      row: {
        id: row.id,
        name: row.name,
        addedAt: row.addedAt,
        rate,
        visits: row.visits,
        value: cents === null ? null : cents / 100,
      },
    };
  });
  return {
    perAmenity: lines.map((line) => line.row),
    total: totalCents(lines.flatMap((line) => (line.cents === null ? [] : [line.cents]))) / 100,
  };
}
