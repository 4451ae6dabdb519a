import { useCommunity } from '../api/community';
import { timeZoneLabel } from '../lib/community-profile';
import { formatCount, formatCountOf, formatPercent, titleCase } from '../lib/format';
import { dateFormat } from '../lib/intl-formats';
import { shortMonthName } from '../lib/months';
import { todayIn } from '../lib/zoned-time';
import { EmptyNote } from '../ui/empty-note';
import { PageIcon } from '../ui/page-icons';
import { ProgressBar } from '../ui/progress-bar';
import type { QueryLike } from '../ui/query-state';
import { QueryCard } from '../ui/query-card';
import { ListSkeleton } from '../ui/list-skeleton';
import type { EventAnalysis } from '../api/contract';

export const noEvents = (analysis: EventAnalysis) =>
  analysis.monthlyTrends.length === 0 &&
  analysis.popularCategories.length === 0 &&
  analysis.bestPerformingAmenities.length === 0 &&
  analysis.seasonalInsights.length === 0;

export const emptyAnalysis = (
  <EmptyNote title="No past events to analyse yet.">
    Trends appear here once events have been recorded.
  </EmptyNote>
);

/** The days Amy's analysis covers, in the community's zone (yyyy-mm-dd, both included). */
export type AnalysisSpan = {
  from: string;
  to: string;
  /** Her newest month ("Nov 2026") when it is the month she analysed in: counted so far. */
  soFar: string | null;
};

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
const monthYear = (year: number, month: number) =>
  dateFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );

/**
 * The days of Amy's monthly trends (consecutive months, oldest first, named "Jun"), seen from the
 * day her analysis was made (`analysedOn`, yyyy-mm-dd): her newest month is the latest month up
 * to that day with its name, counted up to that day when it is that day's month. Null without
 * months, or when no month of the last 12 has the newest one's name.
 */
export function analysisSpan(
  trends: EventAnalysis['monthlyTrends'],
  analysedOn: string,
): AnalysisSpan | null {
  const newest = trends.at(-1);
  if (!newest) return null;
  // Months counted from year 0, so stepping back across January is a subtraction.
  const today = Number(analysedOn.slice(0, 4)) * 12 + Number(analysedOn.slice(5, 7)) - 1;
  let last = today;
  while (shortMonthName((last % 12) + 1) !== newest.month) {
    if (today - last >= 11) return null;
    last--;
  }
  const first = last - (trends.length - 1);
  const year = (index: number) => Math.floor(index / 12);
  const month = (index: number) => (index % 12) + 1;
  const current = last === today;
  return {
    from: iso(year(first), month(first), 1),
    // Day 0 of the next month: the month's last day.
    to: current ? analysedOn : iso(year(last), month(last) + 1, 0),
    soFar: current ? monthYear(year(last), month(last)) : null,
  };
}

const spanDate = (date: string) =>
  dateFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T12:00:00Z`),
  );

/**
 * What Amy's event figures cover, said under a card's heading: the days (her months, the newest
 * so far), the community's time zone, and that they come from the events recorded, not the
 * sensors. `updatedAt` is when the analysis was fetched (its day is the day she analysed).
 */
export function AnalysisPeriodNote({
  trends,
  updatedAt,
  extra,
}: {
  trends: EventAnalysis['monthlyTrends'];
  updatedAt: number;
  /** What the card's other figures are over, added after the sentence. */
  extra?: string;
}) {
  const { timeZone } = useCommunity();
  // No fetch time (0): no day to date the months from.
  const span = updatedAt > 0 ? analysisSpan(trends, todayIn(timeZone, updatedAt)) : null;
  if (!span) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="analysis-period">
      Events held {spanDate(span.from)} – {spanDate(span.to)}
      {span.soFar ? ` (${span.soFar} so far)` : ''}, {timeZoneLabel(timeZone)}, from Amy&rsquo;s
      analysis of the events recorded, not the people counters.{extra ? ` ${extra}` : ''}
    </p>
  );
}

/**
 * Monthly events and average attendance, as rows of bars (readable at any width). Amy's last
 * month is the current one, counted up to today: it says "so far", so it is not read as whole.
 */
export function MonthlyTrends({ trends }: { trends: EventAnalysis['monthlyTrends'] }) {
  if (trends.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No monthly data yet.</p>;
  const max = Math.max(...trends.map((trend) => trend.avgAttendance), 1);
  return (
    <ul className="grid gap-2 text-sm">
      {trends.map((trend, index) => (
        <li key={trend.month} className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3">
          <span className="font-medium">{trend.month}</span>
          <div className="min-w-0">
            <ProgressBar
              percent={(trend.avgAttendance / max) * 100}
              color="var(--color-brand-600)"
            />
            <p className="mt-0.5 text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatCount(trend.events)} {trend.events === 1 ? 'event' : 'events'}
              {index === trends.length - 1 ? ' so far' : ''}
              {/* No event, no attendance to average: not an average of 0. */}
              {trend.events > 0 ? ` · ${formatCount(trend.avgAttendance)} avg. attendance` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Event Performance Trends (dashboard): monthly trends and the best category. */
export function EventTrendsCard({ query }: { query: QueryLike<EventAnalysis> }) {
  return (
    <QueryCard
      title="Event Performance Trends"
      description="Events per month over the last 12 months (this month so far), and their average attendance"
      query={query}
      label="event performance trends"
      skeleton={<ListSkeleton rows={5} />}
      isEmpty={noEvents}
      empty={emptyAnalysis}
    >
      {(analysis) => {
        const best = [...analysis.popularCategories].sort((a, b) => b.avgSuccess - a.avgSuccess)[0];
        return (
          <div className="grid gap-4">
            <AnalysisPeriodNote
              trends={analysis.monthlyTrends}
              updatedAt={query.dataUpdatedAt}
              extra={best ? 'The best category is over all these months.' : undefined}
            />
            <MonthlyTrends trends={analysis.monthlyTrends} />
            {best ? (
              <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
                <PageIcon
                  name="trending"
                  className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-500"
                />
                <span>
                  {titleCase(best.category)} events do best: {formatPercent(best.avgSuccess)}{' '}
                  average success over {formatCountOf(best.count, 'event')}.
                </span>
              </p>
            ) : null}
          </div>
        );
      }}
    </QueryCard>
  );
}
