import { useId, type ReactNode } from 'react';
import { titleCase } from '../../lib/display-rules';
import { formatCount, formatPercent } from '../../lib/format';
import { Card, CardBody, CardHeader } from '../card';
import { EmptyNote } from '../empty-note';
import { Icon } from '../icons';
import { ProgressBar } from '../progress-bar';
import { QueryState, type QueryLike } from '../query-state';
import { ListSkeleton } from '../list-skeleton';
import type { EventAnalysisView } from './types';

const noEvents = (analysis: EventAnalysisView) =>
  analysis.monthlyTrends.length === 0 &&
  analysis.popularCategories.length === 0 &&
  analysis.bestPerformingAmenities.length === 0 &&
  analysis.seasonalInsights.length === 0;

const emptyAnalysis = (
  <EmptyNote title="No past events to analyse yet.">
    Trends appear here once events have been recorded.
  </EmptyNote>
);

/** Monthly events and average attendance, as rows of bars (readable at any width). */
function MonthlyTrends({ trends }: { trends: EventAnalysisView['monthlyTrends'] }) {
  if (trends.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No monthly data yet.</p>;
  const max = Math.max(...trends.map((trend) => trend.avgAttendance), 1);
  return (
    <ul className="grid gap-2 text-sm">
      {trends.map((trend) => (
        <li key={trend.month} className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3">
          <span className="font-medium">{trend.month}</span>
          <div className="min-w-0">
            <ProgressBar
              percent={(trend.avgAttendance / max) * 100}
              color="var(--color-brand-600)"
            />
            <p className="mt-0.5 text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatCount(trend.events)} {trend.events === 1 ? 'event' : 'events'} ·{' '}
              {formatCount(trend.avgAttendance)} avg. attendance
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Event Performance Trends (dashboard): monthly trends and the best category. */
export function EventTrendsCard({ query }: { query: QueryLike<EventAnalysisView> }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Event Performance Trends"
        description="Events per month and their average attendance"
      />
      <CardBody>
        <QueryState
          query={query}
          label="event performance trends"
          skeleton={<ListSkeleton rows={5} />}
          isEmpty={noEvents}
          empty={emptyAnalysis}
        >
          {(analysis) => {
            const best = [...analysis.popularCategories].sort(
              (a, b) => b.avgSuccess - a.avgSuccess,
            )[0];
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
        </QueryState>
      </CardBody>
    </Card>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-800">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      {children}
    </div>
  );
}

/**
 * The event analysis (spec section 3): monthly trends, popular categories, best performing
 * amenities and seasonal insights.
 */
export function EventAnalysisCard({ query }: { query: QueryLike<EventAnalysisView> }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Event Analysis"
        description="How past community events performed"
      />
      <CardBody>
        <QueryState
          query={query}
          label="event analysis"
          skeleton={
            <div className="grid gap-4 lg:grid-cols-2">
              <ListSkeleton rows={3} />
              <ListSkeleton rows={3} />
            </div>
          }
          isEmpty={noEvents}
          empty={emptyAnalysis}
        >
          {(analysis) => (
            <div className="grid gap-4 lg:grid-cols-2">
              <Block title="Monthly Trends">
                <MonthlyTrends trends={analysis.monthlyTrends} />
              </Block>
              <Block title="Popular Categories">
                <ul className="grid gap-2 text-sm">
                  {analysis.popularCategories.map((category) => (
                    <li key={category.category}>
                      <div className="flex items-baseline justify-between gap-3">
                        <span className="font-medium">{titleCase(category.category)}</span>
                        <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                          {formatCount(category.count)} events ·{' '}
                          {formatPercent(category.avgSuccess)} success
                        </span>
                      </div>
                      <ProgressBar percent={category.avgSuccess} className="mt-1" />
                    </li>
                  ))}
                </ul>
              </Block>
              <Block title="Best Performing Amenities">
                <ol className="grid gap-2 text-sm">
                  {analysis.bestPerformingAmenities.map((amenity, rank) => (
                    <li key={amenity.amenity} className="flex items-center gap-3">
                      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold dark:bg-slate-800">
                        {rank + 1}
                      </span>
                      <span className="min-w-0 flex-1 font-medium">{amenity.amenity}</span>
                      <span className="text-right text-xs text-slate-600 tabular-nums dark:text-slate-400">
                        {formatCount(amenity.eventCount)} events
                        <br />
                        {formatCount(amenity.avgAttendance)} avg.
                      </span>
                    </li>
                  ))}
                </ol>
              </Block>
              <Block title="Seasonal Insights">
                <ul className="grid gap-2 text-sm">
                  {analysis.seasonalInsights.map((insight) => (
                    <li key={insight} className="flex items-start gap-2">
                      <Icon
                        name="lightbulb"
                        className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400"
                      />
                      <span>{insight}</span>
                    </li>
                  ))}
                </ul>
              </Block>
            </div>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}
