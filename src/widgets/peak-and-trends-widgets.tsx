import { useAmenityAnalytics } from '../api/amenity-analytics';
import { useAmyAnalysis } from '../api/amy-analysis';
import { EventTrendsCard } from './event-trends';
import { PeakHoursCard } from './peak-hours-card';

/**
 * Peak Usage Hours and Event Performance Trends, each subscribed to its own query: below the first
 * screen on the Dashboard and on Analytics, so their code loads only as the reader scrolls near.
 */

export function PeakUsageHours({ highlightId }: { highlightId?: string }) {
  return <PeakHoursCard query={useAmenityAnalytics()} highlightId={highlightId} />;
}

export function EventPerformanceTrends() {
  return <EventTrendsCard query={useAmyAnalysis()} />;
}
