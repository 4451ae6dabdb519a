/**
 * When a failed delivery is tried again: 30 s, 2 min, then 10 min after each failure; after the
 * fourth failed attempt it gives up (the inbox then says so).
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The next attempt after `attempts` failed ones at `now`, or null to give up. */
export function nextAttemptAt(attempts: number, now: number): number | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : now + delay;
}
