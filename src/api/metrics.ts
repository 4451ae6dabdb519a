import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, DashboardMetricsSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

export function metricsQuery() {
  return queryOptions({
    queryKey: [API_PATHS.metrics],
    queryFn: contractQueryFn(DashboardMetricsSchema),
    refetchInterval: REFRESH.live,
  });
}

export function useDashboardMetrics() {
  return useQuery({ ...metricsQuery(), refetchInterval: useRefreshInterval(REFRESH.live) });
}
