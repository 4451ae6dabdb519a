import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, SensorsSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/** The people counters with their health, and unknown devices heard from. */
export function sensorsQuery() {
  return queryOptions({
    queryKey: [API_PATHS.sensors],
    queryFn: contractQueryFn(SensorsSchema),
    refetchInterval: REFRESH.live,
  });
}

/** `refresh: false` for a reader of what another component keeps fresh. */
export function useSensors({ refresh = true }: { refresh?: boolean } = {}) {
  const interval = useRefreshInterval(REFRESH.live);
  return useQuery({ ...sensorsQuery(), refetchInterval: refresh ? interval : false });
}
