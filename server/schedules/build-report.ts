import {
  archivedAmenityName,
  type SCHEDULE_CADENCES,
  type SCHEDULE_KINDS,
} from '../../src/api/contract';
import { calendarPeriod } from '../../src/features/reports/calendar';
import { REPORT_TIMELINE } from '../../src/features/reports/periods';
import {
  periodCoverage,
  pointDate,
  reportClosures,
  summarizeUsage,
  usageReportCsv,
  type VisitColumn,
} from '../../src/features/reports/report-builders';
import type { Community } from '../community';
import type { Queryable } from '../db/database';
import { usageGaps } from '../endpoints/gaps';
import { usageTimeline } from '../endpoints/timeline';

/**
 * A scheduled report, built on the server from the database with the app's own report
 * definitions: the same timeline the Reports page reads (GET /api/usage/timeline), the same
 * calendar period (previous week or month in the community's zone), the same sensor gaps
 * (GET /api/usage/gaps) and coverage sentence, summarizeUsage for the figures and usageReportCsv for
 * the file. So an archived report and one generated in the app agree.
 */

export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];

export type BuiltReport = {
  kind: ScheduleKind;
  title: string;
  periodFrom: string;
  periodTo: string;
  csv: string;
  summary: {
    totalVisits: number;
    /** Null when no time in the period had every sensor reporting (not known, not 0). */
    dailyAverage: number | null;
    coverage: { coveredMs: number; totalMs: number; text: string };
    periodDays: number;
    busiestDay: { date: string; visits: number } | null;
    perAmenity: { id: string; name: string; visits: number; share: number; addedAt?: string }[];
  };
};

const monthName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  );

export async function buildUsageReport(
  db: Queryable,
  community: Community,
  cadence: ScheduleCadence,
  now: number,
): Promise<BuiltReport> {
  const period = cadence === 'weekly' ? 'week' : 'month';
  const timeZone = community.timeZone;
  const calendar = calendarPeriod(period, now, timeZone);
  const context = { db, community, now };
  // One after the other: `db` may be a transaction's client, which runs one query at a time.
  const points = await usageTimeline(context, REPORT_TIMELINE.period, REPORT_TIMELINE.days);
  const gaps = await usageGaps(context, REPORT_TIMELINE.days);
  const coverage = periodCoverage(gaps, calendar, timeZone);
  // Archived amenities too where they had visits in the period: a report of a past period
  // counts every visit made in it, so archiving one later does not change the report.
  const inPeriod = points.filter((point) => {
    const date = pointDate(point, timeZone);
    return date >= calendar.from && date <= calendar.to;
  });
  const visited = (slug: string) => inPeriod.some((point) => (point.amenities?.[slug] ?? 0) > 0);
  const column = (slug: string, label: string): VisitColumn => ({
    id: slug,
    label,
    value: (point) => point.amenities?.[slug] ?? 0,
  });
  const columns = [
    ...community.amenities.map((amenity) => column(amenity.slug, amenity.name)),
    ...community.archivedAmenities
      .filter((amenity) => visited(amenity.slug))
      .map((amenity) => column(amenity.slug, archivedAmenityName(amenity.name))),
  ];
  const usage = summarizeUsage(points, columns, calendar, timeZone, coverage);
  const title =
    period === 'month'
      ? `${monthName(calendar.from)} usage report`
      : `Usage report, week of ${calendar.from}`;
  // The same file as the app's own download of this report, titled with its dates.
  const closures = reportClosures(
    [
      ...community.amenities.map((amenity) => ({ ...amenity, archived: false })),
      ...community.archivedAmenities.map((amenity) => ({ ...amenity, archived: true })),
    ],
    calendar.from,
    calendar.to,
  );
  const csv = usageReportCsv(usage, columns, { period, timeZone, now, title, closures });
  return {
    kind: 'usage',
    title,
    periodFrom: calendar.from,
    periodTo: calendar.to,
    csv,
    summary: {
      totalVisits: usage.totalVisits,
      dailyAverage: usage.dailyAverage,
      coverage: { coveredMs: coverage.coveredMs, totalMs: coverage.totalMs, text: coverage.text },
      periodDays: calendar.days,
      busiestDay: usage.busiestDay,
      perAmenity: usage.perAmenity.map(({ id, name, visits, share, addedAt }) => ({
        id,
        name,
        visits,
        share,
        ...(addedAt === null ? {} : { addedAt: new Date(addedAt).toISOString() }),
      })),
    },
  };
}
