import { lazy, Suspense, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { amenityAnalyticsQuery } from '../api/amenity-analytics';
import { useAmenityNames } from '../api/amenity-names';
import type { AmenityAnalytics, UsagePeriod, UsagePoint } from '../api/contract';
import { liveReading } from '../lib/live-reading';
import { cx } from '../lib/cx';
import { USAGE_LINES_KEY } from '../lib/storage-keys';
import { readStoredLineChoices, storeLineChoices } from '../lib/usage-line-choices';
import { formatCount } from '../lib/format';
import {
  formatUsageTime,
  partialBucketIndex,
  readoutIndex,
  shownUsageLines,
  sliceUsageChartData,
  toggleUsageLine,
  toUsageChartData,
  USAGE_LINES,
  usageLinesOf,
  type UsageChartData,
  type UsageLine,
  type UsageLineChoices,
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

// The lines the reader chose to show or hide, remembered on the device (lib/usage-line-choices):
// the dashboard's card and Analytics' share them, and they outlive a reload. By amenity id, so a
// choice means the same amenity wherever it is drawn. Read at the first render, not as the module
// loads; a render that hydrates a prerendered frame uses no choice (NO_CHOICES), as the frame did.
const NO_CHOICES: UsageLineChoices = new Map();
let lineChoices: UsageLineChoices | null = null;
const choiceListeners = new Set<() => void>();
const subscribeToChoices = (listener: () => void) => {
  choiceListeners.add(listener);
  return () => {
    choiceListeners.delete(listener);
  };
};
const readChoices = () => (lineChoices ??= readStoredLineChoices());
const noChoices = () => NO_CHOICES;
function setLineChoices(next: UsageLineChoices) {
  if (next === lineChoices) return;
  lineChoices = next;
  storeLineChoices(next);
  for (const listener of choiceListeners) listener();
}

const notReportingIds = (list: AmenityAnalytics[]) =>
  list.filter((amenity) => !liveReading(amenity).live).map((amenity) => amenity.id);

/**
 * The amenities with no live reading now (none in 15 minutes: Live Amenity Status's "No reading
 * since …"), by id. Their count of the bucket under way stopped when their sensor did, so it is
 * not a count "so far".
 */
function useNotReporting(): ReadonlySet<string> {
  const ids = useQuery({
    ...amenityAnalyticsQuery(),
    refetchInterval: false,
    select: notReportingIds,
  }).data;
  return useMemo(() => new Set(ids), [ids]);
}

/** What a line reads for the bucket under way when its amenity is not reporting. */
const NO_READING = 'No reading';

/** Each test starts with no choice made (and none stored). */
export function resetUsageLineChoicesForTests() {
  lineChoices = null;
  localStorage.removeItem(USAGE_LINES_KEY);
}

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
  const lines = useMemo(
    () =>
      amenities === 'loading'
        ? []
        : amenities === 'unknown'
          ? USAGE_LINES
          : usageLinesOf(amenities, points),
    [amenities, points],
  );
  const choices = useSyncExternalStore(subscribeToChoices, readChoices, noChoices);
  const shown = useMemo(() => shownUsageLines(lines, choices), [lines, choices]);
  const data = useMemo(() => toUsageChartData(points, shown), [points, shown]);
  const partial = partialBucketIndex(data.times, period, asOf);
  // The line stops at the last complete bucket; the unfinished one is read out "so far".
  const complete = useMemo(
    () => (partial === null ? data : sliceUsageChartData(data, partial)),
    [data, partial],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const notReporting = useNotReporting();
  if (amenities === 'loading') return <UsageSkeleton />;
  if (shown.length === 0) {
    return (
      <EmptyNote
        title={
          amenities !== 'unknown' && amenities.length > 0
            ? // Points from an older server or snapshot carry the four types' visits only.
              'No visits per amenity in this data to chart.'
            : 'No amenity to chart yet. Add one in Amenities.'
        }
      />
    );
  }
  return (
    <div aria-busy={refreshing || undefined} className="transition-opacity aria-busy:opacity-50">
      {view === 'chart' ? (
        <>
          <UsageLegend
            data={data}
            lines={lines}
            shown={shown}
            onToggle={(key) => setLineChoices(toggleUsageLine(lines, choices, key))}
            index={
              hovered !== null
                ? readoutIndex(hovered, complete.times.length)
                : readoutIndex(null, data.times.length)
            }
            hovering={hovered !== null}
            partial={hovered === null && partial !== null}
            notReporting={notReporting}
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
                lines={shown}
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
          lines={shown}
          partial={partial}
          notReporting={notReporting}
          period={period}
          timeZone={timeZone}
        />
      )}
    </div>
  );
}

/**
 * The legend doubles as the hover readout (each shown line's value at the hovered point) and as
 * the choice of lines: each entry is a toggle button, in usageLinesOf's order (the default lines,
 * then the other amenities), so an entry keeps its place as it is shown or hidden. The last line
 * drawn cannot be hidden.
 */
function UsageLegend({
  data,
  lines,
  shown,
  onToggle,
  index,
  hovering,
  partial,
  notReporting,
  period,
  timeZone,
}: {
  data: UsageChartData;
  /** Every line the community can see. */
  lines: readonly UsageLine[];
  /** The lines drawn: the columns of `data`, in order. */
  shown: readonly UsageLine[];
  onToggle: (key: string) => void;
  index: number | null;
  hovering: boolean;
  /** The point read out is an unfinished bucket: its values are "so far". */
  partial: boolean;
  /** Amenities with no live reading: their value "so far" is not known. */
  notReporting: ReadonlySet<string>;
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
      <ul className="mt-1 flex flex-wrap gap-x-3 md:gap-y-1" aria-label="Usage legend">
        {lines.map((line) => {
          const column = shown.indexOf(line) + 1;
          const drawn = column > 0;
          const value = !drawn || index === null ? undefined : data.columns[column]?.[index];
          const last = drawn && shown.length === 1;
          return (
            <li key={line.key} className="flex min-w-0 items-center gap-1.5">
              <button
                type="button"
                aria-pressed={drawn}
                // The last line drawn stays: a chart of no lines would read as no visits.
                disabled={last}
                title={
                  last ? 'The last line stays' : drawn ? 'Hide from the chart' : 'Show on the chart'
                }
                onClick={() => onToggle(line.key)}
                className={cx(
                  'inline-flex min-h-11 min-w-0 items-center gap-1.5 rounded-md text-left md:min-h-8',
                  'enabled:hover:bg-slate-100 dark:enabled:hover:bg-slate-800',
                  drawn
                    ? '-mx-1 px-1 text-slate-700 dark:text-slate-300'
                    : // Dashed, like a slot to fill: a line that can be added.
                      'border border-dashed border-slate-300 px-2 text-slate-600 dark:border-slate-600 dark:text-slate-400',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cx('h-1 w-4 shrink-0 rounded-full', drawn ? undefined : 'opacity-50')}
                  style={{ backgroundColor: line.color }}
                />
                {line.label}
              </button>
              {drawn ? (
                <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
                  {partial && notReporting.has(line.key)
                    ? NO_READING
                    : value === undefined
                      ? '–'
                      : value === null
                        ? 'No data'
                        : formatCount(value)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const NONE: ReadonlySet<string> = new Set();

/** The text alternative of the chart: every point, in time order. */
export function UsageTable({
  data,
  lines,
  partial = null,
  notReporting = NONE,
  period,
  timeZone,
}: {
  data: UsageChartData;
  /** The lines drawn: the columns of `data`, in order. */
  lines: readonly UsageLine[];
  /** The row of an unfinished bucket, marked "so far". */
  partial?: number | null;
  /** Amenities with no live reading: their value in the unfinished row is not known. */
  notReporting?: ReadonlySet<string>;
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
            {lines.map((line) => (
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
              {lines.map((line, i) => {
                const value = data.columns[i + 1]?.[row];
                return (
                  <td key={line.key} className="px-3 py-1.5 text-right tabular-nums">
                    {row === partial && notReporting.has(line.key)
                      ? NO_READING
                      : value === null
                        ? 'No data'
                        : formatCount(value ?? 0)}
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
