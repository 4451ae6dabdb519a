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
  return useQuery({ ...gapsQuery(days), refetchInterval: useRefreshInterval(REFRESH.live) });
}
