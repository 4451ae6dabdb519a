import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_PATHS,
  AmenityAnalyticsListSchema,
  normalizeStatus,
  type AmenityAnalytics,
  type AmenityStatus,
} from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/** An amenity as the screens read it: its status normalised (unknown values are closed). */
export type AmenityDetail = Omit<AmenityAnalytics, 'status'> & { status: AmenityStatus };

export function amenityAnalyticsQuery() {
  return queryOptions({
    queryKey: [API_PATHS.amenityAnalytics],
    queryFn: contractQueryFn(AmenityAnalyticsListSchema),
    refetchInterval: REFRESH.live,
  });
}

/** Spec section 4: any unknown status displays as closed; normalised once, for every screen. */
export function normalizeAmenities(list: AmenityAnalytics[]): AmenityDetail[] {
  return list.map((amenity) => ({ ...amenity, status: normalizeStatus(amenity.status) }));
}

export function useAmenityAnalytics() {
  return useQuery({
    ...amenityAnalyticsQuery(),
    select: normalizeAmenities,
    refetchInterval: useRefreshInterval(REFRESH.live),
  });
}
