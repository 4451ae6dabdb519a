import type { DayRange } from '../../api/contract';
import { useAmySuggestions } from '../../api/amy-suggestions';
import { AmenityPopularity } from '../../widgets/breakdown-widgets';
import { EventPerformanceTrends, PeakUsageHours } from '../../widgets/peak-and-trends-widgets';
import { AmySuggestionsCard } from './amy-suggestions-card';
import { Insights } from './insights';
import { QuickActions } from './quick-actions';

/**
 * The dashboard's cards below its first screen: their own chunk, loaded as the reader scrolls
 * near them (dashboard-page.tsx). Their data is fetched with the page's, so the offline snapshot
 * holds every number whether or not the reader scrolled.
 */
export function BelowTheFold({ days }: { days: DayRange }) {
  return (
    <>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <AmenityPopularity days={days} />
        <PeakUsageHours />
      </div>

      <Insights days={days} />
      <QuickActions days={days} />

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <AmySuggestions />
        <EventPerformanceTrends />
      </div>
    </>
  );
}

function AmySuggestions() {
  return <AmySuggestionsCard query={useAmySuggestions()} />;
}
