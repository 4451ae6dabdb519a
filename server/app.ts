import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
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
import { ingestReadings } from './ingest';
import { FailureLimiter } from './rate-limit';
import { insertEventsIfNew } from './events';
import type { SimulatedEvent } from './simulator/events';
import { API_ONLY_CSP, encodedBody, type StaticSite } from './static-site';
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
 */
export function createApp(options: AppOptions): CommonGroundApp {
  const { db, community, ingestKey, site = null, log = () => undefined } = options;
  const clock = options.clock ?? systemClock;
  const cache = new ResponseCache(clock, options.cacheMaxAgeMs ?? 10_000);
  const limiter = new FailureLimiter(
    options.authFailures?.max ?? 10,
    options.authFailures?.windowMs ?? 60_000,
  );
  const csp = site?.csp ?? API_ONLY_CSP;
  const context = (): EndpointContext => ({ db, community, now: clock() });

  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json({ error: error.message }, error.status);
    }
    log(`Error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ error: 'Internal server error' }, 500);
  });

  const api = new Hono();
  api.use('*', compress());
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: 'Request body too large (at most 1 MB)' }, 413),
    }),
  );

  const respond = async (c: Context, key: string, compute: () => Promise<unknown>) => {
    const body = await cache.get(key, async () => JSON.stringify(await compute()));
    return c.body(body, 200, { 'Content-Type': JSON_TYPE });
  };

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

  const ingest = async (readings: Reading[]) => {
    const written = await ingestReadings(db, community, readings, clock());
    cache.invalidate();
    return written;
  };

  api.post('/readings', async (c) => {
    const client = clientAddress(c);
    const wait = limiter.retryAfter(client, clock());
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(429, 'Too many failed attempts; try again later');
    }
    const header = c.req.header('Authorization') ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!given || !sameSecret(given, ingestKey)) {
      limiter.recordFailure(client, clock());
      c.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(
        401,
        given ? 'Invalid API key' : 'Missing API key (Authorization: Bearer <key>)',
      );
    }
    if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
      throw new HttpError(415, 'Send the readings as application/json');
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new HttpError(400, 'The body is not valid JSON');
    }
    const batch = ReadingBatchSchema.safeParse(body);
    if (!batch.success) throw new HttpError(400, describeIssues(batch.error));
    const accepted = await ingest(batch.data.readings);
    return c.json({ accepted });
  });

  // Known API paths with the wrong method, then anything else under /api/.
  const known = new Map<string, string>([
    ...Object.values(API_PATHS).map((p) => [route(p), 'GET'] as const),
    ['/readings', 'POST'],
  ]);
  api.all('*', (c) => {
    const allowed = known.get(c.req.path.replace(/^\/api/, ''));
    if (allowed) {
      c.header('Allow', allowed === 'GET' ? 'GET, HEAD' : allowed);
      return c.json({ error: `Method ${c.req.method} not allowed; use ${allowed}` }, 405);
    }
    return c.json({ error: `Not found: ${c.req.path}` }, 404);
  });

  /** The built app: prerendered pages, the SPA shell and static files (see static-site.ts). */
  const serveSite = (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return c.json({ error: `Method ${c.req.method} not allowed` }, 405);
    }
    if (!site) {
      return c.text(
        'Not found. The web app is not built (npm run build); only /api is served.',
        404,
      );
    }
    const resolution = site.resolve(c.req.path);
    if (resolution.kind === 'redirect') return c.redirect(resolution.location, 301);
    const { file, status } = resolution;
    c.header('Cache-Control', file.cacheControl);
    c.header('ETag', file.etag);
    c.header('Vary', 'Accept-Encoding');
    if (status === 200 && c.req.header('If-None-Match') === file.etag) return c.body(null, 304);
    const { body, encoding } = encodedBody(file, c.req.header('Accept-Encoding'));
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', file.type);
    c.header('Content-Length', String(body.length));
    // Hono answers HEAD by running the GET route and dropping the body.
    return c.body(new Uint8Array(body), status);
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
