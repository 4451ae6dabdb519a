import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EmailConfig } from './delivery/email/mailer';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type CommonGroundApp } from './app';
import { ensureDemoAccounts } from './auth/demo-accounts';
import {
  checkDataDir,
  DataDirError,
  explainOpenFailure,
  FIRST_START_MARKER,
  lockDataDir,
  makePrivate,
} from './db/data-dir';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import type { Community } from './community';
import { ensureDemoCommunity } from './first-start';
import { ensureDemoSensors } from './integrations/demo-sensors';
import { demoUplinkSender } from './integrations/demo-uplinks';
import {
  mqttIntegrations,
  startMqttSubscription,
  type MqttSubscription,
} from './integrations/mqtt-subscriber';
import { startScheduler, type Scheduler } from './jobs/scheduler'; // alerts and reports (issue 14)
import { ensureOwnCommunity, type OwnCommunity } from './own-community';
import { LiveSimulator } from './simulator/live';
import { precompress } from './static/compression';
import { loadStaticSite } from './static/site';
import { systemClock, type Clock } from './time';
import { firstAdminInvite } from './users/first-admin';

export type DatabaseConfig =
  | { url: string }
  | {
      dataDir?: string;
      /** The embedded database's thread failed (pglite.ts): what to do (main.ts exits). */
      onFailure?: (error: Error) => void;
    };

/**
 * PGlite in `dataDir`, after checking the directory is a database (or empty) and taking its
 * lock; the lock is released when the database closes. A directory whose first start did not
 * finish is refused: only initialiseDataDir (first-start.ts) may take it up.
 */
async function openPgliteDir(
  dataDir: string,
  onFailure?: (error: Error) => void,
): Promise<Database> {
  if (checkDataDir(dataDir).unfinished) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} holds a first start that did not finish (${FIRST_START_MARKER} is ` +
        'there), so nothing was ever served from it. Start the server with npm start (or npm run ' +
        'serve), which empties it and starts over.',
    );
  }
  const lock = lockDataDir(dataDir);
  let db: Database;
  try {
    db = await openPglite(dataDir, { onFailure });
  } catch (error) {
    lock.release();
    throw explainOpenFailure(dataDir, error);
  }
  makePrivate(dataDir);
  return {
    ...db,
    async close() {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db =
    'url' in config
      ? await openPostgres(config.url)
      : config.dataDir
        ? await openPgliteDir(config.dataDir, config.onFailure)
        : await openPglite(undefined, { onFailure: config.onFailure });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** How long requests in progress may take to finish once the server is told to close. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export type ServerOptions = {
  database: DatabaseConfig;
  port: number;
  host: string;
  /** dist/ of the built app; missing or unbuilt means API only. */
  distDir: string;
  /** Keep the demo data live (default true). */
  simulate?: boolean;
  /** Key for POST /api/readings; generated when absent (demo mode). */
  ingestKey?: string;
  /**
   * Serve visitors without a session as the read-only demo viewer (default true); it applies
   * only to the seeded demo community, never to a real one.
   */
  demo?: boolean;
  /** A reverse proxy is in front: trust X-Forwarded-Proto/-For. */
  trustProxy?: boolean;
  /** On close, how long requests in progress may take to finish (default 10 s). */
  shutdownGraceMs?: number;
  clock?: Clock;
  log?: (message: string) => void;
  /** Scheduled reports and silent-sensor checks: how often (issue 14; default 30 s). */
  schedulerIntervalMs?: number;
  /**
   * MQTT_URL: subscribe to the network servers' uplink topics (integrations/mqtt-subscriber.ts),
   * attributed to these integrations (default: the oldest of each kind).
   */
  mqtt?: { url: string; chirpstack?: string; tts?: string };
  /** SMTP_URL / EMAIL_FROM, or null: no email is sent (issue 14). */
  email?: EmailConfig | null;
  /** Where links in emails point (PUBLIC_URL); the server's own address when unset. */
  publicUrl?: string;
  /** The VAPID contact for Web Push, `mailto:` or `https:` (VAPID_SUBJECT). */
  vapidSubject?: string;
  /**
   * COMMUNITY_NAME / COMMUNITY_TIME_ZONE / ADMIN_EMAIL: run this community, created empty on the
   * first start, instead of the demo (no demo data, accounts, sensors, simulator or viewer).
   */
  ownCommunity?: OwnCommunity;
};

export type RunningServer = {
  url: string;
  ingestKey: string;
  generatedKey: boolean;
  app: CommonGroundApp;
  /**
   * Stops taking requests and the simulator at once, lets the requests in progress finish (at
   * most `shutdownGraceMs`), then closes the database (releasing the data directory's lock).
   */
  close(): Promise<void>;
};

/** Opens the database, seeds it if empty, serves the API and the app, and starts the simulator. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.log(message));
  const clock = options.clock ?? systemClock;
  const db = await openDatabase(options.database);
  let simulator: LiveSimulator | undefined;
  let http: ServerType | undefined;
  let scheduler: Scheduler | undefined; // issue 14
  let subscription: MqttSubscription | undefined; // issue 12, MQTT_URL
  let stopFollowing: (() => Promise<void>) | undefined;
  try {
    const where =
      'url' in options.database
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${options.database.dataDir ?? 'memory'}`;
    const own = options.ownCommunity;
    let community: Community;
    if (own) {
      const found = await ensureOwnCommunity(db, own, clock());
      community = found.community;
      log(
        `Database: ${where}; community ${community.name}${found.created ? ', created empty on this first start' : ''}`,
      );
    } else {
      const seeded = await ensureDemoCommunity(db, clock());
      community = seeded.community;
      await ensureDemoSensors(db, community);
      await ensureDemoAccounts(db, community, clock());
      log(
        seeded.seededInMs === null
          ? `Database: ${where}`
          : `Database: ${where}; first start, seeded ${seeded.readings.toLocaleString('en-US')} readings and a year of events in ${(seeded.seededInMs / 1000).toFixed(1)} s`,
      );
    }
    // A community of its own never takes the demo's slug (own-community.ts).
    const isDemoCommunity = !own;

    const site = loadStaticSite(options.distDir);
    if (!site) {
      log(`No built app in ${options.distDir} (run npm run build): serving the API only.`);
    } else {
      precompress(site.files.values()).catch((error: Error) =>
        log(`Could not precompress the app: ${error.message}`),
      );
    }
    const generatedKey = !options.ingestKey;
    const ingestKey = options.ingestKey || randomBytes(24).toString('base64url');
    const demo = (options.demo ?? true) && isDemoCommunity;
    // Links in emails: PUBLIC_URL, or this server's address once it listens.
    let linkBase = options.publicUrl ?? `http://${options.host}:${options.port}`;
    const app = createApp({
      db,
      community,
      ingestKey,
      clock,
      site,
      log,
      demo,
      trustProxy: options.trustProxy ?? false,
      email: options.email ?? null,
      linkBase: () => linkBase,
      push: options.vapidSubject ? { subject: options.vapidSubject } : {},
    });
    log(
      options.email
        ? `Email: sending through ${options.email.display} as ${options.email.from}`
        : 'Email: off (set SMTP_URL to send alerts and reports by email)',
    );
    log(
      demo
        ? 'Demo mode: visitors without a session see the demo read-only (DEMO=0 turns this off)'
        : 'Demo mode off: the API answers 401 without a session',
    );
    // Changes other server processes on the same database make reach this one at once.
    stopFollowing = await app.follow();
    // Issue 14: due reports (a missed one runs now, once) and silent sensors, once across servers.
    scheduler = startScheduler({
      db,
      community,
      clock,
      intervalMs: options.schedulerIntervalMs,
      log,
      delivery: app.delivery,
    });

    if (options.mqtt) {
      const integrations = await mqttIntegrations(db, community.id, options.mqtt);
      subscription = await startMqttSubscription({
        url: options.mqtt.url,
        receiver: app.uplinks,
        integrations,
        log,
      });
      log(
        `MQTT: subscribed (shared) for ${[integrations.chirpstack?.id, integrations.tts?.id].filter(Boolean).join(' and ') || 'no integration'}`,
      );
    }

    // While closing: requests that arrive on a connection still open get a 503 and the
    // connection closes; requests already in progress finish.
    let closing = false;
    let inFlight = 0;
    const unavailable = JSON.stringify({ error: 'The server is shutting down; try again shortly' });
    const fetch = (request: Request, env: unknown) =>
      closing
        ? new Response(unavailable, {
            status: 503,
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Cache-Control': 'no-store',
              Connection: 'close',
              'Retry-After': '5',
            },
          })
        : app.app.fetch(request, env);
    http = await new Promise<ServerType>((resolve, reject) => {
      const server = serve({ fetch, port: options.port, hostname: options.host }, () =>
        resolve(server),
      );
      server.once('error', reject);
    });
    const listening = http;
    listening.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      inFlight++;
      response.once('close', () => {
        inFlight--;
        // A connection whose request just finished is idle now: close it.
        if (closing && 'closeIdleConnections' in listening) listening.closeIdleConnections();
      });
    });
    // Node's own answers to malformed requests (400, 431 headers too large) in JSON, like the
    // API's, instead of an empty body.
    http.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      const [status, reason, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'Request headers too large']
          : [400, 'Bad Request', 'Malformed HTTP request'];
      const body = JSON.stringify({ error: message });
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    const address = http.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${host}:${address.port}`;
    if (!options.publicUrl) linkBase = url;

    if (own) {
      const invite = await firstAdminInvite(db, community, own.adminEmail, clock());
      if (invite === 'made-just-now') {
        log(
          `First Admin: a link for ${own.adminEmail} was made less than a minute ago, by another ` +
            'server or the previous start (see its log; a start a minute from now makes a new one)',
        );
      } else if (invite) {
        log(
          `First Admin: ${own.adminEmail} sets a password at ${linkBase}${invite.invitePath} ` +
            `(until ${invite.expiresAt}; while no one has an account, each start makes a new link ` +
            'and the one before stops working)',
        );
      }
    }

    // The simulator writes the demo's amenities: never into a community of its own.
    if ((options.simulate ?? true) && isDemoCommunity) {
      simulator = new LiveSimulator({
        db,
        community,
        clock,
        ingest: app.ingest,
        sendLive: demoUplinkSender(app.uplinks, app.ingest),
        recordEvents: app.recordEvents,
        log,
      });
      // Catching up runs after the server is listening, so start-up stays fast.
      simulator.start().catch((error: Error) => log(`Simulator stopped: ${error.message}`));
    }

    const server = http;
    return {
      url,
      ingestKey,
      generatedKey,
      app,
      async close() {
        closing = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        await simulator?.stop();
        await scheduler?.stop(); // issue 14
        await subscription?.stop();
        await stopFollowing?.();
        await app.delivery.idle(); // pushes being sent finish before the database closes
        const deadline = Date.now() + (options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
        while (inFlight > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        if ('closeAllConnections' in server) server.closeAllConnections();
        await closed;
        await db.close();
      },
    };
  } catch (error) {
    await simulator?.stop();
    await scheduler?.stop(); // issue 14
    await subscription?.stop();
    await stopFollowing?.();
    http?.close();
    await db.close();
    throw error;
  }
}
