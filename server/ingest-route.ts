import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeIssues, ReadingBatchSchema, type Reading } from '../src/api/contract';
import type { Queryable } from './db/database';
import { HttpError } from './errors';
import { parseJsonText } from './json-text';
import type { ResponseKit } from './http';
import type { BatchOutcome } from './ingest';
import { FailureLimiter } from './rate-limit';
import type { Clock } from './time';

/** Batches that may wait for the database at once (a few hundred milliseconds of work). */
export const DEFAULT_MAX_QUEUED = 8;

/** Largest request body accepted (a full batch of 5,000 readings is about 600 KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type IngestRouteOptions = {
  /** Bearer key for POST /api/readings. */
  ingestKey: string;
  /** Where failed authentications are counted (shared by every server process). */
  db: Queryable;
  clock: Clock;
  /** Failed ingest authentications allowed per client per window. */
  authFailures?: { max: number; windowMs: number };
  /**
   * Batches allowed in the ingest queue (waiting or being written); past it a 503 with
   * Retry-After, so a flood of batches cannot pile up memory and latency.
   */
  maxQueued?: number;
  /**
   * Validates and writes batches that arrived together (group commit), each all or nothing and
   * answered as if it had come alone: one outcome per batch, in order.
   */
  ingest(batches: Reading[][]): Promise<BatchOutcome[]>;
  kit: ResponseKit;
};

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the key.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}

/**
 * Readings written together at most (group commit): the largest batch, so one transaction's
 * statement is never larger than a single batch's could be.
 */
export const MAX_GROUP_READINGS = 5_000;

/**
 * Groups being written at once. Two (the next group written while the previous one is flushed
 * and judged for alerts) made groups smaller and cost more CPU per reading (32 against 29 ms per
 * 1,000 through HTTP, alternated on the loaded 2-core machine) for no clear gain in throughput.
 */
const GROUPS_IN_FLIGHT = 1;

/**
 * What accepts a batch in our own format once its sender is authenticated: the Content-Type,
 * the queue bound (503 with Retry-After past it), then the batch parsed against
 * ReadingBatchSchema and handed to `ingest` (all or nothing; identical readings already stored
 * count as duplicates). Group commit: while a group is being written, batches that arrive wait,
 * and are then handed over together (up to MAX_GROUP_READINGS), so the database commits (and
 * flushes its log) once for all of them; each request is answered after that commit. Shared by
 * POST /api/readings and the `readings` integrations' webhook, so both share one queue and
 * answer alike.
 */
export function batchAcceptor(
  options: Pick<IngestRouteOptions, 'maxQueued' | 'ingest' | 'kit'>,
): (c: Context) => Promise<Response> {
  const { kit } = options;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  let queued = 0;
  type Waiting = { readings: Reading[]; settle(outcome: BatchOutcome): void };
  const waiting: Waiting[] = [];
  let writing = 0;

  /** The waiting batches, up to MAX_GROUP_READINGS (at least one batch). */
  const nextGroup = (): Waiting[] => {
    const group: Waiting[] = [];
    let size = 0;
    for (let next = waiting[0]; next; next = waiting[0]) {
      if (group.length > 0 && size + next.readings.length > MAX_GROUP_READINGS) break;
      group.push(next);
      size += next.readings.length;
      waiting.shift();
    }
    return group;
  };

  const write = async (group: Waiting[]) => {
    let outcomes: BatchOutcome[];
    try {
      outcomes = await options.ingest(group.map((batch) => batch.readings));
    } catch (error) {
      outcomes = group.map(() => ({ ok: false, error }));
    }
    group.forEach((batch, index) =>
      batch.settle(outcomes[index] ?? { ok: false, error: new Error('The batch was not written') }),
    );
  };

  /** Starts the next group while fewer than GROUPS_IN_FLIGHT are being written. */
  const pump = () => {
    while (writing < GROUPS_IN_FLIGHT && waiting.length > 0) {
      writing++;
      void write(nextGroup()).finally(() => {
        writing--;
        pump();
      });
    }
  };

  const accept = async (c: Context) => {
    const body = parseJsonText(await c.req.text());
    if (!body.ok) throw new HttpError(400, body.reason);
    const batch = ReadingBatchSchema.safeParse(body.value);
    if (!batch.success) throw new HttpError(400, describeIssues(batch.error));
    const outcome = await new Promise<BatchOutcome>((settle) => {
      waiting.push({ readings: batch.data.readings, settle });
      pump();
    });
    if (!outcome.ok) throw outcome.error;
    const { result } = outcome;
    // `duplicates` only when there were some: a plain first delivery answers `{ accepted }`.
    return kit.json(200, result.duplicates > 0 ? result : { accepted: result.accepted });
  };

  return async (c: Context) => {
    if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
      throw new HttpError(415, 'Send the readings as application/json');
    }
    if (queued >= maxQueued) {
      throw new HttpError(503, `The ingest queue is full (${maxQueued} batches); retry shortly`, {
        'Retry-After': '1',
      });
    }
    queued++;
    try {
      return await accept(c);
    } finally {
      queued--;
    }
  };
}

/** The body limit of a batch in our own format (413 past it). */
export function batchBodyLimit(kit: ResponseKit) {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => kit.problem(413, 'Request body too large (at most 1 MB)'),
  });
}

/**
 * POST /api/readings: the body limit, bearer-key authentication with a failed-attempt limiter,
 * then one batch at a time through `accept` (batchAcceptor). Returns the Hono handlers.
 */
export function ingestHandlers(
  options: Omit<IngestRouteOptions, 'ingest' | 'maxQueued'> & {
    accept: (c: Context) => Promise<Response>;
  },
) {
  const { ingestKey, db, clock, kit, accept } = options;
  const limiter = new FailureLimiter(
    db,
    'ingest',
    options.authFailures?.max ?? 10,
    options.authFailures?.windowMs ?? 60_000,
  );

  const limit = batchBodyLimit(kit);

  const handle = async (c: Context) => {
    // The key first: a valid key is never refused for other clients' failures (many sensors
    // may share one address behind a NAT). Only failed attempts are limited, per address; with a
    // key of 16 characters or more (main.ts insists) guessing stays infeasible either way.
    const header = c.req.header('Authorization') ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!given || !sameSecret(given, ingestKey)) {
      // Counted in the database, atomically: past the limit, refused and not counted.
      const wait = await limiter.recordFailure(clientAddress(c), clock());
      if (wait > 0) {
        throw new HttpError(429, 'Too many failed attempts; try again later', {
          'Retry-After': String(Math.ceil(wait / 1000)),
        });
      }
      throw new HttpError(
        401,
        given ? 'Invalid API key' : 'Missing API key (Authorization: Bearer <key>)',
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    return accept(c);
  };

  return [limit, handle] as const;
}
