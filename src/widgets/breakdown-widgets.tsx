import { useMemo } from 'react';
import type { AmenityAnalytics, DayRange } from '../api/contract';
import { useAmenityAnalytics } from '../api/amenity-analytics';
import { useAmenityPopularity } from '../api/popularity';
import { useCommunity } from '../api/community';
import { useUsageGapsAhead } from '../api/gaps';
import { CoverageLine } from './coverage-line';
import { PopularityCard } from './popularity-card';

/**
 * Amenity Popularity, which the Dashboard and Analytics pages share. A module of its own (not
 * analytics-widgets.tsx): on the dashboard it sits below the first screen and its code loads only
 * as the reader scrolls near it; on Analytics it is on the first screen, and the cards below it
 * are in peak-and-trends-widgets.tsx.
 */

export function AmenityPopularity({ days }: { days: DayRange }) {
  const { timeZone } = useCommunity();
  const amenities = useAmenityAnalytics().data;
  const neverReported = useMemo(() => neverReportedNames(amenities ?? []), [amenities]);
  useUsageGapsAhead(days);
  return (
    <PopularityCard
      query={useAmenityPopularity(days)}
      days={days}
      neverReported={neverReported}
      coverage={<CoverageLine days={days} periods={[{}]} timeZone={timeZone} />}
    />
  );
}

/**
 * Names of the amenities that never sent a reading (`lastReadingAt` null), joined by name with the
 * popularity list: a name two amenities share counts only when neither ever reported.
 */
export function neverReportedNames(
  amenities: readonly Pick<AmenityAnalytics, 'name' | 'lastReadingAt'>[],
): ReadonlySet<string> {
  const reported = new Set(amenities.filter((a) => a.lastReadingAt !== null).map((a) => a.name));
  return new Set(
    amenities.filter((a) => a.lastReadingAt === null && !reported.has(a.name)).map((a) => a.name),
  );
}
