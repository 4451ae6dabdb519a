/**
 * `npm run test:crash`: kill -9 during continuous ingest, then check that nothing acknowledged
 * was lost. Per backend (PGlite in a temporary DATA_DIR; PostgreSQL too when TEST_DATABASE_URL
 * is set, in a database of its own that is dropped afterwards), CRASH_ROUNDS rounds (10) of:
 *
 * 1. start the server as `npm start` does (the bundled server, plain node) on the same data;
 * 2. three writers post batches of 100-1,000 new readings as fast as the server takes them;
 * 3. a random 0.2-1.5 s after the first acknowledged batch, kill -9 the server;
 * 4. open the database as a restarting server does (lock taken over, recovery, migrations) and
 *    check: every acknowledged batch is there whole; a batch that was in flight is there whole
 *    or not at all; the hourly and daily rollups equal a recomputation from the raw readings.
 *
 * The database starts with the demo community and no readings (seeding 90 days would only add
 * time). Prints one line per round and the totals; exits 1 at the first failed check, and when
 * REQUIRE_POSTGRES=1 but PostgreSQL is not configured or cannot be reached (as in CI). Part of
 * `npm test`.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reading } from '../src/api/contract';
import { createCommunity } from '../server/community';
import type { Database } from '../server/db/database';
import { openPostgres } from '../server/db/postgres';
import { READING_AGGREGATES, ROLLUP_COLUMNS, localDayOf } from '../server/rollups';
import { openDatabase, type DatabaseConfig } from '../server/server';
import { DEMO_AMENITIES, DEMO_COMMUNITY } from '../server/simulator/demo';
import { DAY } from '../server/time';
import { startCommand } from './production-server';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10);
const WRITERS = 3;
const KEY = 'crash-test-ingest-key';

type Batch = { readings: Reading[]; state: 'acknowledged' | 'in flight' };
type Backend = { name: string; env: Record<string, string>; config: DatabaseConfig };

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Readings nobody sent before: one second apart, never on a whole minute (seed and simulator). */
function readingSource() {
  let second = 0;
  const start = Math.floor((Date.now() - 60 * 86_400_000) / 60_000) * 60_000;
  return (count: number): Reading[] =>
    Array.from({ length: count }, () => {
      second++;
      if (second % 60 === 0) second++;
      const amenity = DEMO_AMENITIES[second % DEMO_AMENITIES.length] ?? DEMO_AMENITIES[0];
      return {
        amenityId: amenity?.slug ?? 'great-lawn',
        time: new Date(start + Math.floor(second / DEMO_AMENITIES.length) * 1000 + 7).toISOString(),
        occupancy: random(0, 40),
        entries: random(0, 20),
        dwellMinutes: random(1, 1200) / 8,
      };
    });
}

function startServer(backend: Backend): Promise<{ child: ChildProcess; url: string }> {
  const command = startCommand();
  const child = spawn(process.execPath, command.args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SIMULATE: '0',
      INGEST_API_KEY: KEY,
      DIST_DIR: path.join(tmpdir(), 'commonground-crash-no-dist'),
      DATABASE_URL: '',
      ...backend.env,
      ...command.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /serving (http:\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before serving:\n${output}`));
    });
  });
}

/** One writer: posts batches until its connection fails (the kill); records what it sent. */
async function writer(
  url: string,
  next: (n: number) => Reading[],
  batches: Batch[],
  onAcknowledged: () => void,
) {
  for (;;) {
    const readings = next(random(100, 1000));
    const batch: Batch = { readings, state: 'in flight' };
    batches.push(batch);
    let res: Response;
    try {
      res = await fetch(`${url}/api/readings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ readings }),
      });
    } catch {
      return; // killed while this batch was in flight
    }
    const text = await res.text().catch(() => '');
    if (res.status === 200) {
      batch.state = 'acknowledged';
      onAcknowledged();
    } else if (res.status === 503) {
      batches.pop(); // queue full, nothing written: the readings are simply not sent again
      await sleep(50);
    } else {
      throw new Error(`Ingest answered ${res.status}: ${text}`);
    }
  }
}

/**
 * How many readings of each batch are stored with exactly these values, by batch index: one
 * query for all batches (a query per batch grew to seconds per round as the batches piled up).
 */
async function stored(db: Database, batches: readonly Batch[]): Promise<number[]> {
  const rows = batches.flatMap((batch, index) => batch.readings.map((r) => ({ index, r })));
  const found = await db.query<{ batch: number; n: number }>(
    `SELECT b.batch, count(*)::int AS n
       FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::real[])
              AS b (batch, slug, time, occupancy, entries, dwell_minutes)
       JOIN amenities a ON a.slug = b.slug
       JOIN readings x ON x.community_id = a.community_id AND x.amenity_id = a.id
        AND x.time = b.time AND x.occupancy = b.occupancy AND x.entries = b.entries
        AND x.dwell_minutes = b.dwell_minutes
      GROUP BY b.batch`,
    [
      rows.map((x) => x.index),
      rows.map((x) => x.r.amenityId),
      rows.map((x) => x.r.time),
      rows.map((x) => x.r.occupancy),
      rows.map((x) => x.r.entries),
      rows.map((x) => x.r.dwellMinutes),
    ],
  );
  const counts = batches.map(() => 0);
  for (const row of found) counts[row.batch] = row.n;
  return counts;
}

/** Rollup buckets that differ from a recomputation over the raw readings (both ways). */
async function rollupMismatches(db: Database): Promise<{ hourly: number; daily: number }> {
  const compare = (table: string, key: string, recompute: string) => `
    WITH fresh AS (${recompute})
    SELECT count(*)::int AS n
      FROM ${table} t FULL JOIN fresh f
        ON f.community_id = t.community_id AND f.${key} = t.${key} AND f.amenity_id = t.amenity_id
     WHERE t.community_id IS NULL OR f.community_id IS NULL
        OR t.readings <> f.readings OR t.entries <> f.entries
        OR t.occupancy_sum <> f.occupancy_sum OR t.occupancy_max <> f.occupancy_max
        OR abs(t.dwell_total - f.dwell_total) > 1e-6 * greatest(1, abs(f.dwell_total))`;
  const columns = ROLLUP_COLUMNS.split(',')
    .map((c) => c.trim())
    .join(', ');
  const [hourly] = await db.query<{ n: number }>(
    compare(
      'readings_hourly',
      'hour',
      `SELECT r.community_id, date_trunc('hour', r.time, 'UTC') AS hour, r.amenity_id,
              ${READING_AGGREGATES.replace(/\s+/g, ' ')}
         FROM readings r GROUP BY 1, 2, 3`,
    ).replace('WITH fresh AS (', `WITH fresh (community_id, hour, amenity_id, ${columns}) AS (`),
  );
  const [daily] = await db.query<{ n: number }>(
    compare(
      'readings_daily',
      'day',
      `SELECT r.community_id, ${localDayOf('r.time', 'c.time_zone')} AS day, r.amenity_id,
              ${READING_AGGREGATES.replace(/\s+/g, ' ')}
         FROM readings r JOIN communities c ON c.id = r.community_id GROUP BY 1, 2, 3`,
    ).replace('WITH fresh AS (', `WITH fresh (community_id, day, amenity_id, ${columns}) AS (`),
  );
  return { hourly: hourly?.n ?? -1, daily: daily?.n ?? -1 };
}

/** The demo community without readings, so the server's first start has nothing to seed. */
async function prepare(config: DatabaseConfig): Promise<void> {
  const db = await openDatabase(config);
  try {
    await createCommunity(
      db,
      { ...DEMO_COMMUNITY, createdAt: Date.now() - 90 * DAY },
      DEMO_AMENITIES,
    );
  } finally {
    await db.close();
  }
}

async function run(backend: Backend): Promise<void> {
  console.log(`\n${backend.name}: ${ROUNDS} rounds of kill -9 during continuous ingest`);
  await prepare(backend.config);
  const next = readingSource();
  const all: Batch[] = [];
  let acknowledgedReadings = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const started = performance.now();
    const { child, url } = await startServer(backend);
    const startMs = performance.now() - started;
    const batches: Batch[] = [];
    let firstAck: () => void = () => undefined;
    const acknowledgedOnce = new Promise<void>((resolve) => (firstAck = resolve));
    const writers = Array.from({ length: WRITERS }, () => writer(url, next, batches, firstAck));
    // A random moment once ingest is flowing (the first batch after a restart can be slow).
    await Promise.race([acknowledgedOnce, sleep(20_000)]);
    const killAfter = random(200, 1500);
    await sleep(killAfter);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    await Promise.all(writers);
    all.push(...batches);

    // The restart: the database opened as the server opens it (stale lock, recovery, migrate).
    const checking = performance.now();
    const db = await openDatabase(backend.config);
    try {
      let partial = 0;
      let lost = 0;
      let inFlightStored = 0;
      let inFlight = 0;
      const counts = await stored(db, all);
      for (const [index, batch] of all.entries()) {
        const n = counts[index] ?? 0;
        if (batch.state === 'acknowledged') {
          if (n !== batch.readings.length) lost++;
        } else {
          if (n !== 0 && n !== batch.readings.length) partial++;
          if (batch.readings.length === n) inFlightStored++;
          inFlight++;
        }
      }
      const mismatch = await rollupMismatches(db);
      const acknowledged = batches.filter((b) => b.state === 'acknowledged');
      acknowledgedReadings += acknowledged.reduce((sum, b) => sum + b.readings.length, 0);
      console.log(
        `round ${String(round).padStart(2)}: start ${Math.round(startMs)} ms, killed after ${killAfter} ms, ` +
          `${acknowledged.length} batches acknowledged this round; all ${all.filter((b) => b.state === 'acknowledged').length} ` +
          `acknowledged so far: ${lost} missing; in flight at the kills: ${inFlight} (${inFlightStored} stored whole, ` +
          `${partial} partial); rollup buckets differing from a recomputation: ${mismatch.hourly} hourly, ${mismatch.daily} daily; ` +
          `round ${Math.round(performance.now() - started)} ms (check ${Math.round(performance.now() - checking)} ms)`,
      );
      if (lost > 0 || partial > 0 || mismatch.hourly !== 0 || mismatch.daily !== 0) {
        throw new Error(`${backend.name}, round ${round}: acknowledged data lost or inconsistent`);
      }
    } finally {
      await db.close();
    }
  }
  console.log(
    `${backend.name}: ${ROUNDS} kills, ${acknowledgedReadings.toLocaleString('en-US')} acknowledged readings, none lost, none partial, rollups consistent`,
  );
}

async function main() {
  execSync('npm run --silent build:server', { stdio: 'inherit' });
  const work = mkdtempSync(path.join(tmpdir(), 'commonground-crash-'));
  const dataDir = path.join(work, 'data');
  try {
    await run({ name: 'PGlite', env: { DATA_DIR: dataDir }, config: { dataDir } });
    const url = process.env.TEST_DATABASE_URL?.trim();
    if (!url) {
      if (process.env.REQUIRE_POSTGRES === '1') {
        throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
      }
      console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to run it too)');
      return;
    }
    const name = `commonground_crash_${process.pid}`;
    const admin = await openPostgres(url, { max: 1 });
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      await admin.close();
      throw new Error(`PostgreSQL: cannot create a database for the test: ${String(error)}`);
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      await run({
        name: 'PostgreSQL',
        env: { DATABASE_URL: target.toString() },
        config: { url: target.toString() },
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
