import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_PREFERENCES_PATH,
  NotificationPreferencesSchema,
  PUSH_PATHS,
  PushPublicKeySchema,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from './contract';
import { contractQueryFn } from './query-fn';
import { parser, send, type Outcome } from './send';

/** The signed-in user's notification preferences (GET /api/me/notifications). */
export function notificationPreferencesQuery() {
  return queryOptions({
    queryKey: [NOTIFICATION_PREFERENCES_PATH],
    queryFn: contractQueryFn(NotificationPreferencesSchema),
  });
}

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

export const NOTIFICATIONS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Notification settings need a connection; nothing was changed.";

export const saveNotificationPreferences = (
  input: NotificationPreferencesInput,
): Promise<Outcome<NotificationPreferences>> =>
  send('PUT', NOTIFICATION_PREFERENCES_PATH, {
    json: input,
    parse: parser(NotificationPreferencesSchema),
    offlineMessage: NOTIFICATIONS_OFFLINE_MESSAGE,
  });

const accepted = (json: unknown) => (json !== null && typeof json === 'object' ? true : null);

export const fetchPushPublicKey = async (): Promise<Outcome<string>> => {
  const outcome = await send('GET', PUSH_PATHS.publicKey, {
    parse: parser(PushPublicKeySchema),
    offlineMessage: NOTIFICATIONS_OFFLINE_MESSAGE,
  });
  return outcome.ok ? { ok: true, value: outcome.value.publicKey } : outcome;
};

export const registerPushSubscription = (subscription: PushSubscriptionJSON) =>
  send('POST', PUSH_PATHS.subscriptions, {
    json: subscription,
    parse: accepted,
    offlineMessage: NOTIFICATIONS_OFFLINE_MESSAGE,
  });

export const removePushSubscription = (endpoint: string) =>
  send('DELETE', PUSH_PATHS.subscriptions, {
    json: { endpoint },
    parse: accepted,
    offlineMessage: NOTIFICATIONS_OFFLINE_MESSAGE,
  });
