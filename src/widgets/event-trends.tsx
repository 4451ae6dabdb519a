import { titleCase } from '../lib/display-rules';
import { formatCount, formatPercent } from '../lib/format';
import { EmptyNote } from '../ui/empty-note';
import { Icon } from '../ui/icons';
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
              {index === trends.length - 1 ? ' so far' : ''} · {formatCount(trend.avgAttendance)}{' '}
              avg. attendance
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
            <MonthlyTrends trends={analysis.monthlyTrends} />
            {best ? (
              <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
                <Icon
                  name="trending"
                  className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-500"
                />
                <span>
                  {titleCase(best.category)} events do best: {formatPercent(best.avgSuccess)}{' '}
                  average success over {formatCount(best.count)} events.
                </span>
              </p>
            ) : null}
          </div>
        );
      }}
    </QueryCard>
  );
}
