import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_STATUS_PATH, NotificationsStatusSchema } from './contract';
import { contractQueryFn } from './query-fn';

/** What the server can send (GET /api/notifications/status): read by Settings, not cached offline. */
export function notificationsStatusQuery() {
  return queryOptions({
    queryKey: [NOTIFICATIONS_STATUS_PATH],
    queryFn: contractQueryFn(NotificationsStatusSchema),
  });
}

export function useNotificationsStatus() {
  return useQuery(notificationsStatusQuery());
}
