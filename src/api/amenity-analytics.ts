import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, AmenityAnalyticsListSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

export function amenityAnalyticsQuery() {
  return queryOptions({
    queryKey: [API_PATHS.amenityAnalytics],
    queryFn: contractQueryFn(AmenityAnalyticsListSchema),
    refetchInterval: REFRESH.live,
  });
}

export function useAmenityAnalytics() {
  return useQuery({
    ...amenityAnalyticsQuery(),
    refetchInterval: useRefreshInterval(REFRESH.live),
  });
}
