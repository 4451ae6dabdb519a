import type { Queryable } from '../db/database';
import { MINUTE } from '../time';

/**
 * Failed sign-ins counted per account and per address in the database (every server process
 * sees the same counts), in fixed windows. Past the limit, attempts are refused until the window
 * ends: at most 15 minutes, so the right password is never locked out for long, while online
 * guessing stays at 10 tries per account per quarter hour.
 */
export type AttemptLimits = {
  perAccount: number;
  perAddress: number;
  windowMs: number;
};

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  perAccount: 10,
  perAddress: 100,
  windowMs: 15 * MINUTE,
};

export const accountScope = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressScope = (address: string) => `address:${address}`;

/** Milliseconds until `scope` may try again (0: now). */
async function waitFor(
  db: Queryable,
  scope: string,
  max: number,
  windowMs: number,
  now: number,
): Promise<number> {
  const [row] = await db.query<{ start_ms: number; failures: number }>(
    `SELECT (extract(epoch FROM window_start) * 1000)::float8 AS start_ms, failures
       FROM sign_in_attempts WHERE scope = $1`,
    [scope],
  );
  if (!row || now - row.start_ms >= windowMs || row.failures < max) return 0;
  return row.start_ms + windowMs - now;
}

/** How long the account or address must wait, the longer of the two (0: go ahead). */
export async function signInWait(
  db: Queryable,
  limits: AttemptLimits,
  email: string,
  address: string,
  now: number,
): Promise<number> {
  const [account, from] = await Promise.all([
    waitFor(db, accountScope(email), limits.perAccount, limits.windowMs, now),
    waitFor(db, addressScope(address), limits.perAddress, limits.windowMs, now),
  ]);
  return Math.max(account, from);
}

/**
 * Counts one failure for each scope, starting a new window where the old one ended. Windows that
 * ended are dropped first, so guesses at many made-up emails do not grow the table for ever.
 */
export async function recordFailure(
  db: Queryable,
  limits: AttemptLimits,
  scopes: readonly string[],
  now: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  const windowOpenedAfter = new Date(now - limits.windowMs).toISOString();
  await db.query(`DELETE FROM sign_in_attempts WHERE window_start <= $1`, [windowOpenedAfter]);
  for (const scope of scopes) {
    await db.query(
      `INSERT INTO sign_in_attempts AS a (scope, window_start, failures) VALUES ($1, $2, 1)
       ON CONFLICT (scope) DO UPDATE SET
         failures = CASE WHEN a.window_start <= $3 THEN 1 ELSE a.failures + 1 END,
         window_start = CASE WHEN a.window_start <= $3 THEN $2 ELSE a.window_start END`,
      [scope, at, windowOpenedAfter],
    );
  }
}

/** A successful sign-in clears the account's count (not the address's: others share it). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query(`DELETE FROM sign_in_attempts WHERE scope = $1`, [accountScope(email)]);
}
