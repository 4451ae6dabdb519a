import { withTimeout } from '../lib/timeout';
import {
  onlineManager,
  type DataTag,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { downloadCsv, csvFilename } from '../lib/download';
import { isFromSnapshot } from '../lib/session';
import { timeZoneLabel } from '../lib/community-profile';
import { communityOf } from './community';
import { localTimestamp, usageCsv, withAddedAt } from '../lib/usage-csv';
import { amenityAnalyticsQuery } from './amenity-analytics';
import {
  archivedAmenityName,
  type AmenityAnalytics,
  type AmenitySetup,
  type UsageGaps,
  type UsagePeriod,
  type UsagePoint,
} from './contract';
import { amenitySetupQuery } from './amenity-setup';
import { timelineQuery } from './timeline';
import { gapsQuery } from './gaps';
import { summarizeCoverage } from '../lib/coverage';
import { fileHeader } from '../lib/file-header';
import { dateFormat } from '../lib/intl-formats';
import { USAGE_SERIES } from '../lib/usage-chart';

/**
 * What the app holds for one data query, read straight from the query client: after a reload
 * that is the snapshot restored from IndexedDB (api/persist.ts), so reports and exports work
 * with no network. When online and the data is missing (or restored from an older session), it
 * is fetched through the endpoint's own queryOptions first.
 */
export type Source<T> =
  | {
      status: 'ready';
      data: T;
      /** When the data was fetched (ms since epoch). */
      updatedAt: number;
      /** Fetched in an earlier session and restored from the device's offline snapshot. */
      fromSnapshot: boolean;
      /** Set when a refresh was tried and failed: the data shown is the last good copy. */
      refreshError: string | null;
    }
  | {
      status: 'missing';
      /** offline: never loaded on this device; failed: the load failed and nothing is saved. */
      reason: 'offline' | 'failed';
      error: string | null;
    };

export type SourceOptions<T> = FetchQueryOptions<T, Error, T, QueryKey> & {
  queryKey: DataTag<QueryKey, T, Error>;
};

/** A load that hangs (a captive portal, a dead server) must not keep a report waiting forever. */
export const SOURCE_TIMEOUT_MS = 15_000;

/** The cached data of one query, without any network. */
export function readSource<T>(
  client: QueryClient,
  queryKey: DataTag<QueryKey, T, Error>,
  refreshError: string | null = null,
): Source<T> {
  const state = client.getQueryState(queryKey);
  if (state?.data === undefined) {
    return refreshError === null
      ? { status: 'missing', reason: 'offline', error: null }
      : { status: 'missing', reason: 'failed', error: refreshError };
  }
  return {
    status: 'ready',
    data: state.data,
    updatedAt: state.dataUpdatedAt,
    fromSnapshot: isFromSnapshot(state.dataUpdatedAt),
    refreshError,
  };
}

/**
 * The data of one query: fetched first when online and missing or restored from an earlier
 * session (fetchQuery reuses fresh data, so nothing is asked twice), read from the cache when
 * offline. A failed fetch falls back to the last good copy.
 */
export async function loadSource<T>(
  client: QueryClient,
  options: SourceOptions<T>,
  {
    online = onlineManager.isOnline(),
    timeoutMs = SOURCE_TIMEOUT_MS,
    /** Ask the server even when the cached data is fresh (an explicit "refresh"). */
    force = false,
  } = {},
): Promise<Source<T>> {
  let refreshError: string | null = null;
  if (online) {
    try {
      await withTimeout(
        client.fetchQuery(force ? { ...options, staleTime: 0 } : options),
        timeoutMs,
        'The server did not answer in time.',
      );
    } catch (error) {
      refreshError = error instanceof Error ? error.message : String(error);
    }
  }
  return readSource(client, options.queryKey, refreshError);
}

/**
 * The four timeline series with the names of their amenities ("The Great Lawn"), when known, else
 * their types' (the chart's labels).
 */
export function timelineSeriesLabels(amenities: readonly AmenityAnalytics[] | undefined) {
  return USAGE_SERIES.map(({ key, label }) => ({
    key,
    label: amenities?.find((amenity) => amenity.type === key)?.name ?? label,
  }));
}

/** One column of visits: an amenity, and how to read its count from a timeline point. */
export type AmenityColumn = { id: string; label: string; value: (point: UsagePoint) => number };

/**
 * Every amenity's visits, when the points carry them (`amenities`, by id), in the order of the
 * amenity list, named from it; else the four series (an older server or snapshot). An amenity
 * archived since keeps its past visits: named "… (archived)" from the set-up list (`setup`, GET
 * /api/amenities, which holds archived ones too), by its id only when that list is missing.
 */
export function amenityColumns(
  points: readonly UsagePoint[],
  amenities: readonly AmenityAnalytics[] | undefined,
  setup: readonly AmenitySetup[] = [],
): AmenityColumn[] {
  const ids = new Set(points.flatMap((point) => Object.keys(point.amenities ?? {})));
  if (ids.size === 0) {
    return timelineSeriesLabels(amenities).map(({ key, label }) => ({
      id: amenities?.find((amenity) => amenity.type === key)?.id ?? key,
      label,
      value: (point) => point[key],
    }));
  }
  const known = (amenities ?? []).filter((amenity) => ids.has(amenity.id)).map((a) => a.id);
  const order = [...known, ...[...ids].filter((id) => !known.includes(id)).sort()];
  return order.map((id) => ({
    id,
    label: amenities?.find((amenity) => amenity.id === id)?.name ?? archivedLabel(setup, id),
    value: (point) => point.amenities?.[id] ?? 0,
  }));
}

function archivedLabel(setup: readonly AmenitySetup[], id: string): string {
  const archived = setup.find((amenity) => amenity.id === id && amenity.archived);
  return archived ? archivedAmenityName(archived.name) : id;
}

/** The set-up list a source holds, or none (archived amenities are then named by their ids). */
export const setupOf = (setup: Source<AmenitySetup[]>): readonly AmenitySetup[] =>
  setup.status === 'ready' ? setup.data : [];

/** The sensor gaps that cover each timeline (GET /api/usage/gaps?days=N starts at local midnight). */
const GAP_DAYS: Partial<Record<UsagePeriod, number>> = { day: 2, week: 7 };
const PERIOD_TITLES: Record<UsagePeriod, string> = {
  day: 'last 24 hours',
  week: 'last 7 days',
  month: 'last 30 days',
};

/**
 * What a usage CSV is made from (the dashboard's export, the Amenity Usage Report's): the
 * timeline, its amenities' columns (archived ones named from their set-up) and the sensors' gaps;
 * or, when the timeline is not on the device and cannot be fetched, why, in the file's words.
 */
export async function loadUsageSources(
  client: QueryClient,
  timelineOptions: SourceOptions<UsagePoint[]>,
  gapsOptions: SourceOptions<UsageGaps>,
): Promise<
  | {
      ok: true;
      timeline: Extract<Source<UsagePoint[]>, { status: 'ready' }>;
      columns: AmenityColumn[];
      gaps: Source<UsageGaps>;
    }
  | { ok: false; message: string }
> {
  const [timeline, amenities, gaps, setup] = await Promise.all([
    loadSource(client, timelineOptions),
    loadSource(client, amenityAnalyticsQuery()),
    loadSource(client, gapsOptions),
    loadSource(client, amenitySetupQuery()),
  ]);
  if (timeline.status === 'missing') {
    return {
      ok: false,
      message:
        timeline.reason === 'offline'
          ? 'This usage data has not been saved on this device yet. Connect once to load it.'
          : `The usage data could not be loaded (${timeline.error ?? 'unknown error'}).`,
    };
  }
  const list = amenities.status === 'ready' ? amenities.data : undefined;
  return { ok: true, timeline, columns: amenityColumns(timeline.data, list, setupOf(setup)), gaps };
}

export type UsageExportResult =
  | { ok: true; filename: string; rows: number; fromSnapshot: boolean }
  | { ok: false; message: string };

/**
 * The usage CSV of one timeline (the dashboard's Export Usage Data): saved as a file, from the
 * cached data when offline. Times are written in the community's time zone (its profile, GET
 * /api/community); the file starts by saying what it covers, the sensors' coverage of that time
 * (GET /api/usage/gaps), the amenities added during it and that its last day (or hour) was still
 * under way.
 */
export async function downloadUsageCsv(
  client: QueryClient,
  { period = 'month', days }: { period?: UsagePeriod; days?: number } = {},
): Promise<UsageExportResult> {
  const sources = await loadUsageSources(
    client,
    timelineQuery(period, days),
    gapsQuery(GAP_DAYS[period] ?? days ?? 30),
  );
  if (!sources.ok) return sources;
  const { timeline, columns, gaps } = sources;
  const { timeZone } = communityOf(client);
  const now = Date.now();
  const resolution = period === 'day' ? 'hour' : 'day';
  const first = timeline.data[0];
  // The file runs from its first bucket to the moment it was made: the last one is not over.
  const span = first ? { from: Date.parse(first.time), to: now } : null;
  const coverage =
    span && gaps.status === 'ready' ? summarizeCoverage(gaps.data, span, timeZone) : null;
  // An amenity added within the span: empty cells before, and a header line saying when.
  const added = withAddedAt(columns, coverage, timeZone);
  const csv = usageCsv(timeline.data, added.columns, {
    resolution,
    timeZone,
    timeZoneLabel: timeZoneLabel(timeZone),
    preamble: fileHeader({
      title: `Usage data, ${period === 'month' && days ? `last ${days} days` : PERIOD_TITLES[period]}`,
      period: span
        ? `${localTimestamp(first?.time ?? '', resolution, timeZone)} to ${localTimestamp(new Date(now).toISOString(), 'hour', timeZone)} (the last ${resolution} so far)`
        : 'no data',
      coverage,
      notes: added.notes,
      timeZone,
      now,
    }),
  });
  const stem = period === 'month' && days ? `usage-data-${days}-days` : `usage-data-${period}`;
  const filename = usageFilename(stem, timeline.data, now, timeZone);
  downloadCsv(filename, csv);
  return { ok: true, filename, rows: timeline.data.length, fromSnapshot: timeline.fromSnapshot };
}

/**
 * "usage-data-30-days-2026-10-25-to-2026-11-23-generated-2026-11-23-1005-PST.csv": the file
 * says the days it covers and when it was made, in the zone its times are written in.
 */
export function usageFilename(
  stem: string,
  points: readonly { time: string }[],
  now: number,
  timeZone: string,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return csvFilename(stem, now, timeZone);
  const days = `${localTimestamp(first.time, 'day', timeZone)}-to-${localTimestamp(last.time, 'day', timeZone)}`;
  const made = localTimestamp(new Date(now).toISOString(), 'hour', timeZone).replace(' ', '-');
  const zone =
    dateFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  const safe = (text: string) => text.replace(/[^A-Za-z0-9+-]/g, '');
  return `${stem}-${days}-generated-${safe(made)}-${safe(zone)}.csv`;
}
