import { Hono, type Context } from 'hono';
import {
  API_PATHS,
  FIRST_ANSWERS_PATH,
  HEALTH_PATH,
  type Reading,
  RangeQuerySchema,
  SuggestionsQuerySchema,
  TimelineQuerySchema,
  GapsQuerySchema,
  READINGS_FILE_PATH,
} from '../src/api/contract';
import {
  READINGS_FILES_AT_ONCE,
  readingsFile,
  readingsFileAsk,
  readingsFileResponse,
} from './endpoints/readings-file';
import { amyAnalysis } from './amy/analysis';
import { amySuggestions } from './amy/suggestions';
import { evaluateAfterIngest } from './alerts/evaluate'; // alerts (issue 14)
import { alertRoutes } from './alerts/routes';
import { scheduleRoutes } from './schedules/routes';
import type { Channel } from './delivery/channel';
import {
  DEFAULT_VAPID_SUBJECT,
  pushChannel,
  type PushChannelOptions,
} from './delivery/push/channel';
import { deliveryRoutes } from './delivery/routes';
import { deliveryService, type DeliveryService } from './delivery/worker';
import { amenityRoutes } from './amenities/routes';
import { userRoutes } from './users/routes';
import { residentRoutes } from './residents/routes';
import { plannedEventRoutes } from './events/planned-routes';
import { eventRoutes } from './events/routes';
import { emailChannel } from './delivery/email/channel';
import { createMailer, type EmailConfig } from './delivery/email/mailer';
import { notificationRoutes } from './delivery/status-route';
import { profileRoutes } from './profile/routes';
import { auditRoutes } from './auth/audit-routes';
import { billingRoutes } from './billing/routes';
import { ResponseCache } from './cache';
import { changeFeed } from './changes';
import type { Community } from './community';
import { databaseUnavailable, type Database } from './db/database';
import { ruleFor } from './auth/access';
import { DEFAULT_ATTEMPT_LIMITS, type AttemptLimits } from './auth/attempts';
import { allowedMethods, fixedPathRefusal } from './allowed-methods';
import { accessMiddleware, type AuthEnv } from './auth/middleware';
import { registerAccountRoutes } from './auth/account-routes';
import { registerAuthRoutes } from './auth/routes';
import { amenityAnalytics } from './endpoints/analytics';
import type { EndpointContext } from './endpoints/context';
import { dashboardMetrics } from './endpoints/metrics';
import { amenityPopularity } from './endpoints/popularity';
import { sensorList } from './endpoints/sensors';
import { usageGaps } from './endpoints/gaps';
import { usageTimeline } from './endpoints/timeline';
import { HttpError } from './errors';
import { firstAnswersHandler } from './first-answers';
import { insertEventsIfNew } from './events';
import { parseQuery, responseKit } from './http';
import { ingestBatches } from './ingest';
import { batchAcceptor, ingestHandlers } from './ingest-route';
import { uplinkReceiver, type UplinkReceiver } from './integrations/receive-uplink';
import { registerSensorAdminRoutes } from './integrations/manage-routes';
import { UPLINK_PATH, uplinkHandlers } from './integrations/uplink-route';
import type { SimulatedEvent } from './simulator/events';
import { encodable, encodedBody, type Encodable } from './static/compression';
import { API_ONLY_CSP } from './static/csp';
import { siteHandler } from './static/serve';
import type { StaticSite } from './static/site';
import { systemClock, type Clock } from './time';

export { MAX_BODY_BYTES } from './ingest-route';

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
  /** Ingest batches allowed to wait at once (see ingest-route.ts). */
  maxQueuedBatches?: number;
  log?: (message: string) => void;
  /**
   * Demo mode: requests without a session are the read-only demo viewer (Board role) instead of
   * a 401. On for the seeded demo community unless DEMO=0 (see server.ts); off by default.
   */
  demo?: boolean;
  /** Read X-Forwarded-Proto/-For (TRUST_PROXY=1: a reverse proxy is in front). */
  trustProxy?: boolean;
  /** Failed sign-ins allowed per account and per address per window. */
  signInLimits?: AttemptLimits;
  /** SMTP set-up (SMTP_URL), or null: no email is sent and the app says so. */
  email?: EmailConfig | null;
  /** Where links in emails point (PUBLIC_URL, else the server's own address once listening). */
  linkBase?: () => string;
  /** Web Push: the VAPID contact (VAPID_SUBJECT) and, for tests, an HTTPS agent. */
  push?: Partial<PushChannelOptions>;
  /** The delivery channels (default: push); email is added here as a channel. */
  channels?: readonly Channel[];
};

export type CommonGroundApp = {
  app: Hono;
  /** Writes readings (validated, all or nothing) and refreshes rollups and the cache. */
  ingest(readings: Reading[]): Promise<number>;
  /** Records events held and refreshes the cache. */
  recordEvents(events: SimulatedEvent[]): Promise<void>;
  /** What POST /api/integrations/:id/uplink runs (the demo simulator calls it in-process). */
  uplinks: UplinkReceiver;
  /** The delivery queue's worker (the scheduler runs it on every pass). */
  delivery: DeliveryService;
  /**
   * Hears the changes other server processes on the same database make (changes.ts); resolves
   * to a function that stops.
   */
  follow(): Promise<() => Promise<void>>;
};

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
  // Other server processes on the same database hear of every change made here, and this one
  // of theirs (once `follow` runs).
  const feed = changeFeed({ db, community, invalidate: () => cache.invalidate(), log });
  const dataChanged = () => feed.changed('data');
  const settingsChanged = () => feed.changed('settings');
  const context = (): EndpointContext => ({ db, community, now: clock() });

  const delivery = deliveryService({
    db,
    community,
    clock,
    log,
    channels: options.channels ?? [
      pushChannel({ subject: DEFAULT_VAPID_SUBJECT, ...options.push }),
      ...(options.email
        ? [
            emailChannel({
              mailer: createMailer(options.email),
              linkBase: options.linkBase ?? (() => 'http://localhost'),
            }),
          ]
        : []),
    ],
  });

  const kit = responseKit(site?.csp ?? API_ONLY_CSP);
  const { apiHeaders, apiCompressedHeaders, problem } = kit;

  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof HttpError) return problem(error.status, error.message, error.headers);
    // The database down, restarting or out of connections: a 503 the app and a load balancer
    // read as "try again", with what became of a write.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      log(`Database unavailable: ${error.message}`);
      return problem(503, unavailableMessage(c.req.method, unavailable), {
        'Retry-After': String(DATABASE_RETRY_AFTER_S),
      });
    }
    log(`Error: ${error.stack ?? error.message}`);
    return problem(500, 'Internal server error');
  });

  // Before anything reads a parameter: PostgreSQL cannot store or compare text holding a NUL,
  // and no path or query of ours has one.
  app.use('*', async (c, next) => {
    if (c.req.url.includes('%00')) {
      throw new HttpError(
        400,
        'The address holds the NUL character (%00), which text cannot contain',
      );
    }
    await next();
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

  const api = new Hono<AuthEnv>();
  const route = (path: string) => path.replace(/^\/api/, '');
  const trustProxy = options.trustProxy ?? false;

  // A wrong method on a fixed path is a 405 before anything else: a pattern beside it
  // (/amenities/:id) would take it as an id (PATCH /amenities/analytics, a 415 or a 404).
  let fixedRefusal: ReturnType<typeof fixedPathRefusal> | undefined;
  api.use('*', async (c, next) => {
    // Built at the first request, once every route below is registered.
    fixedRefusal ??= fixedPathRefusal(api.routes);
    const allowed = fixedRefusal(c.req.method, route(c.req.path));
    if (allowed) {
      return problem(405, `Method ${c.req.method} not allowed; use ${allowed}`, {
        Allow: allowed,
      });
    }
    await next();
  });

  // Before every route: sessions, roles and Origin, from the table in auth/access.ts.
  api.use(
    '*',
    accessMiddleware({
      db,
      communityId: community.id,
      clock,
      demo: options.demo ?? false,
      trustProxy,
    }),
  );
  const authOptions = {
    db,
    community,
    clock,
    kit,
    limits: options.signInLimits ?? DEFAULT_ATTEMPT_LIMITS,
    trustProxy,
  };
  registerAuthRoutes(api, authOptions);
  registerAccountRoutes(api, authOptions);

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
  api.get(route(API_PATHS.sensors), (c) => respond(c, 'sensors', () => sensorList(context())));
  api.get(route(API_PATHS.gaps), (c) => {
    const { days } = parseQuery(GapsQuerySchema, c);
    return respond(c, `gaps:${days}`, () => usageGaps(context(), days));
  });
  let readingsFilesMaking = 0;
  api.get(route(READINGS_FILE_PATH), async (c) => {
    const asOf = context();
    const ask = readingsFileAsk(c, community, asOf.now);
    if (readingsFilesMaking >= READINGS_FILES_AT_ONCE) {
      throw new HttpError(
        429,
        'Other readings files are being made on this server; try again in a few seconds',
        { 'Retry-After': '5' },
      );
    }
    readingsFilesMaking++;
    // Held until the file is sent, or its client has gone: not just until the answer starts.
    const done = (error?: unknown) => {
      readingsFilesMaking--;
      if (error instanceof Error) log(`Readings file cut off: ${error.stack ?? error.message}`);
    };
    const file = await readingsFile(asOf, ask).catch((error: unknown) => {
      done();
      throw error;
    });
    return readingsFileResponse(kit, file, {
      acceptEncoding: c.req.header('Accept-Encoding'),
      done,
    });
  });
  // An app page's first answers in one request; each is asked of the app as if alone.
  api.get(
    route(FIRST_ANSWERS_PATH),
    firstAnswersHandler((request, env) => app.fetch(request, env), kit),
  );
  // Healthy: answering, and its database too (a 503 otherwise, from onError).
  api.get(route(HEALTH_PATH), async () => {
    await db.query('SELECT 1');
    return new Response('{"ok":true}', { status: 200, headers: apiHeaders });
  });

  const ingest = async (batches: Reading[][]) => {
    const outcomes = await ingestBatches(db, community, batches, clock());
    const written = batches.filter((_, index) => {
      const outcome = outcomes[index];
      return outcome?.ok === true && outcome.result.accepted > 0;
    });
    if (written.length > 0) {
      await dataChanged();
      // Alerts (issue 14): judged once the batches have committed, never by a browser.
      await evaluateAfterIngest(db, community, written.flat(), clock(), log, delivery);
    }
    return outcomes;
  };

  // One queue for batches in our own format, whether by the ingest key or a `readings` integration.
  const acceptReadings = batchAcceptor({ maxQueued: options.maxQueuedBatches, ingest, kit });
  api.post(
    '/readings',
    ...ingestHandlers({
      ingestKey,
      db,
      clock,
      authFailures: options.authFailures,
      accept: acceptReadings,
      kit,
    }),
  );

  const uplinks = uplinkReceiver({
    db,
    community,
    clock,
    onStored: dataChanged,
    // Sensors' readings are judged by the alert rules like those of POST /api/readings.
    onReadings: (readings) => evaluateAfterIngest(db, community, readings, clock(), log, delivery),
  });
  api.post(
    route(UPLINK_PATH),
    ...uplinkHandlers({
      receiver: uplinks,
      db,
      clock,
      kit,
      authFailures: options.authFailures,
      acceptReadings,
    }),
  );
  // Sensor management (issue 12): Admin-only, audited writes.
  registerSensorAdminRoutes(api, {
    db,
    community,
    clock,
    kit,
    trustProxy,
    onChanged: dataChanged,
  });
  api.all(route(UPLINK_PATH), (c) =>
    problem(405, `Method ${c.req.method} not allowed; use POST`, { Allow: 'POST' }),
  );
  // Alerts and scheduled reports (issue 14): in the access table like every route.
  api.route('/', alertRoutes({ db, community, clock, kit, trustProxy }));
  api.route('/', scheduleRoutes({ db, community, clock, kit, trustProxy }));
  // What a community sets up itself (issue 11).
  api.route(
    '/',
    amenityRoutes({ db, community, clock, kit, trustProxy, onChanged: settingsChanged }),
  );
  api.route('/', userRoutes({ db, community, clock, kit, trustProxy }));
  api.route('/', residentRoutes({ db, community, clock, kit, trustProxy }));
  // Events held, recorded by the community (Amy's analysis and suggestions read them).
  api.route('/', eventRoutes({ db, community, clock, kit, trustProxy, onChanged: dataChanged }));
  // Planned (upcoming) events; nothing cached reads them, but one recorded as held is an event
  // held, which Amy's cached answers read.
  api.route(
    '/',
    plannedEventRoutes({
      db,
      community,
      clock,
      kit,
      trustProxy,
      onChanged: dataChanged,
    }),
  );
  api.route('/', notificationRoutes({ kit, email: options.email ?? null }));
  // Web Push subscriptions and notification preferences (issue 14).
  api.route(
    '/',
    deliveryRoutes({
      db,
      community,
      clock,
      kit,
      trustProxy,
      allowPrivatePushHosts: options.push?.allowPrivateHosts ?? false,
    }),
  );
  api.route(
    '/',
    profileRoutes({ db, community, clock, kit, trustProxy, onChanged: settingsChanged }),
  );
  api.route('/', auditRoutes({ db, community, kit, clock }));
  // Settings → Billing: the plan on file, read only (the operator sets it: billing/set-plan.ts).
  api.route('/', billingRoutes({ db, community, clock, kit }));

  // A route outside the access table would be open to anyone: refuse to start instead.
  for (const registered of api.routes) {
    if (registered.method === 'ALL') continue;
    if (ruleFor(registered.method, `/api${registered.path}`) === null) {
      throw new Error(`${registered.method} /api${registered.path} has no access rule`);
    }
  }

  // Known API paths with the wrong method (a path with an id, such as /amenities/great-lawn,
  // matched by its route's pattern), then anything else under /api/.
  const known = allowedMethods(api.routes);
  api.all('*', (c) => {
    const allowed = known(c.req.path.replace(/^\/api/, ''));
    if (allowed) {
      return problem(405, `Method ${c.req.method} not allowed; use ${allowed}`, {
        Allow: allowed,
      });
    }
    return problem(404, `Not found: ${c.req.path}`);
  });

  /** The built app: prerendered pages, the SPA shell and static files (see static/). */
  const serveSite = siteHandler(site, kit);

  // "/api" itself is the public developer page; "/api/..." is the API.
  app.all('/api', serveSite);
  app.route('/api', api);
  app.all('*', serveSite);

  return {
    app,
    ingest: async (readings) => {
      const [outcome] = await ingest([readings]);
      if (!outcome?.ok) throw outcome?.error ?? new Error('The batch was not written');
      return outcome.result.accepted;
    },
    uplinks,
    delivery,
    async recordEvents(events) {
      await insertEventsIfNew(db, community.id, events);
      await dataChanged();
    },
    follow: () => feed.follow(),
  };
}

/** Seconds a client is asked to wait after a 503 for the database. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * What a request that could not reach the database says: a read is simply to be tried again; a
 * write was not made when no connection could be had, and may or may not have been when one broke
 * under it (the commit may have been its last word).
 */
export function unavailableMessage(method: string, how: 'refused' | 'lost'): string {
  if (method === 'GET' || method === 'HEAD') {
    return 'The database cannot be reached just now. Try again in a moment.';
  }
  return how === 'refused'
    ? 'The database cannot be reached just now: nothing was saved. Try again in a moment.'
    : 'The connection to the database was lost during this change: check whether it was saved before trying again.';
}
