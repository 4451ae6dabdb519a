import { useState } from 'react';
import {
  onlineManager,
  useIsRestoring,
  useQueries,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { amenityAnalyticsQuery } from '../../api/amenity-analytics';
import { amenitySetupQuery } from '../../api/amenity-setup';
import { analysisQuery } from '../../api/amy-analysis';
import type {
  AmenityAnalytics,
  AmenitySetup,
  DashboardMetrics,
  EventAnalysis,
  UsageGaps,
  UsagePoint,
} from '../../api/contract';
import { gapsQuery } from '../../api/gaps';
import { metricsQuery } from '../../api/metrics';
import { amenityColumns, setupOf, type Source } from '../../api/snapshot';
import { timelineQuery } from '../../api/timeline';
import { isFromSnapshot } from '../../lib/session';
import { calendarPeriod, zonedDate, type CalendarDate, type CalendarPeriod } from './calendar';
import { REPORT_TIMELINE, type ReportPeriod } from './periods';
import { periodCoverage, summarizeUsage, type UsageSummary } from './report-builders';
import type { CoverageSummary } from '../../lib/coverage';

/** Everything a report of one period is built from, each with its own time and origin. */
export type ReportData = {
  period: ReportPeriod;
  /** The calendar days the report covers, in the community's time zone. */
  calendar: CalendarPeriod;
  /** Today in that zone (unfinished, so never part of the period). */
  today: CalendarDate;
  generatedAt: number;
  metrics: Source<DashboardMetrics>;
  timeline: Source<UsagePoint[]>;
  amenities: Source<AmenityAnalytics[]>;
  analysis: Source<EventAnalysis>;
  /** The sensors' silences over the same days as the timeline: the period's coverage. */
  gaps: Source<UsageGaps>;
  /**
   * The set-up list (archived amenities included), to name an amenity archived since by its
   * name; empty when it is missing (they are then named by their ids).
   */
  setup: readonly AmenitySetup[];
};

/** The usage timeline every report period is cut from (periods.ts). */
export function reportTimelineQuery() {
  return timelineQuery(REPORT_TIMELINE.period, REPORT_TIMELINE.days);
}

/** The gaps over the same days as the timeline, so they reach every period. */
export function reportGapsQuery() {
  return gapsQuery(REPORT_TIMELINE.days);
}

/** The queries (src/api queryOptions) every report reads, whatever its period. */
function reportQueries() {
  return [
    metricsQuery(),
    reportTimelineQuery(),
    amenityAnalyticsQuery(),
    analysisQuery(),
    reportGapsQuery(),
    amenitySetupQuery(),
  ] as const;
}

/**
 * Saves the reports' data on the device while online, so any report of any period opens
 * offline later (the snapshot persists what the query client holds). Data already held is not
 * asked again; failures are left for the report itself to explain.
 */
export async function warmReportData(client: QueryClient): Promise<void> {
  const [metrics, timeline, amenities, analysis, gaps, setup] = reportQueries();
  await Promise.all([
    client.prefetchQuery(metrics),
    client.prefetchQuery(timeline),
    client.prefetchQuery(amenities),
    client.prefetchQuery(analysis),
    client.prefetchQuery(gaps),
    client.prefetchQuery(setup),
  ]);
}

/**
 * Asks the server again for the reports' data (Refresh, Generate Report), when online. A failed
 * request keeps the last good copy; the report shows it with the error.
 */
export async function refreshReportData(client: QueryClient): Promise<void> {
  if (!onlineManager.isOnline()) return;
  const [metrics, timeline, amenities, analysis, gaps, setup] = reportQueries();
  const again = { staleTime: 0 } as const;
  // A failure stays in the query's state, where the report reads it.
  const settle = (request: Promise<unknown>) => request.catch(() => undefined);
  await Promise.all([
    settle(client.fetchQuery({ ...metrics, ...again })),
    settle(client.fetchQuery({ ...timeline, ...again })),
    settle(client.fetchQuery({ ...amenities, ...again })),
    settle(client.fetchQuery({ ...analysis, ...again })),
    settle(client.fetchQuery({ ...gaps, ...again })),
    settle(client.fetchQuery({ ...setup, ...again })),
  ]);
}

/** One query's state as a report source; null while its first load is under way. */
export function toSource<T>(result: UseQueryResult<T, Error>): Source<T> | null {
  if (result.data !== undefined) {
    return {
      status: 'ready',
      data: result.data,
      updatedAt: result.dataUpdatedAt,
      fromSnapshot: isFromSnapshot(result.dataUpdatedAt),
      refreshError: result.error ? result.error.message : null,
    };
  }
  if (result.error) return { status: 'missing', reason: 'failed', error: result.error.message };
  if (result.fetchStatus === 'fetching') return null;
  // Paused (offline) or never asked: nothing is saved on this device.
  return { status: 'missing', reason: 'offline', error: null };
}

export type ReportDataState =
  { status: 'loading' } | { status: 'ready'; data: ReportData; refreshing: boolean };

/**
 * The data of the open report through TanStack Query: what the device holds (restored from the
 * offline snapshot after a reload) is used as it is; what is missing is fetched when online.
 * The open report's component reads it, so nothing subscribes while no report is open. Reports
 * do not poll: a report stays as built until Refresh or Generate asks again (refreshReportData).
 */
export function useReportData(period: ReportPeriod, timeZone: string): ReportDataState {
  const isRestoring = useIsRestoring();
  const on = { enabled: !isRestoring, refetchInterval: false } as const;
  const [metricsQ, timelineQ, amenitiesQ, analysisQ, gapsQ, setupQ] = reportQueries();
  const results = useQueries({
    queries: [
      { ...metricsQ, ...on },
      { ...timelineQ, ...on },
      { ...amenitiesQ, ...on },
      { ...analysisQ, ...on },
      { ...gapsQ, ...on },
      { ...setupQ, ...on },
    ],
    subscribed: on.enabled,
  });
  const [metrics, timeline, amenities, analysis, gaps, setup] = [
    toSource(results[0]),
    toSource(results[1]),
    toSource(results[2]),
    toSource(results[3]),
    toSource(results[4]),
    toSource(results[5]),
  ];
  // When this report was built: opened, or its newest data arrived since.
  const [openedAt] = useState(() => Date.now());
  const generatedAt = Math.max(openedAt, ...results.map((result) => result.dataUpdatedAt));

  if (!on.enabled || !metrics || !timeline || !amenities || !analysis || !gaps || !setup) {
    return { status: 'loading' };
  }
  return {
    status: 'ready',
    data: {
      period,
      // The period is seen from when the report was built: it does not move while it is read,
      // and a report refreshed after midnight on the 1st covers the month that just ended.
      calendar: calendarPeriod(period, generatedAt, timeZone),
      today: zonedDate(generatedAt, timeZone),
      generatedAt,
      metrics,
      timeline,
      amenities,
      analysis,
      gaps,
      setup: setupOf(setup),
    },
    refreshing: results.some((result) => result.isFetching),
  };
}

/** The sensors' coverage of the report's period (null when the gaps are missing). */
export function coverageOf(data: ReportData, timeZone: string): CoverageSummary | null {
  return data.gaps.status === 'ready'
    ? periodCoverage(data.gaps.data, data.calendar, timeZone)
    : null;
}

/** The period's usage from the report's timeline (null when the timeline is missing). */
export function usageOf(data: ReportData, timeZone: string): UsageSummary | null {
  if (data.timeline.status !== 'ready') return null;
  const amenities = data.amenities.status === 'ready' ? data.amenities.data : undefined;
  const points = data.timeline.data;
  return summarizeUsage(
    points,
    amenityColumns(points, amenities, data.setup),
    data.calendar,
    timeZone,
    coverageOf(data, timeZone),
  );
}
