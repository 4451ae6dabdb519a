import { useId, useState, type ReactNode } from 'react';
import type { DashboardMetrics } from '../../api/contract';
import { cx } from '../../lib/cx';
import { describeChange, formatCount, formatPercent, formatThousands } from '../../lib/format';
import { Icon } from '../../ui/icons';
import { InfoButton } from '../../ui/info-button';
import { QueryState, type QueryLike } from '../../ui/query-state';
import { Skeleton } from '../../ui/skeleton';

const GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';

/**
 * The four metric cards (spec sections 2 and 4): four skeleton cards while loading, nothing when
 * there is no data, change arrows green up for >= 0 and red down for < 0.
 */
export function MetricCards({
  query,
  currency,
}: {
  query: QueryLike<DashboardMetrics | null>;
  currency: string;
}) {
  return (
    <QueryState
      query={query}
      label="dashboard metrics"
      skeleton={
        <div className={GRID}>
          {[0, 1, 2, 3].map((i) => (
            <div
              key={i}
              data-testid="metric-skeleton"
              className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <Skeleton className="h-4 w-28" />
              <Skeleton className="mt-3 h-8 w-20" />
              <Skeleton className="mt-2 h-4 w-32" />
            </div>
          ))}
        </div>
      }
    >
      {(metrics) => (
        <ul className={GRID} aria-label="Key metrics">
          <MetricCard
            title="Active Users Today"
            tip="Visits to any amenity since midnight: every entry counts, so a resident who visits two amenities counts twice."
            value={formatCount(metrics.activeUsersToday)}
            footer={<ChangeLine change={metrics.activeUsersChange} against="vs yesterday" />}
          />
          <MetricCard
            title="Peak Amenity Usage"
            tip="The highest occupancy reached today, as a percentage of the amenity's capacity."
            value={formatPercent(metrics.peakUsage)}
            footer={
              <span className="text-slate-600 dark:text-slate-400">{metrics.peakAmenity}</span>
            }
          />
          <MetricCard
            title="Avg. Session Time"
            tip="How long a resident stays at an amenity per visit, on average."
            value={metrics.avgSessionTime}
            footer={<ChangeLine change={metrics.sessionTimeChange} against="vs last month" />}
          />
          <MetricCard
            title="Revenue Impact"
            tip="The estimated value residents get from the amenities each month, used to justify fees."
            value={formatThousands(metrics.revenueImpact, currency)}
            footer={
              <span className="text-slate-600 dark:text-slate-400">Monthly amenity value</span>
            }
          />
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
}: {
  title: string;
  tip: string;
  value: string;
  footer: ReactNode;
}) {
  const [showTip, setShowTip] = useState(false);
  const tipId = useId();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
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
      <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</p>
      <p className="mt-1 flex items-center gap-1 text-sm">{footer}</p>
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

/** Spec section 4: >= 0 is a green up arrow, < 0 a red down arrow, with the magnitude. */
export function ChangeLine({ change, against }: { change: number; against: string }) {
  const { direction, magnitude } = describeChange(change);
  const up = direction === 'up';
  return (
    <>
      <span
        data-direction={direction}
        className={cx(
          'inline-flex items-center gap-0.5 font-medium',
          up ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
        )}
      >
        <Icon name={up ? 'arrowUp' : 'arrowDown'} className="h-4 w-4" />
        <span className="sr-only">{up ? 'Up' : 'Down'} </span>
        {magnitude}
      </span>
      <span className="text-slate-600 dark:text-slate-400">{against}</span>
    </>
  );
}
