import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCommunity } from './community';
import { API_PATHS, SuggestionListSchema, type Suggestion } from './contract';
import { localizeSuggestions } from './localize';
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

/** Amy's suggestions, their dates and times shown in the time zone chosen in Settings. */
export function useAmySuggestions(month?: number) {
  const zone = useCommunity().timeZone;
  const select = useCallback((list: Suggestion[]) => localizeSuggestions(list, zone), [zone]);
  return useQuery({
    ...suggestionsQuery(month),
    refetchInterval: useRefreshInterval(REFRESH.suggestions),
    placeholderData: keepPreviousData,
    select,
  });
}
