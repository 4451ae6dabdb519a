import type { ReactNode } from 'react';
import { describeRange } from '../lib/date-range';
import { formatPercent } from '../lib/format';
import { DonutChart } from '../ui/charts/donut-chart';
import { EmptyNote } from '../ui/empty-note';
import type { QueryLike } from '../ui/query-state';
import { QueryCard } from '../ui/query-card';
import { Skeleton } from '../ui/skeleton';
import type { PopularityEntry } from '../api/contract';

/** Amenity Popularity (spec section 2): the donut of usage shares with its legend. */
export function PopularityCard({
  query,
  days,
  coverage,
  neverReported,
}: {
  query: QueryLike<readonly PopularityEntry[]>;
  days: number;
  /**
   * Names of amenities that never sent a reading: their 0% is not a count, so they say "no data".
   * (The popularity list has names only; the caller joins them with the amenity list.)
   */
  neverReported?: ReadonlySet<string>;
  /** The sensors' coverage of the range, said under the figures (widgets/coverage-line). */
  coverage?: ReactNode;
}) {
  return (
    <QueryCard
      bodyClassName="@container"
      title="Amenity Popularity"
      description={`Share of visits, ${describeRange(days)}`}

      query={query}
      label="amenity popularity"
      skeleton={
        <div className="flex flex-col items-center gap-4">
          <Skeleton className="aspect-square w-full max-w-[240px] rounded-full" />
          <div className="grid w-full gap-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        </div>
      }
      isEmpty={(entries) => entries.every((entry) => !(entry.percentage > 0))}
      empty={<EmptyNote title="No visits recorded in this range yet." />}
    >
      {(entries) => (
        <div className="grid gap-3">
          <PopularityBody
            entries={entries}
            refreshing={query.isPlaceholderData}
            neverReported={neverReported}
          />
          {coverage}
        </div>
      )}
    </QueryCard>
  );
}

function PopularityBody({
  entries,
  refreshing,
  neverReported,
}: {
  entries: readonly PopularityEntry[];
  refreshing?: boolean;
  neverReported?: ReadonlySet<string>;
}) {
  // A share above 0 was counted whatever the amenity list says; only a 0 can be "no data".
  const noData = (entry: PopularityEntry) =>
    !(entry.percentage > 0) && (neverReported?.has(entry.name) ?? false);
  const sorted = [...entries].sort(
    (a, b) => Number(noData(a)) - Number(noData(b)) || b.percentage - a.percentage,
  );
  const top = sorted[0];
  return (
    <div
      aria-busy={refreshing || undefined}
      className={
        refreshing
          ? 'flex flex-col items-center gap-4 opacity-50 transition-opacity @lg:flex-row'
          : 'flex flex-col items-center gap-4 transition-opacity @lg:flex-row'
      }
    >
      <DonutChart
        slices={sorted.map((entry) => ({
          label: entry.name,
          value: entry.percentage,
          color: entry.color,
        }))}
        label="Donut chart of each amenity's share of visits; the figures are in the list."
        centerValue={top ? formatPercent(top.percentage) : undefined}
        centerLabel={top ? 'most visited' : undefined}
      />
      <ul className="grid w-full gap-1.5 text-sm" aria-label="Popularity legend">
        {sorted.map((entry) => (
          <li key={entry.name} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="h-3 w-3 shrink-0 rounded-sm"
              style={{ backgroundColor: entry.color }}
            />
            <span className="min-w-0 flex-1 text-slate-700 dark:text-slate-300">{entry.name}</span>
            {noData(entry) ? (
              <span className="text-slate-600 dark:text-slate-400">no data</span>
            ) : (
              <span className="font-semibold tabular-nums">{formatPercent(entry.percentage)}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
