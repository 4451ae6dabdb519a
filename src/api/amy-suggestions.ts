import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, SuggestionListSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/** `month` 1-12, or undefined for the current month (spec section 4). */
export function suggestionsQuery(month?: number) {
  return queryOptions({
    queryKey: [API_PATHS.suggestions, { month }],
    queryFn: contractQueryFn(SuggestionListSchema),
    refetchInterval: REFRESH.suggestions,
  });
}

export function useAmySuggestions(month?: number) {
  return useQuery({
    ...suggestionsQuery(month),
    refetchInterval: useRefreshInterval(REFRESH.suggestions),
    placeholderData: keepPreviousData,
  });
}
