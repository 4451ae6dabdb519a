import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type CommonGroundApp } from './app';
import { loadCommunity, type Community } from './community';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { DEMO_COMMUNITY } from './simulator/demo';
import { LiveSimulator } from './simulator/live';
import { seedDemo } from './simulator/seed';
import { loadStaticSite, precompress } from './static-site';
import { systemClock, type Clock } from './time';

export type DatabaseConfig = { url: string } | { dataDir?: string };

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db = 'url' in config ? await openPostgres(config.url) : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * The demo community, seeded with its history the first time (an empty database). Returns
 * how long seeding took, or null when the data was already there.
 */
export async function ensureDemoCommunity(
  db: Database,
  now: number,
): Promise<{ community: Community; seededInMs: number | null; readings: number }> {
  const existing = await loadCommunity(db, DEMO_COMMUNITY.slug);
  if (existing) return { community: existing, seededInMs: null, readings: 0 };
  const started = performance.now();
  const { community, readings } = await seedDemo(db, { now });
  // Fresh statistics for the planner (PGlite has no autovacuum to gather them).
  await db.query('ANALYZE');
  return { community, seededInMs: performance.now() - started, readings };
}

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
  clock?: Clock;
  log?: (message: string) => void;
};

export type RunningServer = {
  url: string;
  ingestKey: string;
  generatedKey: boolean;
  app: CommonGroundApp;
  /** Stops the simulator, the HTTP server and the database, in that order. */
  close(): Promise<void>;
};

/** Opens the database, seeds it if empty, serves the API and the app, and starts the simulator. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.log(message));
  const clock = options.clock ?? systemClock;
  const db = await openDatabase(options.database);
  let simulator: LiveSimulator | undefined;
  let http: ServerType | undefined;
  try {
    const where =
      'url' in options.database
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${options.database.dataDir ?? 'memory'}`;
    const { community, seededInMs, readings } = await ensureDemoCommunity(db, clock());
    log(
      seededInMs === null
        ? `Database: ${where}`
        : `Database: ${where}; first start, seeded ${readings.toLocaleString('en-US')} readings and a year of events in ${(seededInMs / 1000).toFixed(1)} s`,
    );

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
    const app = createApp({ db, community, ingestKey, clock, site, log });

    http = await new Promise<ServerType>((resolve, reject) => {
      const server = serve(
        { fetch: app.app.fetch, port: options.port, hostname: options.host },
        () => resolve(server),
      );
      server.once('error', reject);
    });
    const address = http.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${host}:${address.port}`;

    if (options.simulate ?? true) {
      simulator = new LiveSimulator({
        db,
        community,
        clock,
        ingest: app.ingest,
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
        await simulator?.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeIdleConnections' in server) server.closeIdleConnections();
          setTimeout(() => {
            if ('closeAllConnections' in server) server.closeAllConnections();
          }, 2000).unref();
        });
        await db.close();
      },
    };
  } catch (error) {
    await simulator?.stop();
    http?.close();
    await db.close();
    throw error;
  }
}
