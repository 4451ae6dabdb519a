import { useEffect, useState } from 'react';
import { useIsRestoring, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { amenityAnalyticsQuery } from '../../api/amenity-analytics';
import { analysisQuery } from '../../api/amy-analysis';
import type {
  AmenityAnalytics,
  DashboardMetrics,
  EventAnalysis,
  PopularityEntry,
  UsagePoint,
} from '../../api/contract';
import { metricsQuery } from '../../api/metrics';
import { popularityQuery } from '../../api/popularity';
import { loadSource, readSource, type Source } from '../../api/snapshot';
import { timelineQuery } from '../../api/timeline';
import { PERIODS, REPORT_PERIODS, type ReportPeriod } from './periods';

/** Everything a report of one period is built from, each with its own time and origin. */
export type ReportData = {
  period: ReportPeriod;
  generatedAt: number;
  metrics: Source<DashboardMetrics>;
  timeline: Source<UsagePoint[]>;
  popularity: Source<PopularityEntry[]>;
  amenities: Source<AmenityAnalytics[]>;
  analysis: Source<EventAnalysis>;
  /** Periods whose usage timeline this device holds: offered when the chosen one is missing. */
  savedPeriods: ReportPeriod[];
};

export function periodTimelineQuery(period: ReportPeriod) {
  const { timeline } = PERIODS[period];
  return timelineQuery(timeline.period, timeline.days);
}

function periodPopularityQuery(period: ReportPeriod) {
  return popularityQuery(PERIODS[period].days);
}

function savedPeriods(client: QueryClient): ReportPeriod[] {
  return REPORT_PERIODS.filter(
    (period) => readSource(client, periodTimelineQuery(period).queryKey).status === 'ready',
  );
}

/** Loads (online) or reads (offline) the data of a period's reports. */
export async function loadReportData(
  client: QueryClient,
  period: ReportPeriod,
  options?: { online?: boolean; force?: boolean },
): Promise<ReportData> {
  const [metrics, timeline, popularity, amenities, analysis] = await Promise.all([
    loadSource(client, metricsQuery(), options),
    loadSource(client, periodTimelineQuery(period), options),
    loadSource(client, periodPopularityQuery(period), options),
    loadSource(client, amenityAnalyticsQuery(), options),
    loadSource(client, analysisQuery(), options),
  ]);
  return {
    period,
    generatedAt: Date.now(),
    metrics,
    timeline,
    popularity,
    amenities,
    analysis,
    savedPeriods: savedPeriods(client),
  };
}

/**
 * Saves every period's report data on the device while online, so any report opens offline
 * later (the snapshot persists what the query client holds). Data already fresh is not asked
 * again; failures are left for the report itself to explain.
 */
export async function warmReportData(client: QueryClient, first: ReportPeriod): Promise<void> {
  const order = [first, ...REPORT_PERIODS.filter((period) => period !== first)];
  for (const period of order) {
    await loadReportData(client, period);
  }
}

export type ReportDataState =
  { status: 'loading' } | { status: 'ready'; data: ReportData; refreshing: boolean };

/**
 * The data of the open report, loaded when it opens (`enabled`) or its period changes, and again
 * on `reloadKey` change. Waits for the offline snapshot to be restored first.
 */
export function useReportData(
  period: ReportPeriod,
  reloadKey: number,
  enabled: boolean,
): ReportDataState {
  const client = useQueryClient();
  const isRestoring = useIsRestoring();
  const [state, setState] = useState<{ key: string; data: ReportData | null; done: boolean }>({
    key: '',
    data: null,
    done: false,
  });
  const key = `${period}:${reloadKey}`;

  useEffect(() => {
    if (isRestoring || !enabled) return;
    let active = true;
    setState((previous) => ({ key, data: previous.data, done: false }));
    // The first build uses what is fresh; asking again (Refresh, Generate) fetches anew.
    void loadReportData(client, period, { force: reloadKey > 0 }).then((data) => {
      if (active) setState({ key, data, done: true });
    });
    return () => {
      active = false;
    };
  }, [client, isRestoring, enabled, period, reloadKey, key]);

  // A report of another period is never shown as this one's.
  if (!state.data || state.data.period !== period) return { status: 'loading' };
  return { status: 'ready', data: state.data, refreshing: !(state.key === key && state.done) };
}
