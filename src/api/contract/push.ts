import * as z from 'zod/mini';
import { count, nonEmpty } from './primitives';
import { timeOfDay } from './text-formats';

// ---- Delivery: Web Push and notification preferences (issue 14) --------------------------------

export const PUSH_PATHS = {
  publicKey: '/api/push/public-key',
  subscriptions: '/api/push/subscriptions',
} as const;
export const NOTIFICATION_PREFERENCES_PATH = '/api/me/notifications';

/** GET /api/push/public-key: the server's VAPID public key (applicationServerKey). */
export const PushPublicKeySchema = z.object({ publicKey: nonEmpty });

/**
 * GET /api/notifications/status: which ways of reaching people this server has. Email needs
 * SMTP_URL on the server; without it nothing is emailed and the app says so.
 */
export const NOTIFICATIONS_STATUS_PATH = '/api/notifications/status';
export const NotificationsStatusSchema = z.object({
  email: z.object({ configured: z.boolean() }),
});
export type NotificationsStatus = z.infer<typeof NotificationsStatusSchema>;

export const MAX_PUSH_ENDPOINT_LENGTH = 2048;
const base64url = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/));
const pushEndpoint = z.string().check(
  z.maxLength(MAX_PUSH_ENDPOINT_LENGTH),
  z.refine(
    (value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an https URL' },
  ),
);

/** POST /api/push/subscriptions: a PushSubscription's toJSON(), for the signed-in user. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;
/** DELETE /api/push/subscriptions: the device's endpoint. */
export const PushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });

/** Local "HH:MM" in the community's time zone; start after end wraps midnight. */
export const QuietHoursSchema = z.strictObject({ start: timeOfDay, end: timeOfDay }).check(
  z.refine((hours) => hours.start !== hours.end, {
    path: ['end'],
    error: 'must differ from start (quiet hours need a start and an end)',
  }),
);
export const NotificationPreferencesInputSchema = z.strictObject({
  pushAlerts: z.boolean(),
  pushReports: z.boolean(),
  /** Left out: unchanged. Emailed only when the server has SMTP_URL. */
  emailAlerts: z.optional(z.boolean()),
  emailReports: z.optional(z.boolean()),
  quietHours: z.nullable(QuietHoursSchema),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;
/** GET/PUT /api/me/notifications: the signed-in user's own (the demo viewer's are read-only). */
export const NotificationPreferencesSchema = z.object({
  pushAlerts: z.boolean(),
  pushReports: z.boolean(),
  emailAlerts: z.boolean(),
  emailReports: z.boolean(),
  quietHours: z.nullable(z.object({ start: timeOfDay, end: timeOfDay })),
  /** The zone quiet hours are in (the community's). */
  timeZone: nonEmpty,
  /** Devices of this user subscribed to push. */
  pushDevices: count,
  readOnly: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
