import type { Database, Queryable } from '../db/database';
import { MINUTE } from '../time';

/**
 * Failed sign-ins counted per account (or per browser of the account's own: known-devices.ts)
 * and per address in the database (every server process sees the same counts), in fixed
 * windows. Past the limit, attempts are refused until the window ends: at most 15 minutes, so
 * the right password is never locked out for long, while online guessing stays at 10 tries per
 * account per quarter hour. Each attempt is counted before it is judged (`reserveAttempt`), so
 * attempts sent at once cannot all slip under the limit.
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

/** One attempt counted ahead of its judgement: each scope, and the window it was counted in. */
export type ReservedAttempt = readonly { scope: string; startMs: number }[];

/** Counted (go ahead and judge it), or refused with the milliseconds until it may try again. */
export type Reservation = { ok: true; reserved: ReservedAttempt } | { ok: false; waitMs: number };

class OverLimit extends Error {
  constructor(readonly waitMs: number) {
    super('over the limit');
  }
}

/**
 * Drops the counts of windows that have ended, so guesses at many made-up emails do not grow the
 * table for ever. Rows another request holds (resetting or counting in them) are skipped, never
 * waited for: they are dropped by a later call.
 */
async function dropEndedWindows(db: Queryable, limits: AttemptLimits, now: number): Promise<void> {
  const windowOpenedAfter = new Date(now - limits.windowMs).toISOString();
  await db.query(
    `DELETE FROM sign_in_attempts WHERE scope IN (
       SELECT scope FROM sign_in_attempts WHERE window_start <= $1 FOR UPDATE SKIP LOCKED)`,
    [windowOpenedAfter],
  );
}

/**
 * Counts an attempt for the account and the address BEFORE the password (or code) is checked,
 * and only while both are under their limits: one conditional upsert per scope, in one
 * transaction, so however many attempts arrive at once (at one server or several), at most the
 * limit's number are let through to be judged in a window; the rest are refused (429) without
 * being counted. A counted attempt stays counted as a failure unless it turns out right
 * (`releaseAttempt`, or `clearAccountFailures` for a sign-in).
 */
export async function reserveAttempt(
  db: Database,
  limits: AttemptLimits,
  email: string,
  address: string,
  now: number,
  /** The browser's scope when it is one of the account's own (known-devices.ts). */
  knownDevice: string | null = null,
): Promise<Reservation> {
  await dropEndedWindows(db, limits, now);
  const at = new Date(now).toISOString();
  const windowOpenedAfter = new Date(now - limits.windowMs).toISOString();
  // Always the account's (or its browser's) row first, then the address's: two requests never
  // wait on each other in opposite orders. One of the account's own browsers is counted on its
  // own, at the account's limit: failures from elsewhere do not lock it out.
  const scopes = [
    { scope: knownDevice ?? accountScope(email), max: limits.perAccount },
    { scope: addressScope(address), max: limits.perAddress },
  ];
  try {
    const reserved = await db.transaction(async (tx) => {
      const counted: { scope: string; startMs: number }[] = [];
      for (const [index, { scope, max }] of scopes.entries()) {
        // A window that has ended starts again at 1; a running one counts on only below `max`.
        // The upsert locks the row, so attempts at once are counted one after another.
        const [row] = await tx.query<{ start_ms: number }>(
          `INSERT INTO sign_in_attempts AS a (scope, window_start, failures) VALUES ($1, $2, 1)
           ON CONFLICT (scope) DO UPDATE SET
             failures = CASE WHEN a.window_start <= $3 THEN 1 ELSE a.failures + 1 END,
             window_start = CASE WHEN a.window_start <= $3 THEN $2 ELSE a.window_start END
           WHERE a.window_start <= $3 OR a.failures < $4
           RETURNING (extract(epoch FROM window_start) * 1000)::float8 AS start_ms`,
          [scope, at, windowOpenedAfter, max],
        );
        if (!row) {
          // Over the limit: nothing of this attempt is kept (the transaction rolls back). The
          // wait is the longest of this scope's and those after it (the ones before were under).
          const waits = await Promise.all(
            scopes
              .slice(index)
              .map((later) => waitFor(tx, later.scope, later.max, limits.windowMs, now)),
          );
          throw new OverLimit(Math.max(1, ...waits));
        }
        counted.push({ scope, startMs: row.start_ms });
      }
      return counted;
    });
    return { ok: true, reserved };
  } catch (error) {
    if (error instanceof OverLimit) return { ok: false, waitMs: error.waitMs };
    throw error;
  }
}

/**
 * Uncounts an attempt that turned out right (the password, or the code, was correct): it is no
 * failure. Only in the window it was counted in: a window started since owes it nothing.
 */
export async function releaseAttempt(db: Queryable, reserved: ReservedAttempt): Promise<void> {
  for (const { scope, startMs } of reserved) {
    await db.query(
      `UPDATE sign_in_attempts SET failures = failures - 1
        WHERE scope = $1 AND failures > 0
          AND (extract(epoch FROM window_start) * 1000)::float8 = $2`,
      [scope, startMs],
    );
  }
}

/** A successful sign-in clears the account's count (not the address's: others share it). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query(`DELETE FROM sign_in_attempts WHERE scope = $1`, [accountScope(email)]);
}
