import { useQuery } from '@tanstack/react-query';
import { amenityAnalyticsQuery } from './amenity-analytics';
import type { AmenityAnalytics } from './contract';

/** The live amenities' types and names: what a card labels its figures with. */
export type AmenityNames = readonly { type: string; name: string }[];

const namesOf = (list: AmenityAnalytics[]): AmenityNames =>
  list.map(({ type, name }) => ({ type, name }));

/**
 * The amenities' names for a card that labels by them: 'loading' while the list is first fetched,
 * 'unknown' when it could not be (the card then names amenity types). It reads what the cards
 * that show the amenities keep fresh, and renders again only when a name or type changes. A
 * module of its own, for the lazily loaded cards that use it: the first screen loads none of it.
 */
export function useAmenityNames(): AmenityNames | 'loading' | 'unknown' {
  const names = useQuery({ ...amenityAnalyticsQuery(), refetchInterval: false, select: namesOf });
  if (names.data) return names.data;
  return names.fetchStatus === 'fetching' ? 'loading' : 'unknown';
}
