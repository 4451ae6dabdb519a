import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UsagePeriod, UsagePoint } from '../api/contract';
import { cx } from '../lib/cx';
import { describeUsagePeriod } from '../lib/usage-period';
import { EmptyNote } from '../ui/empty-note';
import type { QueryLike } from '../ui/query-state';
import { QueryCard } from '../ui/query-card';
import { Skeleton } from '../ui/skeleton';
import { ToggleGroup } from '../ui/toggle-group';
import { useNearViewport } from '../ui/use-near-viewport';
import { CoverageLine, CoverageLinePlace } from './coverage-line';

// The body (legend, table, data shaping) and the chart with uPlot load as the card nears the
// viewport, both at once: a phone whose first screen does not reach the card downloads neither
// before the reader scrolls, and routes without the card never do.
const loadUsageBody = () => import('./usage-body');
const loadUsageChart = () => import('../ui/charts/usage-chart');
const UsageBody = lazy(() => loadUsageBody().then((module) => ({ default: module.UsageBody })));

/** Fixed, so the card keeps its height while loading, refetching or switching periods. */
export const CHART_BOX = 'h-[260px]';

const PERIOD_OPTIONS = [
  { value: 'day', label: 'Daily' },
  { value: 'week', label: 'Weekly' },
  { value: 'month', label: 'Monthly' },
] as const;

const VIEW_OPTIONS = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
] as const;
export type UsageView = (typeof VIEW_OPTIONS)[number]['value'];

/**
 * Amenity Usage Over Time (spec section 2): the line chart with its period toggle, a legend that
 * reads out the hovered (or latest) values, and a table view as the chart's text alternative.
 * While another period loads, the previous lines stay on screen, dimmed.
 */
export function UsageChartCard({
  query,
  period,
  onPeriodChange,
  days,
  timeZone,
  dark,
  coverageDays,
}: {
  query: QueryLike<readonly UsagePoint[]>;
  period: UsagePeriod;
  onPeriodChange: (next: UsagePeriod) => void;
  /** The dashboard's date range, which the Monthly view covers. */
  days: number;
  timeZone: string;
  dark: boolean;
  /** The gaps window (days) reaching the first point: the chart states its coverage under it. */
  coverageDays?: number;
}) {
  const [view, setView] = useState<UsageView>('chart');
  const card = useRef<HTMLElement>(null);
  const near = useNearViewport(card);
  // Fetch the body's and the chart's code together, alongside the data, not one after another.
  useEffect(() => {
    if (!near) return;
    void loadUsageBody();
    void loadUsageChart();
  }, [near]);
  return (
    <QueryCard
      ref={card}
      title="Amenity Usage Over Time"
      description={describeUsagePeriod(period, days)}
      actions={
        <>
          <ToggleGroup
            label="Period"
            options={PERIOD_OPTIONS}
            value={period}
            onChange={onPeriodChange}
          />
          <ToggleGroup label="Show as" options={VIEW_OPTIONS} value={view} onChange={setView} />
        </>
      }
      query={query}
      label="amenity usage over time"
      skeleton={
        <>
          <UsageSkeleton />
          {coverageDays !== undefined ? (
            <div className="mt-2">
              <CoverageLinePlace periods={1} />
            </div>
          ) : null}
        </>
      }
      isEmpty={(points) => points.length === 0}
      empty={<EmptyNote title="No usage recorded for this period yet." />}
    >
      {(points) => (
        <>
          {near ? (
            <Suspense fallback={<UsageSkeleton />}>
              <UsageBody
                points={points}
                view={view}
                period={period}
                timeZone={timeZone}
                dark={dark}
                refreshing={query.isPlaceholderData === true}
                asOf={query.dataUpdatedAt}
              />
            </Suspense>
          ) : (
            <UsageSkeleton still />
          )}
          {coverageDays !== undefined && points[0] ? (
            <div className="mt-2">
              <CoverageLine
                days={coverageDays}
                periods={[{ from: Date.parse(points[0].time) }]}
                timeZone={timeZone}
              />
            </div>
          ) : null}
        </>
      )}
    </QueryCard>
  );
}

/**
 * `still` while the card waits off screen for the reader to scroll near: nothing is loading yet,
 * and an endless pulse there cost the phone's main thread for as long as the page stayed open.
 */
export function UsageSkeleton({ still = false }: { still?: boolean }) {
  return (
    <div data-testid="usage-skeleton" className="grid gap-3">
      <Skeleton className="h-10 w-full" still={still} />
      <Skeleton className={cx(CHART_BOX, 'w-full')} still={still} />
    </div>
  );
}
