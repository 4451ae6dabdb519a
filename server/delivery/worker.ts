import type { Community } from '../community';
import { parseInt8, type Database, type Queryable } from '../db/database';
import type { Clock } from '../time';
import { nextAttemptAt } from './backoff';
import type { Channel, ClaimedDelivery, Outcome, Subject } from './channel';
import { fanOut } from './fan-out';

/** How long a claimed delivery is a worker's before another may take it (the worker died). */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries claimed at once; one pass claims batches until none is due (at most MAX_BATCHES). */
const BATCH = 25;
const MAX_BATCHES = 20;

export type DeliveryCounts = { sent: number; retried: number; failed: number; skipped: number };

export type DeliveryService = {
  readonly channels: readonly Channel[];
  /** Queues a subject for delivery, in the caller's transaction (see fanOut). */
  enqueue(tx: Queryable, subject: Subject, now: number): Promise<number>;
  /** One pass over the due deliveries (passes in one process never overlap). */
  run(): Promise<DeliveryCounts>;
  /** Starts a pass soon, after a fan-out has committed; failures are logged. */
  kick(): void;
  /** Resolves once the passes started so far are done. */
  idle(): Promise<void>;
};

type ClaimRow = {
  id: string;
  community_id: number;
  user_id: number;
  channel: string;
  target: string | null;
  payload: unknown;
  attempts: number;
};

/**
 * Claims up to `limit` due deliveries: in one statement, rows locked with FOR UPDATE SKIP LOCKED
 * get their attempt counted and their due time moved to the end of a lease. A second worker on
 * the same PostgreSQL skips the locked rows and, once this commits, finds them not due: each
 * delivery is attempted by one worker. If that worker dies mid-send the lease runs out and the
 * delivery is tried again (at least once, never lost).
 */
export async function claimDue(
  db: Queryable,
  communityId: number,
  now: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await db.query<ClaimRow>(
    `UPDATE deliveries d SET attempts = d.attempts + 1, next_attempt_at = $3
      WHERE d.id IN (SELECT id FROM deliveries
                      WHERE community_id = $1 AND status = 'pending' AND next_attempt_at <= $2
                      ORDER BY next_attempt_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING d.id::text AS id, d.community_id, d.user_id, d.channel, d.target, d.payload,
                d.attempts`,
    [communityId, new Date(now).toISOString(), new Date(now + CLAIM_LEASE_MS).toISOString(), limit],
  );
  return rows
    .map((row) => ({
      id: parseInt8(row.id),
      communityId: row.community_id,
      userId: row.user_id,
      channel: row.channel,
      target: row.target,
      payload: row.payload,
      attempts: row.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Stores what an attempt came to: done, or due again after a back-off, or given up. */
export async function recordOutcome(
  db: Queryable,
  delivery: ClaimedDelivery,
  outcome: Outcome,
  now: number,
): Promise<keyof DeliveryCounts> {
  let status: 'pending' | 'sent' | 'failed' | 'skipped';
  let due = now;
  let error: string | null = null;
  let counted: keyof DeliveryCounts;
  switch (outcome.status) {
    case 'sent':
      status = 'sent';
      counted = 'sent';
      break;
    case 'skipped':
      status = 'skipped';
      error = outcome.reason;
      counted = 'skipped';
      break;
    case 'failed':
      status = 'failed';
      error = outcome.error;
      counted = 'failed';
      break;
    case 'retry': {
      const next = nextAttemptAt(delivery.attempts, now);
      error = outcome.error;
      if (next === null) {
        status = 'failed';
        error = `${outcome.error} (gave up after ${delivery.attempts} attempts)`;
        counted = 'failed';
      } else {
        status = 'pending';
        due = next;
        counted = 'retried';
      }
      break;
    }
  }
  await db.query(
    `UPDATE deliveries SET status = $3, next_attempt_at = $4, last_error = $5,
            finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE $6::timestamptz END
      WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
    [
      delivery.id,
      delivery.attempts,
      status,
      new Date(due).toISOString(),
      error === null ? null : error.slice(0, 500),
      new Date(now).toISOString(),
    ],
  );
  return counted;
}

export type DeliveryServiceOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  channels: readonly Channel[];
  log?: (message: string) => void;
};

/**
 * The delivery worker of one server process: run from every scheduler pass, and kicked after a
 * fan-out commits so an alert goes out within seconds. The claim (claimDue) makes each delivery
 * one worker's, across processes on one PostgreSQL; PGlite (one process) runs the same code.
 */
export function deliveryService(options: DeliveryServiceOptions): DeliveryService {
  const { db, community, clock, channels, log = () => undefined } = options;
  const byName = new Map(channels.map((channel) => [channel.name, channel]));

  const attempt = async (delivery: ClaimedDelivery): Promise<Outcome> => {
    const channel = byName.get(delivery.channel);
    if (!channel) return { status: 'retry', error: `No channel "${delivery.channel}" here` };
    try {
      return await channel.send(delivery, { db, community, now: clock() });
    } catch (error) {
      return { status: 'retry', error: (error as Error).message };
    }
  };

  const pass = async (): Promise<DeliveryCounts> => {
    const counts: DeliveryCounts = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const claimed = await claimDue(db, community.id, clock(), BATCH);
      if (claimed.length === 0) break;
      // Each outcome is recorded as soon as its send ends, not after the batch's slowest: a
      // process killed meanwhile leaves only the sends still under way to be tried again.
      await Promise.all(
        claimed.map(async (delivery) => {
          counts[await recordOutcome(db, delivery, await attempt(delivery), clock())]++;
        }),
      );
      if (claimed.length < BATCH) break;
    }
    return counts;
  };

  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<DeliveryCounts> | null = null;
  const run = () => {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      return pass();
    });
    queued = next;
    chain = next.catch(() => undefined);
    return next;
  };

  return {
    channels,
    enqueue: (tx, subject, now) => fanOut(tx, community, channels, subject, now),
    run,
    kick() {
      run().catch((error: Error) => log(`Deliveries failed: ${error.message}`));
    },
    async idle() {
      await chain;
    },
  };
}
