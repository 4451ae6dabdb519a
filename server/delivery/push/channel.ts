import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Channel, Outcome } from '../channel';
import { pushPayload, type PushPayload } from './payload';
import { NOT_PUBLIC, publicOnlyAgent } from './public-host';
import { vapidKeys } from './vapid';

export type PushChannelOptions = {
  /** The VAPID contact, `mailto:` or `https:` (VAPID_SUBJECT). */
  subject: string;
  /**
   * An HTTPS agent for the push services, in place of the one that connects to public addresses
   * only (tests trust their local service with it).
   */
  agent?: Agent;
  /** Push services on this network are allowed (tests; never set by the server's own start). */
  allowPrivateHosts?: boolean;
  /** How long one request to a push service may take. */
  timeoutMs?: number;
};

export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@example.com';

type SubscriptionRow = { endpoint: string; p256dh: string; auth: string };

/**
 * Web Push (the `web-push` package: VAPID signing, aes128gcm payload encryption). One delivery
 * per subscribed device. A subscription the push service no longer knows (404, 410) is dropped;
 * 429 and 5xx are retried with back-off; any other refusal fails at once.
 */
export function pushChannel(options: PushChannelOptions): Channel {
  return {
    name: 'push',
    interrupting: true,
    wants: (preferences, subject) =>
      subject.kind === 'alert' ? preferences.pushAlerts : preferences.pushReports,
    async destinations(db, userIds) {
      const rows = await db.query<{ id: number; user_id: number }>(
        `SELECT id, user_id FROM push_subscriptions WHERE user_id = ANY($1::int[]) ORDER BY id`,
        [[...userIds]],
      );
      return rows.map((row) => ({ userId: row.user_id, target: String(row.id) }));
    },
    payload: (subject) => pushPayload(subject),
    async send(delivery, { db }): Promise<Outcome> {
      const [subscription] = await db.query<SubscriptionRow>(
        `SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1 AND user_id = $2`,
        [Number(delivery.target), delivery.userId],
      );
      if (!subscription) return { status: 'skipped', reason: 'The device unsubscribed' };
      const message = delivery.payload as PushPayload;
      const keys = await vapidKeys(db);
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify({
            title: message.title,
            body: message.body,
            url: message.url,
            tag: message.tag,
          }),
          {
            TTL: message.ttlSeconds,
            urgency: message.urgency,
            ...(message.topic ? { topic: message.topic } : {}),
            vapidDetails: {
              subject: options.subject,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            timeout: options.timeoutMs ?? 10_000,
            agent: options.agent ?? (options.allowPrivateHosts ? undefined : publicOnlyAgent),
          },
        );
        return { status: 'sent' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC) {
          return { status: 'failed', error: `Not sent: ${(error as Error).message}` };
        }
        if (!(error instanceof webpush.WebPushError)) {
          return {
            status: 'retry',
            error: `Push service unreachable: ${(error as Error).message}`,
          };
        }
        const status = error.statusCode;
        if (status === 404 || status === 410) {
          await db.query(`DELETE FROM push_subscriptions WHERE id = $1`, [Number(delivery.target)]);
          return { status: 'skipped', reason: `The subscription has expired (${status})` };
        }
        const detail = `Push service answered ${status}`;
        return status === 429 || status >= 500
          ? { status: 'retry', error: detail }
          : { status: 'failed', error: `${detail}: ${error.body.slice(0, 200)}` };
      }
    },
  };
}
