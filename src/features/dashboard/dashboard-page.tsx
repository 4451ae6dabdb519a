import { lazy } from 'react';
import { DAY_RANGES, DEFAULT_DAY_RANGE, type DayRange } from '../../api/contract';
import { useAmyAnalysis } from '../../api/amy-analysis';
import { useAmySuggestions } from '../../api/amy-suggestions';
import { useDashboardMetrics } from '../../api/metrics';
import { useAmenityPopularity } from '../../api/popularity';
import { anyReading } from '../../lib/coverage';
import { formatLastUpdate } from '../../lib/format';
import { usePersistentChoice } from '../../lib/persistent-state';
import { useCommunity } from '../../api/community';
import { useSettings } from '../../lib/settings';
import { DASHBOARD_RANGE_KEY } from '../../lib/storage-keys';
import { useNow } from '../../lib/use-now';
import { Deferred } from '../../ui/deferred';
import { Icon } from '../../ui/icons';
import { LiveBadge } from '../../ui/live-badge';
import { RangeSelect } from '../../ui/range-select';
import { UsageOverTime } from '../../widgets/analytics-widgets';
import { LiveAmenityStatus } from '../../widgets/live-status-card';
import { CoverageText, usePeriodsCoverage, type PeriodCoverage } from '../../widgets/coverage-line';
import { todayIn, zonedTimeToUtc } from '../../lib/zoned-time';
import { MetricCards, type SilentPeriods } from './metric-cards';
import { PageHeader } from '../../ui/page-header';
import { TimesIn } from '../../ui/times-in';

const BelowTheFold = lazy(() =>
  import('./below-the-fold').then((module) => ({ default: module.BelowTheFold })),
);

/** Spec section 9: the last-update label refreshes every 30 s. */
const LABEL_REFRESH_MS = 30_000;

/**
 * Spec section 2, Dashboard. Each widget subscribes to its own query, so an answer from one
 * endpoint re-renders that widget only.
 */
export function DashboardPage() {
  const settings = useSettings();
  const community = useCommunity();
  const timeZone = community.timeZone;
  const [days, setDays] = usePersistentChoice(DASHBOARD_RANGE_KEY, DAY_RANGES, DEFAULT_DAY_RANGE);

  return (
    <div className="grid gap-4 sm:gap-6">
      <PageHeader
        title="Dashboard"
        description={<LastUpdate timeZone={timeZone} />}
        actions={
          <>
            <RangeSelect value={days} options={DAY_RANGES} onChange={setDays} />
            <MetricsLiveBadge />
          </>
        }
      />

      <Metrics currency={community.currency} timeZone={timeZone} />

      {/* The walk-around question first: who is where, and what is near capacity. */}
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
        <LiveAmenityStatus timeZone={timeZone} />
        <div className="min-w-0 lg:col-span-2">
          <UsageOverTime days={days} timeZone={timeZone} dark={settings.darkMode} />
        </div>
      </div>

      <BelowTheFoldData days={days} />
      <Deferred minHeight="120rem">
        <BelowTheFold days={days} />
      </Deferred>
    </div>
  );
}

function Metrics({ currency, timeZone }: { currency: string; timeZone: string }) {
  const periods = kpiPeriods(timeZone);
  const covered = usePeriodsCoverage(KPI_DAYS, periods, timeZone);
  return (
    <div className="grid gap-2">
      <MetricCards
        query={useDashboardMetrics()}
        currency={currency}
        silent={silentPeriods(covered)}
      />
      <CoverageText covered={covered} periods={periods.length} />
    </div>
  );
}

/** The cards' gaps window: today and the 29 days before it. */
const KPI_DAYS = 30;

/**
 * The cards' periods, covered: today (Active Users, Peak Usage) and the last 30 days (session
 * time, revenue impact), said once under the cards.
 */
const kpiPeriods = (timeZone: string) => [
  { label: 'Today', from: zonedTimeToUtc(todayIn(timeZone), '00:00', timeZone).getTime() },
  { label: 'Last 30 days' },
];

/**
 * Which of the cards' periods no sensor reported in at all, from the same coverage as the line
 * under them; none while the gaps are on the way (the figures do not wait for them).
 */
function silentPeriods(covered: PeriodCoverage[] | undefined): SilentPeriods | undefined {
  const [today, last30Days] = covered ?? [];
  if (!today || !last30Days) return undefined;
  return { today: !anyReading(today.summary), last30Days: !anyReading(last30Days.summary) };
}

/**
 * Keeps the queries of the cards below the fold fetched and refreshed before their code loads, so
 * the offline snapshot holds every number of the page. Renders nothing, so their answers re-render
 * only this component.
 */
function BelowTheFoldData({ days }: { days: DayRange }) {
  useAmenityPopularity(days);
  useAmySuggestions();
  useAmyAnalysis();
  return null;
}

/** The badge pings as the metrics arrive: its own subscription, so only it re-renders. */
function MetricsLiveBadge() {
  return <LiveBadge updatedAt={useDashboardMetrics().dataUpdatedAt} />;
}

/** 'Just now', 'N minutes ago' or a clock time, from when the metrics last arrived. */
function LastUpdate({ timeZone }: { timeZone: string }) {
  const updatedAt = useDashboardMetrics().dataUpdatedAt;
  const now = useNow(LABEL_REFRESH_MS);
  // Two lines at every width: side by side, the pair would fit one line or two depending on
  // the update's text ("Waiting for the first update…" or "Just now"), and the page below would
  // jump when the figures arrive.
  return (
    <div className="grid gap-0.5">
      <p className="flex items-center gap-1.5">
        <Icon name="clock" className="h-4 w-4" />
        {updatedAt > 0 ? (
          <span>
            Last updated:{' '}
            <span data-testid="last-update">{formatLastUpdate(updatedAt, now, timeZone)}</span>
          </span>
        ) : (
          <span>Waiting for the first update…</span>
        )}
      </p>
      <p>
        <TimesIn timeZone={timeZone} />
      </p>
    </div>
  );
}
