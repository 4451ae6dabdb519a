import { Hono, type Context } from 'hono';
import {
  NOTIFICATION_PREFERENCES_PATH,
  NotificationPreferencesInputSchema,
  PUSH_PATHS,
  PushSubscriptionInputSchema,
  PushUnsubscribeSchema,
  type NotificationPreferences,
} from '../../src/api/contract';
import { readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { requestAddress } from '../auth/request';
import type { Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { ResponseKit } from '../http';
import type { Clock } from '../time';
import { DEFAULT_PREFERENCES, type Preferences } from './channel';
import { loadPreferences, savePreferences } from './preferences';
import { checkSubscriptionKeys } from './push/subscription-keys';
import { isPublicHostName } from './push/public-host';
import { vapidKeys } from './push/vapid';

/**
 * Web Push subscriptions and each user's notification preferences (roles in
 * server/auth/access.ts):
 *
 *   GET    /api/push/public-key       everyone who reads: the VAPID public key
 *   POST   /api/push/subscriptions    signed-in users: this device, for me
 *   DELETE /api/push/subscriptions    signed-in users: this device (by endpoint)
 *   GET    /api/me/notifications      my preferences (the demo viewer: the defaults, read-only)
 *   PUT    /api/me/notifications      signed-in users: my preferences
 */

export type DeliveryRoutesOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  trustProxy: boolean;
  /** Endpoints on this network are accepted (tests' local push service; see public-host.ts). */
  allowPrivatePushHosts?: boolean;
};

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Devices one user may have subscribed at once (the oldest goes when a new one comes). */
export const MAX_DEVICES_PER_USER = 20;

export function deliveryRoutes(options: DeliveryRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy, allowPrivatePushHosts = false } = options;
  const routes = new Hono<AuthEnv>();
  const publicKey = PUSH_PATHS.publicKey.replace(/^\/api/, '');
  const subscriptions = PUSH_PATHS.subscriptions.replace(/^\/api/, '');
  const preferences = NOTIFICATION_PREFERENCES_PATH.replace(/^\/api/, '');
  for (const path of [subscriptions, preferences]) routes.use(path, settingsBodyLimit(kit));

  const signedIn = (c: Context<AuthEnv>) => {
    const user = c.get('principal').user;
    if (!user) throw new HttpError(403, 'The demo is read-only: sign in to make changes');
    return user;
  };
  const who = (c: Context<AuthEnv>, userId: number) => ({
    communityId: community.id,
    userId,
    address: requestAddress(c, trustProxy),
  });
  const devicesOf = async (tx: Queryable, userId: number) => {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1`,
      [userId],
    );
    return row?.n ?? 0;
  };
  const shape = (prefs: Preferences, devices: number, readOnly: boolean) =>
    ({
      pushAlerts: prefs.pushAlerts,
      pushReports: prefs.pushReports,
      emailAlerts: prefs.emailAlerts,
      emailReports: prefs.emailReports,
      quietHours: prefs.quietHours
        ? { start: hhmm(prefs.quietHours.startMinute), end: hhmm(prefs.quietHours.endMinute) }
        : null,
      timeZone: community.timeZone,
      pushDevices: devices,
      readOnly,
    }) satisfies NotificationPreferences;

  routes.get(publicKey, async () => kit.json(200, { publicKey: (await vapidKeys(db)).publicKey }));

  routes.post(subscriptions, async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, PushSubscriptionInputSchema);
    checkSubscriptionKeys(input.keys);
    const endpoint = new URL(input.endpoint);
    // Push services answer on https's own port, with no user name in the address: anything else
    // would have the server knock on other ports of a public host.
    const pushService =
      isPublicHostName(endpoint.hostname) &&
      endpoint.port === '' &&
      endpoint.username === '' &&
      endpoint.password === '';
    if (!allowPrivatePushHosts && !pushService) {
      throw new HttpError(400, 'endpoint: must be a push service on the public internet');
    }
    const now = clock();
    const devices = await db.transaction(async (tx) => {
      // One endpoint is one device: subscribing again (a new user on it, fresh keys) replaces it.
      // Two subscribes of one device at once (two open tabs) queue on this lock, so the second
      // deletes the first's row instead of colliding with it on the unique endpoint.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('push:' || $1))`, [input.endpoint]);
      // One subscribe per user at a time too: at once, each transaction would trim to 20 without
      // seeing the others' new rows, and together they left more (40 at once kept 24).
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('push-user:' || $1))`, [user.id]);
      await tx.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [input.endpoint]);
      await tx.query(
        `INSERT INTO push_subscriptions (community_id, user_id, endpoint, p256dh, auth, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          community.id,
          user.id,
          input.endpoint,
          input.keys.p256dh,
          input.keys.auth,
          new Date(now).toISOString(),
        ],
      );
      await tx.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id DESC LIMIT $2)`,
        [user.id, MAX_DEVICES_PER_USER],
      );
      await audit(
        tx,
        { ...who(c, user.id), action: 'push.subscribe', target: new URL(input.endpoint).host },
        now,
      );
      return devicesOf(tx, user.id);
    });
    return kit.json(201, { subscribed: true, pushDevices: devices });
  });

  routes.delete(subscriptions, async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, PushUnsubscribeSchema);
    const devices = await db.transaction(async (tx) => {
      const removed = await tx.query(
        `DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2 RETURNING id`,
        [input.endpoint, user.id],
      );
      if (removed.length > 0) {
        await audit(
          tx,
          {
            ...who(c, user.id),
            action: 'push.unsubscribe',
            target: new URL(input.endpoint).host,
          },
          clock(),
        );
      }
      return devicesOf(tx, user.id);
    });
    // Removing a device that is not subscribed is not an error: it is not subscribed.
    return kit.json(200, { subscribed: false, pushDevices: devices });
  });

  routes.get(preferences, async (c) => {
    const user = c.get('principal').user;
    if (!user) return kit.json(200, shape(DEFAULT_PREFERENCES, 0, true));
    const prefs = await loadPreferences(db, user.id);
    return kit.json(200, shape(prefs, await devicesOf(db, user.id), false));
  });

  routes.put(preferences, async (c) => {
    const user = signedIn(c);
    const input = await readJson(c, NotificationPreferencesInputSchema);
    const chosen: Omit<Preferences, 'emailAlerts' | 'emailReports'> = {
      pushAlerts: input.pushAlerts,
      pushReports: input.pushReports,
      quietHours: input.quietHours
        ? {
            startMinute: minuteOf(input.quietHours.start),
            endMinute: minuteOf(input.quietHours.end),
          }
        : null,
    };
    const now = clock();
    const { next, devices } = await db.transaction(async (tx) => {
      const before = await loadPreferences(tx, user.id);
      const next: Preferences = {
        ...chosen,
        emailAlerts: input.emailAlerts ?? before.emailAlerts,
        emailReports: input.emailReports ?? before.emailReports,
      };
      await savePreferences(tx, user.id, next, now);
      await audit(
        tx,
        { ...who(c, user.id), action: 'notifications.update', before, after: next },
        now,
      );
      return { next, devices: await devicesOf(tx, user.id) };
    });
    return kit.json(200, shape(next, devices, false));
  });

  return routes;
}
