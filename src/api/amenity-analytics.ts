import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCommunity } from './community';
import { API_PATHS, AmenityAnalyticsListSchema, type AmenityAnalytics } from './contract';
import { localizeAmenities } from './localize';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

export function amenityAnalyticsQuery() {
  return queryOptions({
    queryKey: [API_PATHS.amenityAnalytics],
    queryFn: contractQueryFn(AmenityAnalyticsListSchema),
    refetchInterval: REFRESH.live,
  });
}

/**
 * The amenities, with their peak windows shown in the time zone chosen in Settings. `refresh:
 * false` for a card that only reads what another card keeps fresh.
 */
export function useAmenityAnalytics({ refresh = true }: { refresh?: boolean } = {}) {
  const zone = useCommunity().timeZone;
  const interval = useRefreshInterval(REFRESH.live);
  const select = useCallback((list: AmenityAnalytics[]) => localizeAmenities(list, zone), [zone]);
  return useQuery({
    ...amenityAnalyticsQuery(),
    refetchInterval: refresh ? interval : false,
    select,
  });
}
