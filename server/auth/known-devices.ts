import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Queryable } from '../db/database';
import { DAY } from '../time';
import { cookieHeader, tokenHash } from './sessions';

/**
 * A browser that has signed in to an account carries a token of its own for it (an HttpOnly
 * cookie sent only to /api/auth). Its wrong passwords and codes are counted against it, not
 * against the account (attempts.ts): someone guessing from elsewhere locks the account for
 * everyone else, but its own browsers still sign in, so nobody can keep a user out for good. It
 * grants nothing else: the password (and code) are still asked, 10 tries a quarter hour.
 */
export const KNOWN_DEVICE_COOKIE = 'cg_device';
export const KNOWN_DEVICE_LIFETIME_MS = 180 * DAY;
/** Browsers remembered per account; signing in on another forgets the oldest. */
export const MAX_KNOWN_DEVICES = 20;
const COOKIE_PATH = '/api/auth';

export function knownDeviceCookie(token: string, secure: boolean): string {
  return cookieHeader(KNOWN_DEVICE_COOKIE, token, {
    maxAgeSeconds: KNOWN_DEVICE_LIFETIME_MS / 1000,
    secure,
    httpOnly: true,
    path: COOKIE_PATH,
  });
}

/** The attempt scope of the request's browser when it is one of `userId`'s; null otherwise. */
export async function knownDeviceScope(
  db: Queryable,
  c: Context,
  userId: number,
  now: number,
): Promise<string | null> {
  const token = getCookie(c, KNOWN_DEVICE_COOKIE);
  if (!token || token.length > 100) return null;
  const hash = tokenHash(token);
  const [row] = await db.query(
    `SELECT 1 FROM known_devices WHERE token_hash = $1 AND user_id = $2 AND created_at > $3`,
    [hash, userId, new Date(now - KNOWN_DEVICE_LIFETIME_MS).toISOString()],
  );
  return row ? `device:${hash}` : null;
}

/**
 * After a sign-in: the Set-Cookie that makes this browser one of `userId`'s, or null when it is
 * already. The account keeps its newest MAX_KNOWN_DEVICES.
 */
export async function rememberDevice(
  db: Queryable,
  c: Context,
  userId: number,
  now: number,
  secure: boolean,
): Promise<string | null> {
  if (await knownDeviceScope(db, c, userId, now)) return null;
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO known_devices (token_hash, user_id, created_at) VALUES ($1, $2, $3)`,
    [tokenHash(token), userId, new Date(now).toISOString()],
  );
  await db.query(
    `DELETE FROM known_devices WHERE user_id = $1 AND token_hash NOT IN (
       SELECT token_hash FROM known_devices WHERE user_id = $1
        ORDER BY created_at DESC, token_hash LIMIT $2)`,
    [userId, MAX_KNOWN_DEVICES],
  );
  return knownDeviceCookie(token, secure);
}

/**
 * Forgets every browser of `userId` but the request's own. After a new password or a new
 * authenticator, a lost or borrowed browser is a stranger again: its guesses count with everyone
 * else's, and a lock on the account keeps it out too.
 */
export async function forgetOtherDevices(db: Queryable, c: Context, userId: number): Promise<void> {
  const token = getCookie(c, KNOWN_DEVICE_COOKIE);
  const own = token && token.length <= 100 ? tokenHash(token) : '';
  await db.query(`DELETE FROM known_devices WHERE user_id = $1 AND token_hash <> $2`, [
    userId,
    own,
  ]);
}
