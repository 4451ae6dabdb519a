import { http, HttpResponse } from 'msw';
import {
  NOTIFICATION_PREFERENCES_PATH,
  NotificationPreferencesInputSchema,
  PUSH_PATHS,
  PushSubscriptionInputSchema,
  PushUnsubscribeSchema,
  describeIssues,
  type NotificationPreferences,
} from '../src/api/contract';

/** A signed-in user's notification choices (issue 14): the server's defaults. */
export const notificationPreferencesFixture: NotificationPreferences = {
  pushAlerts: true,
  pushReports: true,
  emailAlerts: false,
  emailReports: true,
  quietHours: null,
  timeZone: 'America/Los_Angeles',
  pushDevices: 0,
  readOnly: false,
};

/** A VAPID public key of the right shape (65 bytes, base64url). */
export const pushPublicKeyFixture =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** Preferences and push subscriptions, checked like the server; nothing is kept. */
export const notificationsHandlers = [
  http.get(NOTIFICATION_PREFERENCES_PATH, () => HttpResponse.json(notificationPreferencesFixture)),
  http.put(NOTIFICATION_PREFERENCES_PATH, async ({ request }) => {
    const parsed = NotificationPreferencesInputSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json({ error: describeIssues(parsed.error) }, { status: 400 });
    }
    return HttpResponse.json({ ...notificationPreferencesFixture, ...parsed.data });
  }),
  http.get(PUSH_PATHS.publicKey, () => HttpResponse.json({ publicKey: pushPublicKeyFixture })),
  http.post(PUSH_PATHS.subscriptions, async ({ request }) => {
    const parsed = PushSubscriptionInputSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json({ error: describeIssues(parsed.error) }, { status: 400 });
    }
    return HttpResponse.json({ subscribed: true, pushDevices: 1 }, { status: 201 });
  }),
  http.delete(PUSH_PATHS.subscriptions, async ({ request }) => {
    const parsed = PushUnsubscribeSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json({ error: describeIssues(parsed.error) }, { status: 400 });
    }
    return HttpResponse.json({ subscribed: false, pushDevices: 0 });
  }),
];
