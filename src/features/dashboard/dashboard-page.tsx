import { useState } from 'react';
import { DAY_RANGES, DEFAULT_DAY_RANGE, type UsagePeriod } from '../../api/contract';
import { useAmenityAnalytics } from '../../api/amenity-analytics';
import { useAmyAnalysis } from '../../api/amy-analysis';
import { useAmySuggestions } from '../../api/amy-suggestions';
import { useDashboardMetrics } from '../../api/metrics';
import { useAmenityPopularity } from '../../api/popularity';
import { useUsageTimeline } from '../../api/timeline';
import { formatLastUpdate } from '../../lib/format';
import { usePersistentChoice } from '../../lib/persistent-state';
import { TIMEZONES, useSettings } from '../../lib/settings';
import { DASHBOARD_RANGE_KEY } from '../../lib/storage-keys';
import { useNow } from '../../lib/use-now';
import { EventTrendsCard } from '../../ui/cards/event-analysis-cards';
import { LiveStatusCard } from '../../ui/cards/live-status-card';
import { PeakHoursCard } from '../../ui/cards/peak-hours-card';
import { PopularityCard } from '../../ui/cards/popularity-card';
import { UsageChartCard } from '../../ui/cards/usage-chart-card';
import { Icon } from '../../ui/icons';
import { LiveBadge } from '../../ui/live-badge';
import { useMappedQuery } from '../../ui/map-query';
import { RangeSelect } from '../../ui/range-select';
import { AmySuggestionsCard } from './amy-suggestions-card';
import { toAmenityViews } from './amenity-views';
import { Insights } from './insights';
import { MetricCards } from './metric-cards';
import { QuickActions } from './quick-actions';

/** Spec section 9: the last-update label refreshes every 30 s. */
const LABEL_REFRESH_MS = 30_000;

export function DashboardPage() {
  const settings = useSettings();
  const timeZone = TIMEZONES[settings.timezone].iana;
  const [days, setDays] = usePersistentChoice(DASHBOARD_RANGE_KEY, DAY_RANGES, DEFAULT_DAY_RANGE);
  const [period, setPeriod] = useState<UsagePeriod>('day');

  const metrics = useDashboardMetrics();
  const timeline = useUsageTimeline(period, days);
  const popularity = useAmenityPopularity(days);
  const amenities = useMappedQuery(useAmenityAnalytics(), toAmenityViews);
  const suggestions = useAmySuggestions();
  const analysis = useAmyAnalysis();

  return (
    <div className="grid gap-4 sm:gap-6">
      <title>Dashboard · CommonGround</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
          <LastUpdate updatedAt={metrics.dataUpdatedAt} timeZone={timeZone} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <RangeSelect value={days} options={DAY_RANGES} onChange={setDays} />
          <LiveBadge />
        </div>
      </header>

      <MetricCards query={metrics} currency={settings.currency} />

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <UsageChartCard
            query={timeline}
            period={period}
            onPeriodChange={setPeriod}
            days={days}
            timeZone={timeZone}
            dark={settings.darkMode}
          />
        </div>
        <PopularityCard query={popularity} days={days} />
      </div>

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <PeakHoursCard query={amenities} />
        <LiveStatusCard query={amenities} timeZone={timeZone} />
      </div>

      <Insights />
      <QuickActions days={days} />

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <AmySuggestionsCard query={suggestions} />
        <EventTrendsCard query={analysis} />
      </div>
    </div>
  );
}

/** 'Just now', 'N minutes ago' or a clock time, from when the metrics last arrived. */
function LastUpdate({ updatedAt, timeZone }: { updatedAt: number; timeZone: string }) {
  const now = useNow(LABEL_REFRESH_MS);
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
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
  );
}
