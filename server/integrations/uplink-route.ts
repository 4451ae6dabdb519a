import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { ResponseKit } from '../http';
import { batchBodyLimit, clientAddress } from '../ingest-route';
import { MAX_UPLINK_BODY_BYTES } from '../lorawan/uplinks';
import { FailureLimiter } from '../rate-limit';
import type { Clock } from '../time';
import type { Integration, UplinkReceiver } from './receive-uplink';

/**
 * The path network servers post to. It authenticates by the integration's own secret, not by a
 * session, and is called by servers, not browsers: keep it exempt from session and Origin checks.
 */
export const UPLINK_PATH = '/api/integrations/:id/uplink';

export type UplinkRouteOptions = {
  receiver: UplinkReceiver;
  /** Where failed authentications are counted (shared by every server process). */
  db: Queryable;
  clock: Clock;
  kit: ResponseKit;
  /** Failed authentications allowed per client per window. */
  authFailures?: { max: number; windowMs: number };
  /**
   * What a `readings` integration's body goes to: the batch acceptor of POST /api/readings
   * (same body, same bounds, same queue, idempotent alike).
   */
  acceptReadings: (c: Context) => Promise<Response>;
};

type Env = { Variables: { integration: Integration } };

/**
 * POST /api/integrations/:id/uplink (TTS webhook; ChirpStack HTTP integration with ?event=;
 * a `readings` integration's batch in our own format): the secret first, before a byte of the
 * body is read (401); then the body limit (413: 64 KB for an uplink, 1 MB for a batch); then the
 * receiver, or for `readings` the same acceptor as POST /api/readings. Returns the Hono handlers.
 */
export function uplinkHandlers({
  receiver,
  db,
  clock,
  kit,
  authFailures,
  acceptReadings,
}: UplinkRouteOptions) {
  const limiter = new FailureLimiter(
    db,
    'uplink',
    authFailures?.max ?? 10,
    authFailures?.windowMs ?? 60_000,
  );

  const authenticate: MiddlewareHandler<Env> = async (c, next) => {
    try {
      c.set(
        'integration',
        await receiver.authenticate(c.req.param('id') ?? '', c.req.header('Authorization')),
      );
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401) throw error;
      // Only failures are limited, per address: a right secret is never refused for others'.
      // Counted in the database, atomically: past the limit, refused and not counted.
      const wait = await limiter.recordFailure(clientAddress(c), clock());
      if (wait > 0) {
        throw new HttpError(429, 'Too many failed attempts; try again later', {
          'Retry-After': String(Math.ceil(wait / 1000)),
        });
      }
      throw error;
    }
    await next();
  };

  const uplinkLimit = bodyLimit({
    maxSize: MAX_UPLINK_BODY_BYTES,
    onError: () =>
      kit.problem(413, `Request body too large (at most ${MAX_UPLINK_BODY_BYTES / 1024} KB)`),
  });
  const batchLimit = batchBodyLimit(kit);
  const limit: MiddlewareHandler<Env> = (c, next) =>
    c.get('integration').kind === 'readings' ? batchLimit(c, next) : uplinkLimit(c, next);

  const handle = async (c: Context<Env>) => {
    if (c.get('integration').kind === 'readings') return acceptReadings(c);
    // TTS webhooks (format JSON) and ChirpStack's HTTP integration (encoding JSON) send
    // application/json; ChirpStack's Protobuf encoding (application/octet-stream) is not read here.
    // As POST /api/readings: any other type is a 415 that says what to set.
    if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
      throw new HttpError(
        415,
        'Send uplinks as application/json (The Things Stack: webhook format JSON; ChirpStack: payload encoding JSON)',
      );
    }
    const text = await c.req.text();
    const outcome = await receiver.receive(c.get('integration'), c.req.query('event'), text);
    return outcome.body === null
      ? kit.reply(outcome.status, null, {})
      : kit.json(outcome.status, outcome.body);
  };

  return [authenticate, limit, handle] as const;
}
