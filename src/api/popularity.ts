import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, PopularitySchema, type DayRange } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/** Share of visits per amenity over the last `days` days (1-366; reports ask for a year). */
export function popularityQuery(days?: DayRange | number) {
  return queryOptions({
    queryKey: [API_PATHS.popularity, { days }],
    queryFn: contractQueryFn(PopularitySchema),
    refetchInterval: REFRESH.live,
  });
}

export function useAmenityPopularity(days?: DayRange) {
  return useQuery({
    ...popularityQuery(days),
    refetchInterval: useRefreshInterval(REFRESH.live),
    placeholderData: keepPreviousData,
  });
}
