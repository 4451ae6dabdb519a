import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDataDir, DataDirError } from './db/data-dir';
import { ownCommunityFromEnv, type OwnCommunity } from './own-community';
import { DEFAULT_SHUTDOWN_GRACE_MS, startServer } from './server';
import { emailConfigFromEnv, type EmailConfig } from './delivery/email/mailer';

/**
 * `npm start` / `npm run serve`. Environment:
 *   PORT (4173), HOST (127.0.0.1), DATA_DIR (./data, PGlite), DATABASE_URL (PostgreSQL instead),
 *   SIMULATE (0 turns the live demo data off), INGEST_API_KEY (generated when unset),
 *   DIST_DIR (./dist), DEMO (0 turns the anonymous read-only demo viewer off), TRUST_PROXY (1
 *   when a reverse proxy sets X-Forwarded-Proto/-For), SHUTDOWN_GRACE_MS (10000: how long
 *   requests in progress may take to finish after SIGTERM/SIGINT), MQTT_URL (subscribe to
 *   ChirpStack's and TTS's uplink topics), MQTT_CHIRPSTACK_INTEGRATION / MQTT_TTS_INTEGRATION
 *   (the integration ids those topics count for; default the oldest of each kind), SMTP_URL
 *   (smtp:// or smtps://; unset: no email), EMAIL_FROM (the sender), PUBLIC_URL (where links in
 *   emails point), VAPID_SUBJECT (the contact push services are given for Web Push: mailto: or
 *   https:), COMMUNITY_NAME / COMMUNITY_TIME_ZONE / ADMIN_EMAIL (run a community of its own,
 *   created empty, instead of the demo; own-community.ts).
 */
function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function port(): number {
  const raw = env('PORT') ?? '4173';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`PORT must be a port number (0-65535), not "${raw}"`);
    process.exit(1);
  }
  return value;
}

/** A configured ingest key must be long enough that guessing it is infeasible. */
const MIN_KEY_LENGTH = 16;

function ingestKey(): string | undefined {
  const key = env('INGEST_API_KEY');
  if (key !== undefined && key.length < MIN_KEY_LENGTH) {
    console.error(
      `INGEST_API_KEY is too short (${key.length} characters): use at least ${MIN_KEY_LENGTH} ` +
        'random characters, e.g. openssl rand -base64 24',
    );
    process.exit(1);
  }
  return key;
}

function shutdownGraceMs(): number {
  const raw = env('SHUTDOWN_GRACE_MS');
  if (raw === undefined) return DEFAULT_SHUTDOWN_GRACE_MS;
  const value = Number(raw);
  if (!/^[0-9]{1,6}$/.test(raw) || value > 600_000) {
    console.error(`SHUTDOWN_GRACE_MS must be milliseconds (0-600000), not "${raw}"`);
    process.exit(1);
  }
  return value;
}

function emailConfig(): EmailConfig | null {
  try {
    return emailConfigFromEnv({ SMTP_URL: env('SMTP_URL'), EMAIL_FROM: env('EMAIL_FROM') });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

function publicUrl(): string | undefined {
  const raw = env('PUBLIC_URL');
  if (raw === undefined) return undefined;
  if (!/^https?:\/\/[^\s/]+/.test(raw)) {
    console.error(
      `PUBLIC_URL must be the address people open, e.g. https://hoa.example.org, not "${raw}"`,
    );
    process.exit(1);
  }
  return raw.replace(/\/+$/, '');
}

/** The VAPID contact push services may use: a mailto: or https: URL. */
function vapidSubject(): string | undefined {
  const value = env('VAPID_SUBJECT');
  if (value !== undefined && !/^(mailto:|https:\/\/)\S+$/.test(value)) {
    console.error(`VAPID_SUBJECT must be a mailto: or https:// URL, not "${value}"`);
    process.exit(1);
  }
  return value;
}

/**
 * The embedded database's thread failed or stopped (pglite.ts): every query in progress has been
 * refused, and none can run any more. Exit loudly rather than serve errors; what was
 * acknowledged is in the write-ahead log, which the next start replays.
 */
function databaseFailed(error: Error): never {
  console.error(
    `The database stopped: ${error.message}. Exiting; start the server again (every ` +
      'acknowledged write is recovered from the write-ahead log).',
  );
  process.exit(1);
}

/** Past the grace period, how long closing the database may take before the process exits anyway. */
const CLOSE_DATABASE_MS = 5_000;

/**
 * The first start on an empty DATA_DIR (or one whose first start did not finish): a short-lived
 * child process (server/initialise.ts; initialise.mjs beside the bundled server) fills it, then
 * exits, and the server opens the new database. It copies the template data directory that
 * `npm run build:server` puts beside the bundled server, or, without one (`npm run serve`), runs
 * PGlite's initdb, which takes hundreds of megabytes of WebAssembly heap that never shrinks; then
 * it migrates and seeds. Either way that memory goes back to the system when the child exits.
 * The child holds the data directory's lock while it works; if this process dies, the child
 * stops too.
 */
async function initialiseInChild(dataDir: string): Promise<void> {
  const script = new URL(
    import.meta.url.endsWith('.ts') ? './initialise.ts' : './initialise.mjs',
    import.meta.url,
  );
  const child = fork(fileURLToPath(script), [], {
    env: { ...process.env, DATA_DIR: dataDir },
    // V8 trades a little speed for memory: its peak was 228-235 MB against 245-270 MB without
    // (6 alternated runs each, the time within the noise).
    execArgv: [...process.execArgv, '--optimize-for-size'],
    stdio: 'inherit',
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
    });
    if (code !== 0) {
      throw new DataDirError(
        `initialising the new database in DATA_DIR ${dataDir} failed (see above)`,
      );
    }
  } finally {
    process.off('SIGTERM', forward);
    process.off('SIGINT', forward);
  }
}

/** COMMUNITY_NAME / COMMUNITY_TIME_ZONE / ADMIN_EMAIL, checked before anything is created. */
function ownCommunity(): OwnCommunity | undefined {
  const own = ownCommunityFromEnv(process.env);
  if (own && 'error' in own) {
    console.error(own.error);
    process.exit(1);
  }
  return own ?? undefined;
}

async function main() {
  // Data files readable by this user only (PGlite creates them 0666 minus the umask).
  process.umask(0o077);
  const own = ownCommunity();
  const databaseUrl = env('DATABASE_URL');
  const dataDir = path.resolve(env('DATA_DIR') ?? 'data');
  const grace = shutdownGraceMs();
  const started = performance.now();
  if (!databaseUrl && !checkDataDir(dataDir).existing) await initialiseInChild(dataDir);
  const server = await startServer({
    database: databaseUrl ? { url: databaseUrl } : { dataDir, onFailure: databaseFailed },
    port: port(),
    host: env('HOST') ?? '127.0.0.1',
    distDir: path.resolve(env('DIST_DIR') ?? 'dist'),
    simulate: env('SIMULATE') !== '0',
    ingestKey: ingestKey(),
    demo: env('DEMO') !== '0',
    trustProxy: env('TRUST_PROXY') === '1',
    shutdownGraceMs: grace,
    mqtt: env('MQTT_URL')
      ? {
          url: env('MQTT_URL') ?? '',
          chirpstack: env('MQTT_CHIRPSTACK_INTEGRATION'),
          tts: env('MQTT_TTS_INTEGRATION'),
        }
      : undefined,
    email: emailConfig(),
    publicUrl: publicUrl(),
    vapidSubject: vapidSubject(),
    ownCommunity: own,
  });
  if (server.generatedKey) {
    console.log(
      `Ingest API key (${own ? '' : 'demo, '}generated for this run): ${server.ingestKey}`,
    );
    console.log('  Set INGEST_API_KEY to choose a fixed key.');
  }
  console.log(
    `CommonGround is serving ${server.url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    console.log(`${signal}: closing the server and the database…`);
    // Never hang: a database that does not close still gives way (its log recovers it at the
    // next start; the data directory's lock goes with the process).
    setTimeout(() => {
      console.error('Could not close within the time allowed: exiting anyway');
      process.exit(1);
    }, grace + CLOSE_DATABASE_MS).unref();
    server
      .close()
      .then(() => {
        console.log('Closed cleanly.');
        process.exit(0);
      })
      .catch((error: Error) => {
        console.error(`Could not close cleanly: ${error.message}`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: NodeJS.ErrnoException) => {
  if (error instanceof DataDirError) {
    console.error(`Could not start: ${error.message}`);
  } else if (error.code === 'EADDRINUSE') {
    console.error(`The port is already in use (${error.message}). Set PORT to another port.`);
  } else {
    console.error(`Could not start: ${error.stack ?? error.message}`);
  }
  process.exit(1);
});
