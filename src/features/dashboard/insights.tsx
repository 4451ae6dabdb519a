import type { DayRange } from '../../api/contract';
import { useQuery } from '@tanstack/react-query';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import { useCommunity } from '../../api/community';
import { popularityQuery } from '../../api/popularity';
import { describeRange } from '../../lib/date-range';
import { Badge } from '../../ui/badge';
import { EmptyNote } from '../../ui/empty-note';
import { PageIcon } from '../../ui/page-icons';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryCard } from '../../ui/query-card';
import { deriveInsights, MIN_HISTORY_DAYS, rangeStart, tooLittleHistory } from './insight-rules';

/**
 * Recent Insights & Recommendations (spec section 2): the spec's three card titles, computed
 * from the live amenity figures and the range's popularity (insight-rules.ts) instead of fixed
 * text. Shown once both have arrived; the queries are the ones the Popularity and Live Status
 * cards own.
 */
export function Insights({ days }: { days: DayRange }) {
  // The cards that own these queries refresh them; this one only reads them.
  const amenities = useAmenityAnalytics({ refresh: false });
  const popularity = useQuery({ ...popularityQuery(days), refetchInterval: false });
  const { timeZone } = useCommunity();
  const range = describeRange(days);
  // The range as the popularity was counted: up to when it answered, in the community's zone.
  const young =
    amenities.data !== undefined && tooLittleHistory(amenities.data, popularity.dataUpdatedAt);
  const data =
    amenities.data && popularity.data
      ? young
        ? []
        : deriveInsights(
            amenities.data,
            popularity.data,
            range,
            rangeStart(days, popularity.dataUpdatedAt, timeZone),
          )
      : undefined;
  // One query-like view of the two: loading until both answer, the first error otherwise.
  const query = {
    data,
    error: amenities.error ?? popularity.error,
    status:
      data !== undefined
        ? ('success' as const)
        : amenities.status === 'error' || popularity.status === 'error'
          ? ('error' as const)
          : ('pending' as const),
    fetchStatus:
      amenities.fetchStatus === 'paused' || popularity.fetchStatus === 'paused'
        ? ('paused' as const)
        : amenities.fetchStatus === 'fetching' || popularity.fetchStatus === 'fetching'
          ? ('fetching' as const)
          : ('idle' as const),
    dataUpdatedAt: Math.min(amenities.dataUpdatedAt, popularity.dataUpdatedAt),
    refetch: () => Promise.all([amenities.refetch(), popularity.refetch()]),
  };
  return (
    <QueryCard
      title="Recent Insights & Recommendations"
      description={`From the amenity figures: peaks over the last 30 days, visits over the ${range}`}
      query={query}
      label="insights"
      skeleton={<ListSkeleton rows={3} />}
      isEmpty={(list) => list.length === 0}
      empty={
        young ? (
          <EmptyNote
            title={`Recommendations start once the amenities have ${MIN_HISTORY_DAYS} days of data.`}
          />
        ) : (
          <EmptyNote title="Nothing stands out in this range: no amenity near capacity and none under-used." />
        )
      }
    >
      {(insights) => (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
          {insights.map((insight) => (
            <li
              key={insight.impact}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
            >
              <div className="flex items-start justify-between gap-2">
                <PageIcon
                  name={insight.icon}
                  className="h-5 w-5 shrink-0 text-slate-600 dark:text-slate-300"
                />
                <Badge tone={insight.tone}>{insight.impact}</Badge>
              </div>
              <h3 className="mt-2 font-semibold">{insight.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {insight.description}
              </p>
            </li>
          ))}
        </ul>
      )}
    </QueryCard>
  );
}
