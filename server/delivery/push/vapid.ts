import webpush from 'web-push';
import type { Queryable } from '../../db/database';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair: generated once, by whichever process needs it first, and stored
 * in the database, so every server process signs with the same key and the subscriptions
 * browsers made with its public key keep working after restarts.
 */
export async function vapidKeys(db: Queryable): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db.query<{ value: VapidKeys }>(
      `SELECT value FROM server_keys WHERE name = 'vapid'`,
    );
    return row?.value ?? null;
  };
  const stored = await read();
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  // Two processes generating at once: the first insert wins and both read it back.
  await db.query(
    `INSERT INTO server_keys (name, value) VALUES ('vapid', $1::jsonb) ON CONFLICT (name) DO NOTHING`,
    [JSON.stringify(fresh)],
  );
  const saved = await read();
  if (!saved) throw new Error('The VAPID keys were not stored');
  return saved;
}
