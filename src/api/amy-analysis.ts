import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, EventAnalysisSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

export function analysisQuery() {
  return queryOptions({
    queryKey: [API_PATHS.analysis],
    queryFn: contractQueryFn(EventAnalysisSchema),
    refetchInterval: REFRESH.analysis,
  });
}

export function useAmyAnalysis() {
  return useQuery({ ...analysisQuery(), refetchInterval: useRefreshInterval(REFRESH.analysis) });
}
