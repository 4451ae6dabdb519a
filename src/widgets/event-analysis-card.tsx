import type { ReactNode } from 'react';
import { useAmyAnalysis } from '../api/amy-analysis';
import type { EventAnalysis as EventAnalysisData } from '../api/contract';
import { formatCount, formatCountOf, formatPercent, titleCase } from '../lib/format';
import { PageIcon } from '../ui/page-icons';
import { ProgressBar } from '../ui/progress-bar';
import type { QueryLike } from '../ui/query-state';
import { QueryCard } from '../ui/query-card';
import { ListSkeleton } from '../ui/list-skeleton';
import { AnalysisPeriodNote, emptyAnalysis, MonthlyTrends, noEvents } from './event-trends';

/** A block of the analysis; `empty` is said instead of an empty box when its list has nothing. */
function Block({
  title,
  children,
  empty,
}: {
  title: string;
  children: ReactNode;
  empty: string | null;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-800">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      {empty === null ? (
        children
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      )}
    </div>
  );
}

/** Said in a block whose list is empty while others are not (months counted, no event held). */
export const NO_EVENTS_IN_MONTHS = 'No event recorded in these months.';

/**
 * The event analysis (spec section 3): monthly trends, popular categories, best performing
 * amenities and seasonal insights, under a note of the days they cover (AnalysisPeriodNote).
 */
export function EventAnalysisCard({ query }: { query: QueryLike<EventAnalysisData> }) {
  return (
    <QueryCard
      title="Event Analysis"
      description="How past community events performed"
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
          <div className="lg:col-span-2">
            <AnalysisPeriodNote
              trends={analysis.monthlyTrends}
              updatedAt={query.dataUpdatedAt}
              extra="Monthly trends are per month; categories, amenities and insights are over all these months."
            />
          </div>
          <Block
            title="Monthly Trends"
            empty={analysis.monthlyTrends.length === 0 ? NO_EVENTS_IN_MONTHS : null}
          >
            <MonthlyTrends trends={analysis.monthlyTrends} />
          </Block>
          <Block
            title="Popular Categories"
            empty={analysis.popularCategories.length === 0 ? NO_EVENTS_IN_MONTHS : null}
          >
            <ul className="grid gap-2 text-sm">
              {analysis.popularCategories.map((category) => (
                <li key={category.category}>
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-medium">{titleCase(category.category)}</span>
                    <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                      {formatCountOf(category.count, 'event')} ·{' '}
                      {formatPercent(category.avgSuccess)} success
                    </span>
                  </div>
                  <ProgressBar percent={category.avgSuccess} className="mt-1" />
                </li>
              ))}
            </ul>
          </Block>
          <Block
            title="Best Performing Amenities"
            empty={analysis.bestPerformingAmenities.length === 0 ? NO_EVENTS_IN_MONTHS : null}
          >
            <ol className="grid gap-2 text-sm">
              {analysis.bestPerformingAmenities.map((amenity, rank) => (
                <li key={amenity.amenity} className="flex items-center gap-3">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold dark:bg-slate-800">
                    {rank + 1}
                  </span>
                  <span className="min-w-0 flex-1 font-medium">{amenity.amenity}</span>
                  <span className="text-right text-xs text-slate-600 tabular-nums dark:text-slate-400">
                    {formatCountOf(amenity.eventCount, 'event')}
                    <br />
                    {formatCount(amenity.avgAttendance)} avg.
                  </span>
                </li>
              ))}
            </ol>
          </Block>
          <Block
            title="Seasonal Insights"
            empty={
              analysis.seasonalInsights.length === 0
                ? 'No seasonal pattern yet: too few events in these months.'
                : null
            }
          >
            <ul className="grid gap-2 text-sm">
              {analysis.seasonalInsights.map((insight) => (
                <li key={insight} className="flex items-start gap-2">
                  <PageIcon
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
    </QueryCard>
  );
}

/** The Analytics page's Event Analysis, wired to Amy's analysis. */
export function EventAnalysis() {
  return <EventAnalysisCard query={useAmyAnalysis()} />;
}
