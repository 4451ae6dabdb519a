import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { SESSION_ENDED_COOKIE } from '../../src/api/contract';
import { DAY, HOUR, MINUTE } from '../time';
import { USER_COLUMNS, userFromRow, type User } from './users';

/** A session ends after 12 hours without a request, and 30 days after sign-in whatever happens. */
export const SESSION_IDLE_MS = 12 * HOUR;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** last_seen_at is written at most this often: one write per minute, not one per request. */
const TOUCH_EVERY_MS = MINUTE;

export const SESSION_COOKIE = 'cg_session';

/** A Set-Cookie value of ours: the whole site (or `path`), SameSite=Lax, Secure on HTTPS. */
export function cookieHeader(
  name: string,
  value: string,
  {
    maxAgeSeconds,
    secure,
    httpOnly,
    path = '/',
  }: { maxAgeSeconds: number; secure: boolean; httpOnly: boolean; path?: string },
): string {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session cookie's Set-Cookie value: HttpOnly, SameSite=Lax, Secure on HTTPS. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return cookieHeader(SESSION_COOKIE, token, { maxAgeSeconds, secure, httpOnly: true });
}

/** Removes the session cookie from the browser. */
export const expiredSessionCookie = (secure: boolean) => sessionCookie('', 0, secure);

/**
 * The marker an ended session's 401 leaves (SESSION_ENDED_COOKIE): readable by the page, and
 * kept longer than the app keeps an offline snapshot (21 days), so the next start still wipes it.
 */
export function sessionEndedCookie(secure: boolean): string {
  const maxAgeSeconds = SESSION_ABSOLUTE_MS / 1000;
  return cookieHeader(SESSION_ENDED_COOKIE, '1', { maxAgeSeconds, secure, httpOnly: false });
}

/** The stored form of a token: its SHA-256 (the token itself is 256 random bits). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a session created at `createdMs` and last seen at `lastSeenMs` is still valid. */
export function sessionAlive(createdMs: number, lastSeenMs: number, now: number): boolean {
  return now - lastSeenMs < SESSION_IDLE_MS && now - createdMs < SESSION_ABSOLUTE_MS;
}

/**
 * Starts a session for `userId`; returns the token for the cookie (stored only hashed). `device`
 * names the browser for the Account page (device-label.ts).
 */
export async function createSession(
  db: Queryable,
  userId: number,
  now: number,
  device: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(now).toISOString();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, device)
     VALUES ($1, $2, $3, $3, $4)`,
    [tokenHash(token), userId, at, device],
  );
  return token;
}

type SessionRow = Parameters<typeof userFromRow>[0] & { created_ms: number; seen_ms: number };

/** The user of a live session, or null (unknown, expired or removed user: an ended session). */
export async function userOfSession(
  db: Queryable,
  token: string,
  now: number,
): Promise<User | null> {
  if (token.length > 100) return null;
  const hash = tokenHash(token);
  const [row] = await db.query<SessionRow>(
    `SELECT ${USER_COLUMNS},
            (extract(epoch FROM s.created_at) * 1000)::float8 AS created_ms,
            (extract(epoch FROM s.last_seen_at) * 1000)::float8 AS seen_ms
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND u.removed_at IS NULL`,
    [hash],
  );
  if (!row) return null;
  if (!sessionAlive(row.created_ms, row.seen_ms, now)) {
    await db.query(`DELETE FROM sessions WHERE token_hash = $1`, [hash]);
    return null;
  }
  if (now - row.seen_ms >= TOUCH_EVERY_MS) {
    await db.query(`UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1`, [
      hash,
      new Date(now).toISOString(),
    ]);
  }
  return userFromRow(row);
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE token_hash = $1`, [tokenHash(token)]);
}

/** Ends every session of the user (sign out everywhere); returns how many ended. */
export async function endAllSessions(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query(`DELETE FROM sessions WHERE user_id = $1 RETURNING 1`, [userId]);
  return rows.length;
}

/** Drops sessions that can no longer be used (on sign-in, so the table does not grow forever). */
export async function pruneSessions(db: Queryable, now: number): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE last_seen_at <= $1 OR created_at <= $2`, [
    new Date(now - SESSION_IDLE_MS).toISOString(),
    new Date(now - SESSION_ABSOLUTE_MS).toISOString(),
  ]);
}

/**
 * The public name of a session: it identifies the row to its owner without being the lookup
 * key (the token hash) or anything that leads to the token.
 */
export function sessionId(hash: string): string {
  return createHash('sha256').update(`session-id:${hash}`).digest('hex').slice(0, 16);
}

export type UserSession = {
  id: string;
  device: string | null;
  createdMs: number;
  lastSeenMs: number;
  current: boolean;
};

/** The user's live sessions, most recently active first; `token` marks the current one. */
export async function listSessions(
  db: Queryable,
  userId: number,
  token: string,
  now: number,
): Promise<UserSession[]> {
  const rows = await db.query<{
    token_hash: string;
    device: string | null;
    created_ms: number;
    seen_ms: number;
  }>(
    `SELECT token_hash, device,
            (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
            (extract(epoch FROM last_seen_at) * 1000)::float8 AS seen_ms
       FROM sessions WHERE user_id = $1
      ORDER BY last_seen_at DESC, created_at DESC`,
    [userId],
  );
  const own = tokenHash(token);
  return rows
    .filter((row) => sessionAlive(row.created_ms, row.seen_ms, now))
    .map((row) => ({
      id: sessionId(row.token_hash),
      device: row.device,
      createdMs: row.created_ms,
      lastSeenMs: row.seen_ms,
      current: row.token_hash === own,
    }));
}

/** Ends the user's session named `id` (sessionId); false when the user has no such session. */
export async function endSessionById(db: Queryable, userId: number, id: string): Promise<boolean> {
  const rows = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM sessions WHERE user_id = $1`,
    [userId],
  );
  const match = rows.find((row) => sessionId(row.token_hash) === id);
  if (!match) return false;
  await db.query(`DELETE FROM sessions WHERE token_hash = $1`, [match.token_hash]);
  return true;
}

/** Ends every session of the user but `token`'s; returns how many ended. */
export async function endOtherSessions(
  db: Queryable,
  userId: number,
  token: string,
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING 1`,
    [userId, tokenHash(token)],
  );
  return rows.length;
}
