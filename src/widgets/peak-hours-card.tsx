import { cx } from '../lib/cx';
import { formatCount, formatPercent } from '../lib/format';
import { liveReading, peakOf } from '../lib/live-reading';
import { EmptyNote } from '../ui/empty-note';
import { amenityIcon, PageIcon } from '../ui/page-icons';
import { ProgressBar } from '../ui/progress-bar';
import type { QueryLike } from '../ui/query-state';
import { QueryCard } from '../ui/query-card';
import { ListSkeleton } from '../ui/list-skeleton';
import type { AmenityAnalytics } from '../api/contract';

/** Peak Usage Hours by Amenity (spec section 2). `highlightId` marks the amenity in focus. */
export function PeakHoursCard({
  query,
  highlightId,
}: {
  query: QueryLike<readonly AmenityAnalytics[]>;
  highlightId?: string;
}) {
  return (
    <QueryCard
      title="Peak Usage Hours by Amenity"
      description="Busiest two hours over the last 30 days (not set by the Date range), and how full each is now"

      query={query}
      label="peak usage hours"
      skeleton={<ListSkeleton />}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyNote title="No amenities reported yet." />}
    >
      {(amenities) => (
        <ul className="grid gap-2">
          {amenities.map((amenity) => {
            const focused = amenity.id === highlightId;
            const peak = peakOf(amenity);
            return (
              <li
                key={amenity.id}
                aria-current={focused ? 'true' : undefined}
                className={cx(
                  'flex items-center gap-3 rounded-lg p-2',
                  focused && 'bg-brand-50 ring-2 ring-brand-600 dark:bg-brand-900/40',
                )}
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  <PageIcon name={amenityIcon(amenity.type)} />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="font-medium">{amenity.name}</p>
                    {peak ? (
                      <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
                        {formatCount(peak.users)} at peak
                      </p>
                    ) : null}
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {peak ? `Peak ${peak.time}` : 'No data yet'}
                  </p>
                  <NowUsage amenity={amenity} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </QueryCard>
  );
}

/** How full it is now; the Live Amenity Status card says since when a silent one has no reading. */
function NowUsage({ amenity }: { amenity: AmenityAnalytics }) {
  const reading = liveReading(amenity);
  return (
    <div className="mt-1 flex items-center gap-2">
      <ProgressBar percent={reading.live ? reading.percent : 0} />
      <span className="w-20 shrink-0 text-right text-xs text-slate-600 tabular-nums dark:text-slate-400">
        {reading.live ? `${formatPercent(reading.percent)} usage` : 'no reading'}
      </span>
    </div>
  );
}
