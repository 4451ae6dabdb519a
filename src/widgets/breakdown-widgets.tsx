import type { DayRange } from '../api/contract';
import { useAmenityAnalytics } from '../api/amenity-analytics';
import { useAmyAnalysis } from '../api/amy-analysis';
import { useAmenityPopularity } from '../api/popularity';
import { useCommunity } from '../api/community';
import { CoverageLine } from './coverage-line';
import { EventTrendsCard } from './event-trends';
import { PeakHoursCard } from './peak-hours-card';
import { PopularityCard } from './popularity-card';

/**
 * The breakdown cards the Dashboard and Analytics pages share, each subscribed to its own query.
 * A module of their own (not analytics-widgets.tsx): on the dashboard they sit below the first
 * screen and their code loads only as the reader scrolls near them.
 */

export function AmenityPopularity({ days }: { days: DayRange }) {
  const { timeZone } = useCommunity();
  return (
    <PopularityCard
      query={useAmenityPopularity(days)}
      days={days}
      coverage={<CoverageLine days={days} periods={[{}]} timeZone={timeZone} />}
    />
  );
}

export function PeakUsageHours({ highlightId }: { highlightId?: string }) {
  return <PeakHoursCard query={useAmenityAnalytics()} highlightId={highlightId} />;
}

export function EventPerformanceTrends() {
  return <EventTrendsCard query={useAmyAnalysis()} />;
}
