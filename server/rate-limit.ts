import type { Queryable } from './db/database';

/**
 * Counts failed authentications per client (a wrong ingest key or integration secret) in a fixed
 * window, in the database (`key_failures`, migration 029): every server process sharing it sees
 * the same count. A client with `max` failures in the window is refused until it ends.
 */
export class FailureLimiter {
  /**
   * @param kind names the endpoint, so each keeps its own count per client ("ingest", "uplink").
   */
  constructor(
    private readonly db: Queryable,
    readonly kind: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /**
   * Counts one failure of `client`, atomically and only while under `max`: 0 when it was counted
   * (answer it as the failure it is), else the milliseconds until the client may try again
   * (refuse it; it is not counted). However many failures arrive at once, at one server or
   * several, at most `max` are counted (and answered 0) in a window.
   */
  async recordFailure(client: string, now: number): Promise<number> {
    const scope = `${this.kind}:${client}`;
    const at = new Date(now).toISOString();
    const [counted] = await this.db.query<{ failures: number }>(
      `INSERT INTO key_failures AS f (scope, window_end, failures) VALUES ($1, $2, 1)
       ON CONFLICT (scope) DO UPDATE SET
         failures = CASE WHEN f.window_end <= $3 THEN 1 ELSE f.failures + 1 END,
         window_end = CASE WHEN f.window_end <= $3 THEN $2 ELSE f.window_end END
       WHERE f.window_end <= $3 OR f.failures < $4
       RETURNING failures`,
      [scope, new Date(now + this.windowMs).toISOString(), at, this.max],
    );
    if (counted) {
      // A new window (the table may have grown): drop the windows that have ended, so many
      // addresses do not grow it for ever. Rows another request holds are skipped, not waited
      // for; a later call drops them.
      if (counted.failures === 1) {
        await this.db.query(
          `DELETE FROM key_failures WHERE scope IN (
             SELECT scope FROM key_failures WHERE window_end <= $1 FOR UPDATE SKIP LOCKED)`,
          [at],
        );
      }
      return 0;
    }
    const [row] = await this.db.query<{ end_ms: number }>(
      `SELECT (extract(epoch FROM window_end) * 1000)::float8 AS end_ms
         FROM key_failures WHERE scope = $1`,
      [scope],
    );
    return Math.max(1, (row?.end_ms ?? now) - now);
  }
}
