import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useAmenityNames } from '../api/amenity-names';
import type { UsagePeriod, UsagePoint } from '../api/contract';
import { cx } from '../lib/cx';
import { formatCount } from '../lib/format';
import {
  formatUsageTime,
  keepUsageSeries,
  partialBucketIndex,
  readoutIndex,
  sliceUsageChartData,
  toUsageChartData,
  USAGE_SERIES,
  usageColumn,
  usageSeriesOf,
  type UsageChartData,
  type UsageSeries,
} from '../lib/usage-chart';
import { EmptyNote } from '../ui/empty-note';
import { Skeleton } from '../ui/skeleton';
import { CHART_BOX, UsageSkeleton, type UsageView } from './usage-chart-card';

/**
 * The body of Amenity Usage Over Time: legend, chart and table. A module of its own so the card
 * loads it, with the data shaping, only as it nears the viewport (usage-chart-card.tsx).
 */

// Lazy apart from the body, which the card loads at the same moment: the legend and the table show
// as soon as this module is in, without waiting for uPlot, the larger download.
const UsageChart = lazy(() =>
  import('../ui/charts/usage-chart').then((module) => ({ default: module.UsageChart })),
);

export function UsageBody({
  points,
  view,
  period,
  timeZone,
  dark,
  refreshing,
  asOf,
}: {
  points: readonly UsagePoint[];
  view: UsageView;
  period: UsagePeriod;
  timeZone: string;
  dark: boolean;
  refreshing: boolean;
  /** When the data was fetched: a bucket still open then is partial. */
  asOf: number;
}) {
  // The lines are named after the community's amenities; when those cannot be had, by type.
  const amenities = useAmenityNames();
  const series = useMemo(
    () =>
      amenities === 'loading'
        ? []
        : amenities === 'unknown'
          ? USAGE_SERIES
          : usageSeriesOf(amenities),
    [amenities],
  );
  const data = useMemo(() => keepUsageSeries(toUsageChartData(points), series), [points, series]);
  const partial = partialBucketIndex(data.times, period, asOf);
  // The line stops at the last complete bucket; the unfinished one is read out "so far".
  const complete = useMemo(
    () => (partial === null ? data : sliceUsageChartData(data, partial)),
    [data, partial],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  if (amenities === 'loading') return <UsageSkeleton />;
  if (series.length === 0) {
    return <EmptyNote title="No lawn, hall, yard or lake amenity to chart." />;
  }
  return (
    <div aria-busy={refreshing || undefined} className="transition-opacity aria-busy:opacity-50">
      {view === 'chart' ? (
        <>
          <UsageLegend
            data={data}
            series={series}
            index={
              hovered !== null
                ? readoutIndex(hovered, complete.times.length)
                : readoutIndex(null, data.times.length)
            }
            hovering={hovered !== null}
            partial={hovered === null && partial !== null}
            period={period}
            timeZone={timeZone}
          />
          <div
            role="img"
            aria-label="Line chart of visitors per amenity. Choose Table to read the values."
            className={cx(CHART_BOX, 'mt-2 w-full')}
          >
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <UsageChart
                data={complete}
                period={period}
                timeZone={timeZone}
                dark={dark}
                onCursor={setHovered}
              />
            </Suspense>
          </div>
        </>
      ) : (
        <UsageTable
          data={data}
          series={series}
          partial={partial}
          period={period}
          timeZone={timeZone}
        />
      )}
    </div>
  );
}

/** The legend doubles as the hover readout: each amenity's value at the hovered point. */
function UsageLegend({
  data,
  series,
  index,
  hovering,
  partial,
  period,
  timeZone,
}: {
  data: UsageChartData;
  series: readonly UsageSeries[];
  index: number | null;
  hovering: boolean;
  /** The point read out is an unfinished bucket: its values are "so far". */
  partial: boolean;
  period: UsagePeriod;
  timeZone: string;
}) {
  const time = index === null ? undefined : data.times[index];
  return (
    <div className="min-h-10 text-sm">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {time === undefined
          ? 'No points'
          : `${hovering ? '' : 'Latest · '}${formatUsageTime(time, period, 'long', timeZone)}${
              partial
                ? ` · ${period === 'day' ? 'this hour' : 'today'} so far (not in the line)`
                : ''
            }`}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label="Usage legend">
        {series.map((line) => {
          const value = index === null ? undefined : data.columns[usageColumn(line.key)]?.[index];
          return (
            <li key={line.key} className="flex items-center gap-1.5 whitespace-nowrap">
              <span
                aria-hidden="true"
                className="h-1 w-4 rounded-full"
                style={{ backgroundColor: line.color }}
              />
              <span className="text-slate-700 dark:text-slate-300">{line.label}</span>
              <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                {value === undefined ? '–' : value === null ? 'No data' : formatCount(value)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The text alternative of the chart: every point, in time order. */
export function UsageTable({
  data,
  series,
  partial = null,
  period,
  timeZone,
}: {
  data: UsageChartData;
  series: readonly UsageSeries[];
  /** The row of an unfinished bucket, marked "so far". */
  partial?: number | null;
  period: UsagePeriod;
  timeZone: string;
}) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-h-[302px] overflow-auto rounded-lg border border-slate-200 dark:border-slate-800"
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          Visitors per amenity, {period === 'day' ? 'per hour' : 'per day'}
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
            {series.map((line) => (
              <th key={line.key} scope="col" className="px-3 py-2 text-right font-medium">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.times.map((time, row) => (
            <tr key={time}>
              <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                {formatUsageTime(time, period, 'long', timeZone)}
                {row === partial ? ' (so far)' : ''}
              </th>
              {series.map((line) => {
                const value = data.columns[usageColumn(line.key)]?.[row];
                return (
                  <td key={line.key} className="px-3 py-1.5 text-right tabular-nums">
                    {value === null ? 'No data' : formatCount(value ?? 0)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
