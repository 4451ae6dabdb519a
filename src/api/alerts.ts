import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS_API_PATHS, AlertInboxSchema, ReportArchiveSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/**
 * The alert inbox and the report archive (issue 14). Both are in the offline snapshot
 * (RESPONSE_SCHEMAS), so a board member who opened them once reads them with no network.
 */

export function alertInboxQuery() {
  return queryOptions({
    queryKey: [ALERTS_API_PATHS.alerts],
    queryFn: contractQueryFn(AlertInboxSchema),
    refetchInterval: REFRESH.live,
  });
}

export function useAlertInbox() {
  return useQuery({ ...alertInboxQuery(), refetchInterval: useRefreshInterval(REFRESH.live) });
}

export function reportArchiveQuery() {
  return queryOptions({
    queryKey: [ALERTS_API_PATHS.reportArchive],
    queryFn: contractQueryFn(ReportArchiveSchema),
  });
}

export function useReportArchive() {
  return useQuery(reportArchiveQuery());
}
