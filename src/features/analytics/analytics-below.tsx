import { LiveAmenityStatus } from '../../widgets/live-status-card';
import { EventAnalysis } from '../../widgets/event-analysis-card';
import { PeakUsageHours } from '../../widgets/peak-and-trends-widgets';

/**
 * Analytics' cards below its first screen: their own chunk, loaded as the reader scrolls near
 * them (analytics-page.tsx). Their data is fetched with the page's, so the offline snapshot holds
 * every number whether or not the reader scrolled.
 */
export function AnalyticsBelowTheFold({
  timeZone,
  highlightId,
}: {
  timeZone: string;
  highlightId?: string;
}) {
  return (
    <div className="grid gap-4 sm:gap-6">
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <PeakUsageHours highlightId={highlightId} />
        <LiveAmenityStatus timeZone={timeZone} highlightId={highlightId} />
      </div>
      <EventAnalysis />
    </div>
  );
}
