import { useId, useState, type ReactNode } from 'react';
import type { DashboardMetrics } from '../../api/contract';
import { cx } from '../../lib/cx';
import { describeChange, formatCount, formatPercent, formatThousands } from '../../lib/format';
import { visitValueRates } from '../../lib/visit-value';
import { Icon } from '../../ui/icons';
import { InfoButton } from '../../ui/info-button';
import { QueryState, type QueryLike } from '../../ui/query-state';
import { Skeleton } from '../../ui/skeleton';

// Two by two on a phone: the four figures fit the first screen with the live status below them.
const GRID = 'grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4';

/**
 * The cards' periods in which no sensor reported at all (lib/coverage.ts, anyReading): a count
 * over such a period is not known, so it reads "—", not 0.
 */
export type SilentPeriods = { today: boolean; last30Days: boolean };

type MetricSpec = {
  title: string;
  tip: (currency: string) => string;
  value: (metrics: DashboardMetrics, currency: string, silent?: SilentPeriods) => string;
  footer: (metrics: DashboardMetrics, silent?: SilentPeriods) => ReactNode;
};

const NO_READING_TODAY = (
  <span className="text-slate-600 dark:text-slate-400">No reading today</span>
);

const METRICS: readonly MetricSpec[] = [
  {
    title: 'Active Users Today',
    tip: () =>
      'Visits to any amenity since midnight: every entry counts, so a resident who visits two amenities counts twice.',
    value: (metrics, _currency, silent) =>
      silent?.today ? '—' : formatCount(metrics.activeUsersToday),
    footer: (metrics, silent) =>
      silent?.today ? (
        NO_READING_TODAY
      ) : (
        <ChangeLine change={metrics.activeUsersChange} against="vs yesterday" />
      ),
  },
  {
    title: 'Peak Amenity Usage',
    tip: () => "The highest occupancy reached today, as a percentage of the amenity's capacity.",
    // No amenity named: none reported today (none set up yet, or silent), so no 0% as fact.
    value: (metrics) => (metrics.peakAmenity ? formatPercent(metrics.peakUsage) : '—'),
    footer: (metrics) =>
      metrics.peakAmenity ? (
        <span className="text-slate-600 dark:text-slate-400">{`${metrics.peakAmenity} today`}</span>
      ) : (
        NO_READING_TODAY
      ),
  },
  {
    title: 'Avg. Session Time',
    tip: () =>
      'How long a resident stays at an amenity per visit, on average over the last 30 days, against the 30 days before.',
    value: (metrics) => metrics.avgSessionTime,
    footer: (metrics) => (
      <ChangeLine change={metrics.sessionTimeChange} against="vs prior 30 days" />
    ),
  },
  {
    title: 'Revenue Impact',
    tip: (currency) =>
      `The estimated value residents get from the amenities each month, used to justify fees: the last 30 days' visits times each amenity's value per visit, set in Amenities (by default by type: ${visitValueRates(currency)}).`,
    value: (metrics, currency, silent) =>
      silent?.last30Days ? '—' : formatThousands(metrics.revenueImpact, currency),
    footer: () => <span className="text-slate-600 dark:text-slate-400">Monthly amenity value</span>,
  },
];

/**
 * The four metric cards (spec sections 2 and 4): while loading, the same cards with their titles
 * and placeholder figures (so nothing below moves when the figures arrive), nothing when there is
 * no data, change arrows green up for >= 0 and red down for < 0.
 */
export function MetricCards({
  query,
  currency,
  silent,
}: {
  query: QueryLike<DashboardMetrics | null>;
  currency: string;
  silent?: SilentPeriods;
}) {
  return (
    <QueryState
      query={query}
      label="dashboard metrics"
      skeleton={
        <ul className={GRID}>
          {METRICS.map((metric) => (
            <MetricCard
              key={metric.title}
              testId="metric-skeleton"
              title={metric.title}
              tip={metric.tip(currency)}
              value={<Skeleton className="h-8 w-20 sm:h-9" />}
              footer={<Skeleton className="h-4 w-24" />}
            />
          ))}
        </ul>
      }
    >
      {(metrics) => (
        <ul className={GRID} aria-label="Key metrics">
          {METRICS.map((metric) => (
            <MetricCard
              key={metric.title}
              title={metric.title}
              tip={metric.tip(currency)}
              value={metric.value(metrics, currency, silent)}
              footer={metric.footer(metrics, silent)}
            />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function MetricCard({
  title,
  tip,
  value,
  footer,
  testId,
}: {
  title: string;
  tip: string;
  value: ReactNode;
  footer: ReactNode;
  testId?: string;
}) {
  const [showTip, setShowTip] = useState(false);
  const tipId = useId();
  return (
    <li
      data-testid={testId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-slate-700 dark:text-slate-300">{title}</h2>
        <InfoButton
          label={title}
          tip={tip}
          expanded={showTip}
          controls={tipId}
          onToggle={() => setShowTip((open) => !open)}
        />
      </div>
      <div className="mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</div>
      {/* Two lines kept on phones, where a long amenity name wraps: nothing jumps when it does. */}
      <div className="mt-1 flex min-h-8 flex-wrap items-center gap-x-1 text-xs sm:min-h-5 sm:text-sm">
        {footer}
      </div>
      <p
        id={tipId}
        hidden={!showTip}
        className="mt-2 rounded-md bg-slate-50 p-2 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
      >
        {tip}
      </p>
    </li>
  );
}

/** Spec section 4: > 0 is a green up arrow, < 0 a red down arrow, with the magnitude; 0 no arrow. */
export function ChangeLine({ change, against }: { change: number | null; against: string }) {
  const { direction, magnitude } = describeChange(change);
  const up = direction === 'up';
  const none = direction === 'none';
  return (
    <>
      <span
        data-direction={direction}
        data-tone={none ? 'neutral' : up ? 'green' : 'red'}
        className={cx(
          'inline-flex items-center gap-0.5 font-medium',
          none
            ? 'text-slate-700 dark:text-slate-300'
            : up
              ? 'text-green-700 dark:text-green-400'
              : 'text-red-700 dark:text-red-400',
        )}
      >
        {none ? null : (
          <>
            <Icon name={up ? 'arrowUp' : 'arrowDown'} className="h-4 w-4" />
            <span className="sr-only">{up ? 'Up' : 'Down'} </span>
          </>
        )}
        {magnitude}
      </span>
      {change === null ? null : (
        <span className="text-slate-600 dark:text-slate-400">{against}</span>
      )}
    </>
  );
}
