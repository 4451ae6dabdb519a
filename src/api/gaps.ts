import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, UsageGapsSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/**
 * When each amenity's sensors were silent over the last `days` days (from local midnight
 * `days`-1 days ago to now): what every coverage statement is computed from (lib/coverage.ts).
 */
export function gapsQuery(days: number) {
  return queryOptions({
    queryKey: [API_PATHS.gaps, { days }],
    queryFn: contractQueryFn(UsageGapsSchema),
    refetchInterval: REFRESH.live,
  });
}

export function useUsageGaps(days: number) {
  return useQuery(useLiveGapsOptions(days));
}

/**
 * Asks for a card's gaps together with its data instead of after it: its coverage line renders
 * only once the data is there, so the line's own request would wait a round trip for the card's
 * (and the prerender, which records the first frame's queries, would leave it out of the page's
 * first answers). Never re-renders the caller; the line subscribes for itself.
 */
export function useUsageGapsAhead(days: number): void {
  useQuery({ ...useLiveGapsOptions(days), notifyOnChangeProps: [] });
}

/** The gaps query refreshed live, unless the user turned auto-refresh off. */
function useLiveGapsOptions(days: number) {
  return { ...gapsQuery(days), refetchInterval: useRefreshInterval(REFRESH.live) };
}
