import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydratedSearchParams } from '../../lib/hydration';
import { TimesIn } from '../../ui/times-in';
import { DAY_RANGES, DEFAULT_DAY_RANGE } from '../../api/contract';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import { usePersistentChoice } from '../../lib/persistent-state';
import { useCommunity } from '../../api/community';
import { useSettings } from '../../lib/settings';
import { DASHBOARD_RANGE_KEY } from '../../lib/storage-keys';
import { LiveBadge } from '../../ui/live-badge';
import { RangeSelect } from '../../ui/range-select';
import { UsageOverTime } from '../../widgets/analytics-widgets';
import { AmenityPopularity } from '../../widgets/breakdown-widgets';
import { AmenityFocusCard } from './amenity-focus-card';
import { PageHeader } from '../../ui/page-header';
import { Deferred } from '../../ui/deferred';
import { useAmyAnalysis } from '../../api/amy-analysis';
import { useSensors } from '../../api/sensors';

/** The cards below the first screen load their code as the reader scrolls near them. */
const AnalyticsBelowTheFold = lazy(async () => ({
  default: (await import('./analytics-below')).AnalyticsBelowTheFold,
}));

/**
 * Analytics (spec section 2): the dashboard's analytics cards plus the event analysis. The date
 * range is the dashboard's (one choice, remembered on the device). `?amenity=<id>` puts one
 * amenity in focus at the top and highlights it in the lists.
 */
export function AnalyticsPage() {
  const settings = useSettings();
  const timeZone = useCommunity().timeZone;
  const [urlParams] = useSearchParams();
  const focusId = useHydratedSearchParams(urlParams).get('amenity')?.trim() || undefined;
  const [days, setDays] = usePersistentChoice(DASHBOARD_RANGE_KEY, DAY_RANGES, DEFAULT_DAY_RANGE);

  const amenities = useAmenityAnalytics();
  const highlightId = amenities.data?.some((amenity) => amenity.id === focusId)
    ? focusId
    : undefined;

  return (
    <div className="grid gap-4 sm:gap-6">
      <PageHeader
        title="Analytics"
        description={
          <>
            How residents use the amenities, and how past events performed.{' '}
            <TimesIn timeZone={timeZone} />
          </>
        }
        actions={
          <>
            <RangeSelect value={days} options={DAY_RANGES} onChange={setDays} />
            <AmenitiesLiveBadge />
          </>
        }
      />

      {focusId ? <AmenityFocusCard amenityId={focusId} query={amenities} /> : null}

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <UsageOverTime days={days} timeZone={timeZone} dark={settings.darkMode} />
        </div>
        <AmenityPopularity days={days} />
      </div>

      <BelowTheFoldData />
      <Deferred minHeight="80rem">
        <AnalyticsBelowTheFold timeZone={timeZone} highlightId={highlightId} />
      </Deferred>
    </div>
  );
}

/**
 * The badge pings as the amenities' live figures arrive: its own subscription, so only it
 * re-renders on each refresh, not the page.
 */
function AmenitiesLiveBadge() {
  return <LiveBadge updatedAt={useAmenityAnalytics().dataUpdatedAt} />;
}

/**
 * Keeps the queries of the cards below the fold fetched and refreshed before they render (as on
 * the dashboard), so the offline snapshot holds every number of the page. Renders nothing.
 */
function BelowTheFoldData() {
  useAmyAnalysis();
  useSensors();
  return null;
}
