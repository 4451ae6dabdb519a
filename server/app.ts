import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import {
  API_PATHS,
  describeIssues,
  ReadingBatchSchema,
  type Reading,
  RangeQuerySchema,
  SuggestionsQuerySchema,
  TimelineQuerySchema,
} from '../src/api/contract';
import { amyAnalysis } from './amy/analysis';
import { amySuggestions } from './amy/suggestions';
import { ResponseCache } from './cache';
import type { Community } from './community';
import type { Database } from './db/database';
import { amenityAnalytics } from './endpoints/analytics';
import type { EndpointContext } from './endpoints/context';
import { dashboardMetrics } from './endpoints/metrics';
import { amenityPopularity } from './endpoints/popularity';
import { usageTimeline } from './endpoints/timeline';
import { HttpError } from './errors';
import { insertEventsIfNew } from './events';
import { ingestReadings } from './ingest';
import { FailureLimiter } from './rate-limit';
import type { SimulatedEvent } from './simulator/events';
import {
  API_ONLY_CSP,
  encodable,
  encodedBody,
  etagFor,
  type Encodable,
  type StaticSite,
} from './static-site';
import { systemClock, type Clock } from './time';

/** Largest request body accepted (a full batch of 5,000 readings is about 600 KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type AppOptions = {
  db: Database;
  community: Community;
  /** Bearer key for POST /api/readings. */
  ingestKey: string;
  clock?: Clock;
  /** The built app, or null to serve the API only. */
  site?: StaticSite | null;
  /** How long a computed response may be reused while no new data arrives (0 = no cache). */
  cacheMaxAgeMs?: number;
  /** Failed ingest authentications allowed per client per window. */
  authFailures?: { max: number; windowMs: number };
  log?: (message: string) => void;
};

export type CommonGroundApp = {
  app: Hono;
  /** Writes readings (validated, all or nothing) and refreshes rollups and the cache. */
  ingest(readings: Reading[]): Promise<number>;
  /** Records events held and refreshes the cache. */
  recordEvents(events: SimulatedEvent[]): Promise<void>;
};

const JSON_TYPE = 'application/json; charset=utf-8';

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the key.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // in-process requests (tests) have no socket
  }
}

function parseQuery<S extends z.ZodMiniType>(schema: S, c: Context): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw new HttpError(400, `Invalid query: ${describeIssues(result.error)}`);
  return result.data;
}

/**
 * The HTTP application: the six read endpoints, ingest, and the built app. Pure wiring: the
 * database, the community, the clock and the site come in, so tests run it in-process.
 *
 * Every response is built here with its full set of headers as a plain object (security headers
 * included), never patched afterwards: @hono/node-server then writes it straight to the socket.
 */
export function createApp(options: AppOptions): CommonGroundApp {
  const { db, community, ingestKey, site = null, log = () => undefined } = options;
  const clock = options.clock ?? systemClock;
  const cache = new ResponseCache<Encodable>(clock, options.cacheMaxAgeMs ?? 10_000);
  const limiter = new FailureLimiter(
    options.authFailures?.max ?? 10,
    options.authFailures?.windowMs ?? 60_000,
  );
  const context = (): EndpointContext => ({ db, community, now: clock() });

  const security: Record<string, string> = {
    'Content-Security-Policy': site?.csp ?? API_ONLY_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  const apiHeaders = { ...security, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' };
  const apiCompressedHeaders = {
    br: { ...apiHeaders, 'Content-Encoding': 'br', Vary: 'Accept-Encoding' },
    gzip: { ...apiHeaders, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' },
  };

  const reply = (
    status: number,
    body: Uint8Array<ArrayBuffer> | string | null,
    headers: Record<string, string>,
  ) => new Response(body, { status, headers: { ...security, ...headers } });

  const problem = (status: number, message: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ error: message }), {
      status,
      headers: { ...apiHeaders, ...headers },
    });

  const app = new Hono();

  app.onError((error) => {
    if (error instanceof HttpError) return problem(error.status, error.message, error.headers);
    log(`Error: ${error.stack ?? error.message}`);
    return problem(500, 'Internal server error');
  });

  /** A computed endpoint: from the cache when nothing changed, compressed when accepted. */
  const respond = async (c: Context, key: string, compute: () => Promise<unknown>) => {
    const payload = await cache.get(key, async () => encodable(JSON.stringify(await compute())));
    const { body, encoding } = encodedBody(payload, c.req.header('Accept-Encoding'), {
      dynamic: true,
    });
    return new Response(body, {
      status: 200,
      headers: encoding ? apiCompressedHeaders[encoding] : apiHeaders,
    });
  };

  const api = new Hono();
  const route = (path: string) => path.replace(/^\/api/, '');

  api.get(route(API_PATHS.metrics), (c) =>
    respond(c, 'metrics', () => dashboardMetrics(context())),
  );
  api.get(route(API_PATHS.timeline), (c) => {
    const { period, days } = parseQuery(TimelineQuerySchema, c);
    const effectiveDays = period === 'month' ? days : undefined;
    return respond(c, `timeline:${period}:${effectiveDays ?? ''}`, () =>
      usageTimeline(context(), period, effectiveDays),
    );
  });
  api.get(route(API_PATHS.popularity), (c) => {
    const { days } = parseQuery(RangeQuerySchema, c);
    return respond(c, `popularity:${days ?? ''}`, () => amenityPopularity(context(), days));
  });
  api.get(route(API_PATHS.amenityAnalytics), (c) =>
    respond(c, 'analytics', () => amenityAnalytics(context())),
  );
  api.get(route(API_PATHS.suggestions), (c) => {
    const { month } = parseQuery(SuggestionsQuerySchema, c);
    return respond(c, `suggestions:${month ?? ''}`, () => amySuggestions(context(), month));
  });
  api.get(route(API_PATHS.analysis), (c) => respond(c, 'analysis', () => amyAnalysis(context())));

  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const ingest = async (readings: Reading[]) => {
    const written = await ingestReadings(db, community, readings, clock());
    cache.invalidate();
    return written;
  };

  api.post(
    '/readings',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => problem(413, 'Request body too large (at most 1 MB)'),
    }),
    async (c) => {
      const client = clientAddress(c);
      const wait = limiter.retryAfter(client, clock());
      if (wait > 0) {
        throw new HttpError(429, 'Too many failed attempts; try again later', {
          'Retry-After': String(Math.ceil(wait / 1000)),
        });
      }
      const header = c.req.header('Authorization') ?? '';
      const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
      if (!given || !sameSecret(given, ingestKey)) {
        limiter.recordFailure(client, clock());
        throw new HttpError(
          401,
          given ? 'Invalid API key' : 'Missing API key (Authorization: Bearer <key>)',
          { 'WWW-Authenticate': 'Bearer' },
        );
      }
      if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
        throw new HttpError(415, 'Send the readings as application/json');
      }
      const text = await c.req.text();
      // One batch at a time from here: the database writes one at a time anyway, and parsing
      // several 1,000-reading batches at once only piles up memory.
      const accepted = await oneAtATime(async () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw new HttpError(400, 'The body is not valid JSON');
        }
        const batch = ReadingBatchSchema.safeParse(body);
        if (!batch.success) throw new HttpError(400, describeIssues(batch.error));
        return ingest(batch.data.readings);
      });
      return new Response(JSON.stringify({ accepted }), { status: 200, headers: apiHeaders });
    },
  );

  // Known API paths with the wrong method, then anything else under /api/.
  const known = new Map<string, string>([
    ...Object.values(API_PATHS).map((p) => [route(p), 'GET, HEAD'] as const),
    ['/readings', 'POST'],
  ]);
  api.all('*', (c) => {
    const allowed = known.get(c.req.path.replace(/^\/api/, ''));
    if (allowed) {
      return problem(405, `Method ${c.req.method} not allowed; use ${allowed}`, {
        Allow: allowed,
      });
    }
    return problem(404, `Not found: ${c.req.path}`);
  });

  /** The built app: prerendered pages, the SPA shell and static files (see static-site.ts). */
  const serveSite = (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return problem(405, `Method ${c.req.method} not allowed`, { Allow: 'GET, HEAD' });
    }
    if (!site) {
      return reply(
        404,
        'Not found. The web app is not built (npm run build); only /api is served.',
        {
          'Content-Type': 'text/plain; charset=utf-8',
        },
      );
    }
    const resolution = site.resolve(c.req.path);
    if (resolution.kind === 'redirect') {
      return reply(301, null, { Location: resolution.location });
    }
    const { file, status } = resolution;
    const { body, encoding } = encodedBody(file, c.req.header('Accept-Encoding'));
    const etag = etagFor(file, encoding);
    const headers: Record<string, string> = {
      'Cache-Control': file.cacheControl,
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    const ifNoneMatch = c.req.header('If-None-Match');
    if (status === 200 && ifNoneMatch?.split(/\s*,\s*/).includes(etag)) {
      return reply(304, null, headers);
    }
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Type'] = file.type;
    // Hono answers HEAD by running the GET route and dropping the body.
    return reply(status, body, headers);
  };

  // "/api" itself is the public developer page; "/api/..." is the API.
  app.all('/api', serveSite);
  app.route('/api', api);
  app.all('*', serveSite);

  return {
    app,
    ingest,
    async recordEvents(events) {
      await insertEventsIfNew(db, community.id, events);
      cache.invalidate();
    },
  };
}
