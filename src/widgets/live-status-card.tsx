import { useAmenityAnalytics } from '../api/amenity-analytics';
import { REFRESH, useRefreshInterval } from '../api/refresh';
import { useSensors } from '../api/sensors';
import { silentSensorsLine } from '../lib/silent-sensors';
import { useConnectivity } from '../lib/connectivity';
import { formatClockTime, formatCount } from '../lib/format';
import { liveReading, noReadingText } from '../lib/live-reading';
import { useNow } from '../lib/use-now';
import { cx } from '../lib/cx';
import { CAPACITY_ALERT_PERCENT, isOverCapacityAlert, STATUS_LABELS } from '../lib/usage-levels';
import { EmptyNote } from '../ui/empty-note';
import { ProgressBar } from '../ui/progress-bar';
import type { QueryLike } from '../ui/query-state';
import { QueryCard } from '../ui/query-card';
import { StatusDot } from '../ui/status-dot';
import { Skeleton } from '../ui/skeleton';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AmenityAnalytics, Sensor } from '../api/contract';

/** The placeholder's rows while the list loads: the demo's seven amenities. */
const SKELETON_ROWS = [0, 1, 2, 3, 4, 5, 6];

/** Spec section 2: the Capacity Planning bars are for The Great Lawn and Solis Hall. */
const CAPACITY_TYPES = ['lawn', 'hall'] as const;

/**
 * The Capacity Planning bars: the spec's lawn and hall (a community with neither: its two
 * fullest now), then every other amenity at or over the alert level, fullest first, so the one
 * nearly full is never left out.
 */
export function capacityAmenities(amenities: readonly AmenityAnalytics[]): AmenityAnalytics[] {
  const percent = (amenity: AmenityAnalytics) => {
    const reading = liveReading(amenity);
    return reading.live ? reading.percent : -1;
  };
  const fullest = [...amenities].sort((a, b) => percent(b) - percent(a));
  const spec = CAPACITY_TYPES.flatMap((type) => {
    const found = amenities.find((amenity) => amenity.type === type);
    return found ? [found] : [];
  });
  const shown = spec.length > 0 ? spec : fullest.slice(0, 2);
  return [
    ...shown,
    ...fullest.filter((a) => !shown.includes(a) && isOverCapacityAlert(percent(a))),
  ];
}

/**
 * Live Amenity Status (spec section 2): a status dot and current users per amenity, then the
 * Capacity Planning bars and the Data Freshness block.
 */
export function LiveStatusCard({
  query,
  timeZone,
  highlightId,
}: {
  query: QueryLike<readonly AmenityAnalytics[]>;
  timeZone: string;
  highlightId?: string;
}) {
  // Asked with the card, not once its list renders: the page's first request then brings it
  // (src/api/first-answers.ts) instead of a request of its own after the list.
  const sensors = useSensors().data?.sensors;
  return (
    <QueryCard
      title="Live Amenity Status"
      description="Who is where right now"

      query={query}
      label="live amenity status"
      skeleton={
        // The loaded card's height, part by part (a row per amenity, seven as in the demo;
        // Capacity Planning's two bars; Data Freshness): it sits above the usage chart on a
        // phone, and a shorter placeholder moved the page when the list arrived (10 px at 390
        // px wide, 58 at 1280). Text wraps as the card narrows, so the heights follow its width:
        // below 22rem Capacity Planning's note takes two lines; below 18rem (a 320 px phone, the
        // desktop's third column at 1280 px) the two longest names do; below 13rem (that column
        // at 1024 px) most names take two or three lines, and both notes wrap.
        <div className="@container grid gap-5">
          <div className="grid h-153.5 grid-rows-7 gap-2 @min-[13rem]:h-111.5 @min-2xs:h-99.5">
            {SKELETON_ROWS.map((row) => (
              <Skeleton key={row} />
            ))}
          </div>
          <Skeleton className="h-47.5 @min-[13rem]:h-43.5 @min-[22rem]:h-39.5" />
          <Skeleton className="h-30.5 @min-[13rem]:h-21.5" />
        </div>
      }
      isEmpty={(list) => list.length === 0}
      empty={
        // A new community starts here with nothing: the way to its first amenity.
        <EmptyNote title="No amenities reported yet.">
          <Link
            to="/amenities"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline dark:text-brand-100"
          >
            Open Amenities
          </Link>
        </EmptyNote>
      }
    >
      {(amenities) => (
        <LiveStatusList
          amenities={amenities}
          timeZone={timeZone}
          highlightId={highlightId}
          updatedAt={query.dataUpdatedAt}
          sensors={sensors}
        />
      )}
    </QueryCard>
  );
}

function LiveStatusList({
  amenities,
  timeZone,
  highlightId,
  updatedAt,
  sensors,
}: {
  amenities: readonly AmenityAnalytics[];
  timeZone: string;
  sensors: readonly Sensor[] | undefined;
  highlightId: string | undefined;
  updatedAt: number;
}) {
  const now = useNow(60_000);
  const silence = (at: number | null) => noReadingText(at, now, timeZone);
  return (
    <div className="grid gap-5">
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {amenities.map((amenity) => {
          const reading = liveReading(amenity);
          return (
            <li
              key={amenity.id}
              aria-current={amenity.id === highlightId ? 'true' : undefined}
              className={cx(
                'flex items-center gap-3 px-2 py-2',
                amenity.id === highlightId &&
                  'rounded-lg bg-brand-50 ring-2 ring-brand-600 dark:bg-brand-900/40',
              )}
            >
              <StatusDot status={amenity.status} live={reading.live} />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{amenity.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {reading.live
                    ? STATUS_LABELS[amenity.status]
                    : `${amenity.status === 'closed' ? 'Closed · ' : ''}${silence(reading.lastReadingAt)}`}
                </p>
              </div>
              {reading.live ? (
                <p className="text-right text-sm tabular-nums">
                  <span className="font-semibold">{formatCount(reading.users)}</span>{' '}
                  <span className="text-slate-600 dark:text-slate-400">
                    {reading.users === 1 ? 'user' : 'users'}
                  </span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <CapacityPlanning amenities={capacityAmenities(amenities)} silence={silence} />
      <DataFreshness
        updatedAt={updatedAt}
        timeZone={timeZone}
        silent={<SilentSensors amenities={amenities} sensors={sensors ?? []} />}
      />
    </div>
  );
}

function CapacityPlanning({
  amenities,
  silence,
}: {
  amenities: readonly AmenityAnalytics[];
  silence: (lastReadingAt: number | null) => string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold">Capacity Planning</h3>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        Red at {CAPACITY_ALERT_PERCENT}% of capacity; alerts follow each amenity&rsquo;s rules.
      </p>
      <ul className="mt-2 grid gap-3">
        {amenities.map((amenity) => {
          const reading = liveReading(amenity);
          const percent = reading.live ? reading.percent : 0;
          const alert = isOverCapacityAlert(percent);
          return (
            <li key={amenity.id}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium">{amenity.name}</span>
                {reading.live ? (
                  <span
                    className={cx(
                      'tabular-nums',
                      alert && 'font-semibold text-red-700 dark:text-red-300',
                    )}
                  >
                    {percent}%<span className="sr-only"> of capacity</span>
                  </span>
                ) : null}
              </div>
              <ProgressBar percent={percent} alert={alert} className="mt-1" />
              <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                {reading.live
                  ? `${formatCount(reading.users)} of `
                  : `${silence(reading.lastReadingAt)} · capacity `}
                {formatCount(amenity.capacity)}
                {alert ? ` · at or over ${CAPACITY_ALERT_PERCENT}%` : ''}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Data Freshness: the real state of the list above, never a fixed promise. Live only when the
 * server answers and auto-refresh is on; then the next refresh is the last update plus the
 * refresh interval.
 */
function DataFreshness({
  updatedAt,
  timeZone,
  silent,
}: {
  updatedAt: number;
  timeZone: string;
  silent: ReactNode;
}) {
  const connectivity = useConnectivity();
  const refreshMs = useRefreshInterval(REFRESH.live);
  const live = connectivity === 'online' && refreshMs !== false;
  const state =
    connectivity === 'offline'
      ? 'Offline'
      : connectivity === 'unreachable'
        ? 'Not live'
        : refreshMs === false
          ? 'Auto-refresh off'
          : 'Live';
  // Not online, the connection banner says when it updates (said once, for the whole app).
  const next =
    connectivity !== 'online'
      ? null
      : refreshMs === false
        ? 'Updates when you reload; turn auto-refresh on in Settings.'
        : updatedAt > 0
          ? `Next update at ${formatClockTime(updatedAt + refreshMs, timeZone, true)}`
          : 'Updating…';
  return (
    <div
      data-state={live ? 'live' : 'stale'}
      className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
    >
      <h3 className="text-sm font-semibold">Data Freshness</h3>
      <p className="mt-1 flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cx('h-2 w-2 rounded-full', live ? 'bg-green-600' : 'bg-slate-500')}
        />
        <span
          className={cx(
            'font-medium',
            live ? 'text-green-800 dark:text-green-300' : 'text-slate-800 dark:text-slate-200',
          )}
        >
          {state}
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          · Last updated {updatedAt > 0 ? formatClockTime(updatedAt, timeZone) : '—'}
        </span>
      </p>
      {next ? <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{next}</p> : null}
      {silent}
    </div>
  );
}

/** Amenities without a live reading (a silent counter, or none): their numbers have a gap. */
function SilentSensors({
  amenities,
  sensors,
}: {
  amenities: readonly AmenityAnalytics[];
  sensors: readonly Sensor[];
}) {
  const line = silentSensorsLine(sensors, amenities);
  return line ? (
    <p className="mt-1 text-xs font-medium text-amber-900 dark:text-amber-200">{line}</p>
  ) : null;
}

/**
 * Live Amenity Status subscribed to its own query, for the Dashboard (first screen) and Analytics
 * (below its first screen): when the amenities' figures answer, only this card renders again.
 */
export function LiveAmenityStatus({
  timeZone,
  highlightId,
}: {
  timeZone: string;
  highlightId?: string;
}) {
  return (
    <LiveStatusCard query={useAmenityAnalytics()} timeZone={timeZone} highlightId={highlightId} />
  );
}
