import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS_API_PATHS, AlertInboxSchema } from './contract';
import { contractQueryFn } from './query-fn';
import { REFRESH, useRefreshInterval } from './refresh';

/**
 * The alert inbox (issue 14), whose unread count the shell shows on every screen. Apart from
 * alerts.ts (rules, schedules, writes), which only the pages that use them load.
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
