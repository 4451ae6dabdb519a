import type { DayRange, UsagePeriod } from '../api/contract';
import { useAmenityAnalytics } from '../api/amenity-analytics';
import { useAmyAnalysis } from '../api/amy-analysis';
import { useAmenityPopularity } from '../api/popularity';
import { useUsageTimeline } from '../api/timeline';
import { EventAnalysisCard, EventTrendsCard } from '../ui/cards/event-analysis-cards';
import { LiveStatusCard } from '../ui/cards/live-status-card';
import { PeakHoursCard } from '../ui/cards/peak-hours-card';
import { PopularityCard } from '../ui/cards/popularity-card';
import { UsageChartCard } from '../ui/cards/usage-chart-card';

/**
 * The analytics cards the Dashboard and Analytics pages share, each subscribed to its own query:
 * when one endpoint answers (every 30 s), only its card renders again, not the page.
 */

export function UsageOverTime(props: {
  period: UsagePeriod;
  onPeriodChange: (period: UsagePeriod) => void;
  days: DayRange;
  timeZone: string;
  dark: boolean;
}) {
  return <UsageChartCard query={useUsageTimeline(props.period, props.days)} {...props} />;
}

export function AmenityPopularity({ days }: { days: DayRange }) {
  return <PopularityCard query={useAmenityPopularity(days)} days={days} />;
}

export function PeakUsageHours({ highlightId }: { highlightId?: string }) {
  return <PeakHoursCard query={useAmenityAnalytics()} highlightId={highlightId} />;
}

export function LiveAmenityStatus({
  timeZone,
  highlightId,
}: {
  timeZone: string;
  highlightId?: string;
}) {
  return (
    <LiveStatusCard query={useAmenityAnalytics()} timeZone={timeZone} highlightId={highlightId} />
  );
}

export function EventPerformanceTrends() {
  return <EventTrendsCard query={useAmyAnalysis()} />;
}

export function EventAnalysis() {
  return <EventAnalysisCard query={useAmyAnalysis()} />;
}
