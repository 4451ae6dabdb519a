import { useQuery } from '@tanstack/react-query';
import { amenityAnalyticsQuery } from './amenity-analytics';
import type { AmenityAnalytics } from './contract';

/**
 * The live amenities' ids, types, names and colours, in the list's order: what a card labels its
 * figures with, and the usage chart its lines.
 */
export type AmenityNames = readonly { id: string; type: string; name: string; color: string }[];

const namesOf = (list: AmenityAnalytics[]): AmenityNames =>
  list.map(({ id, type, name, color }) => ({ id, type, name, color }));

/**
 * The amenities' names for a card that labels by them: 'loading' while the list is first fetched,
 * 'unknown' when it could not be (the card then names amenity types). It reads what the cards
 * that show the amenities keep fresh, and renders again only when one of these fields changes. A
 * module of its own, for the lazily loaded cards that use it: the first screen loads none of it.
 */
export function useAmenityNames(): AmenityNames | 'loading' | 'unknown' {
  const names = useQuery({ ...amenityAnalyticsQuery(), refetchInterval: false, select: namesOf });
  if (names.data) return names.data;
  return names.fetchStatus === 'fetching' ? 'loading' : 'unknown';
}
