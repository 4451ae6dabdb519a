import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, UsageTimelineSchema, type DayRange, type UsagePeriod } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/**
 * Daily: hourly points for today. Weekly: daily points for the last 7 days. Monthly: daily points
 * over the dashboard's date range, at least 30 days (lib/usage-period monthlyDays), so
 * "Last 3 Months" + Monthly shows 90 days. Reports
 * also ask for a year (days 1-366, the API's limit).
 */
export function timelineQuery(period: UsagePeriod, days?: DayRange | number) {
  return queryOptions({
    queryKey: [API_PATHS.timeline, { period, days: period === 'month' ? days : undefined }],
    queryFn: contractQueryFn(UsageTimelineSchema),
    refetchInterval: REFRESH.live,
  });
}

export function useUsageTimeline(period: UsagePeriod, days?: DayRange | number) {
  return useQuery({
    ...timelineQuery(period, days),
    refetchInterval: useRefreshInterval(REFRESH.live),
    // Keep the previous series on screen while a new period loads: charts never blank.
    placeholderData: keepPreviousData,
  });
}
