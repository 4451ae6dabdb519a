/**
 * `npm run bench:server`: the API server under load, on a year of one-minute readings for the
 * seven demo amenities (about 3.7 million rows), in its own PGlite data directory.
 *
 * 1. Seeds the year (once; the directory is kept for the next run), then starts the server as
 *    `npm start` does on an empty data directory (a normal first start: 90 days of five-minute
 *    readings seeded) and takes its time to the first answer and the peak resident memory of
 *    each of its processes: the server and the short-lived one that fills the directory (from
 *    the template build:server made).
 * 2. Starts the server as `npm start` does (the bundled server, plain node) and times it to the
 *    first answered request.
 * 3. Times each read endpoint without the response cache (right after new readings).
 * 4. Loads each read endpoint with autocannon, 64 connections, and samples the server's memory.
 * 5. Ingests batches of 1,000 readings as fast as the server takes them.
 * 6. Loads the dashboard metrics with autocannon, 64 connections, while ingesting 10,000
 *    readings/s (a batch of 1,000 every 100 ms): read latency while ingesting.
 * 7. Sends 100 batches of 5,000 readings at once: the bounded queue answers 503 + Retry-After
 *    for what it cannot hold, instead of piling up memory and latency.
 *
 * Environment: BENCH_DATA_DIR (default: the temp directory), BENCH_PORT (5480), BENCH_SECONDS
 * per run (10), BENCH_RESEED=1 to seed the year again, BENCH_ONLY to run some parts only (a
 * comma-separated list of `first`, `reads`, `ingest`, `while`, `flood`; the start-up on the
 * existing data is always measured).
 */
import { startCommand } from './production-server';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, type Reading } from '../src/api/contract';
import { loadCommunity } from '../server/community';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { DEMO_AMENITIES, DEMO_COMMUNITY } from '../server/simulator/demo';
import { seedDemo } from '../server/simulator/seed';

type Histogram = { p50: number; p99: number; max: number; average: number };
type Result = {
  latency: Histogram;
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
};
type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Options = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  requests?: { setupRequest?: (request: Request) => Request }[];
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Options,
) => Promise<Result>;

const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'commonground-bench-year');
const PORT = Number(process.env.BENCH_PORT ?? 5480);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
const PARTS = ['first', 'reads', 'ingest', 'while', 'flood'] as const;
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? PARTS.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
for (const part of ONLY) {
  if (!(PARTS as readonly string[]).includes(part)) {
    throw new Error(`BENCH_ONLY: unknown part "${part}" (one of ${PARTS.join(', ')})`);
  }
}
const runs = (part: (typeof PARTS)[number]) => ONLY.has(part);
const KEY = 'bench-ingest-key';
const BASE = `http://127.0.0.1:${PORT}`;

const TARGETS = {
  readP99Ms: 10,
  readWhileIngestingP99Ms: 50,
  ingestPerSecond: 50_000,
  startupMs: 2_000,
  rssMb: 300,
};
/** Ingest rate held while reads are measured (batches of 1,000 every 100 ms). */
const STEADY_INGEST_PER_SECOND = 10_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const failures: string[] = [];
function check(ok: boolean, what: string): string {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'MISSED';
}

async function seedYear(): Promise<void> {
  if (process.env.BENCH_RESEED === '1') rmSync(DATA_DIR, { recursive: true, force: true });
  const db = await openPglite(DATA_DIR);
  try {
    await migrate(db);
    if (await loadCommunity(db, DEMO_COMMUNITY.slug)) {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM readings');
      console.log(`Data: reusing ${DATA_DIR} (${(row?.n ?? 0).toLocaleString('en-US')} readings)`);
      return;
    }
    console.log(`Data: seeding a year of one-minute readings in ${DATA_DIR} …`);
    const started = performance.now();
    const { readings } = await seedDemo(db, { now: Date.now(), days: 365, stepMs: 60_000 });
    await db.query('ANALYZE');
    console.log(
      `Data: seeded ${readings.toLocaleString('en-US')} readings, rollups and a year of events in ${seconds(performance.now() - started)}`,
    );
  } finally {
    await db.close();
  }
}

/**
 * The server's first start on an empty data directory: time to the first answer, the peak RSS
 * of the serving process, and that of the short-lived process that initialises the directory
 * (its high-water mark, read every 20 ms while it runs).
 */
async function firstStart(): Promise<{
  ms: number;
  peakRssMb: number;
  initPeakRssMb: number;
  how: string;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'commonground-bench-first-'));
  const started = performance.now();
  const { child, output } = startServer(path.join(dir, 'data'), '0');
  let initPeak = 0;
  const sampler = setInterval(() => {
    for (const pid of childrenOf(child.pid ?? 0)) {
      initPeak = Math.max(initPeak, rssMb(pid, 'VmHWM'));
    }
  }, 20);
  try {
    await untilAnswered(child, output);
    const ms = performance.now() - started;
    // How the directory was made: "copied from the template" (build:server made one) or "initdb".
    const how = /New database in \S+ \(([^,]+),/.exec(output())?.[1] ?? 'not said';
    return { ms, peakRssMb: rssMb(child.pid ?? 0, 'VmHWM'), initPeakRssMb: initPeak, how };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PIDs of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server as `npm start` runs it after building (the last step of its script, its environment included). */
function startServer(
  dataDir = DATA_DIR,
  simulate = '1',
): { child: ChildProcess; output: () => string } {
  const command = startCommand();
  const child = spawn(process.execPath, command.args, {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      INGEST_API_KEY: KEY,
      SIMULATE: simulate,
      ...command.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function untilAnswered(child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output()}`);
    try {
      if ((await fetch(`${BASE}${API_PATHS.metrics}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The server did not answer within 180 s:\n${output()}`);
}

/** Resident memory of a process, in MB (Linux /proc); 0 once it has gone. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0;
  }
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Readings nobody has sent before: seconds that are not whole minutes, offset per run. */
function readingFactory() {
  const start = Date.now() - 300 * 86_400_000 + Math.floor(Math.random() * 999) + 1;
  let slot = 0;
  return (count: number): Reading[] =>
    Array.from({ length: count }, (_, i) => {
      if (i % DEMO_AMENITIES.length === 0) {
        slot++;
        if (slot % 60 === 0) slot++;
      }
      const amenity = DEMO_AMENITIES[i % DEMO_AMENITIES.length];
      return {
        amenityId: amenity?.slug ?? 'great-lawn',
        time: new Date(start + slot * 1000).toISOString(),
        occupancy: 10 + (i % 20),
        entries: i % 3,
        dwellMinutes: 30,
      };
    });
}

async function send(readings: Reading[]): Promise<number> {
  const res = await fetch(`${BASE}/api/readings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ readings }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function post(readings: Reading[]): Promise<void> {
  const status = await send(readings);
  if (status !== 200) throw new Error(`Ingest failed: ${status}`);
}

/** Posts a batch of 1,000 every 100 ms until `stop` says so; returns readings/s and statuses. */
async function steadyIngest(
  fresh: (count: number) => Reading[],
  stop: () => boolean,
): Promise<{ perSecond: number; statuses: Map<number, number> }> {
  const statuses = new Map<number, number>();
  const started = performance.now();
  let sent = 0;
  let accepted = 0;
  while (!stop()) {
    const due = started + (sent * 1000 * 1000) / STEADY_INGEST_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const status = await send(fresh(1000));
    sent++;
    if (status === 200) accepted += 1000;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return { perSecond: (accepted * 1000) / (performance.now() - started), statuses };
}

const READS: [string, string][] = [
  ['metrics', API_PATHS.metrics],
  ['timeline day', `${API_PATHS.timeline}?period=day`],
  ['timeline week', `${API_PATHS.timeline}?period=week`],
  ['timeline month 90', `${API_PATHS.timeline}?period=month&days=90`],
  ['popularity', `${API_PATHS.popularity}?days=30`],
  ['amenity analytics', API_PATHS.amenityAnalytics],
  ['amy suggestions', API_PATHS.suggestions],
  ['amy analysis', API_PATHS.analysis],
];

async function main() {
  execSync('npm run --silent build:server', { stdio: 'inherit' });
  await seedYear();
  const first = runs('first') ? await firstStart() : null;
  if (first) {
    console.log(
      `First start (empty data dir, 90 days of 5-minute readings seeded): ${seconds(first.ms)} to the first answer; peak RSS ` +
        `${first.peakRssMb.toFixed(0)} MB (the server), ${first.initPeakRssMb.toFixed(0)} MB (the short-lived process that initialised the directory: ${first.how})`,
    );
  }

  const spawned = performance.now();
  const { child, output } = startServer();
  const pid = child.pid ?? 0;
  try {
    await untilAnswered(child, output);
    const startup = performance.now() - spawned;
    console.log(
      `Start-up on the existing data dir, to the first answer: ${Math.round(startup)} ms`,
    );

    const fresh = readingFactory();
    // Warm up (JIT, connections) before measuring anything.
    for (const [, url] of READS) {
      await autocannon({ url: `${BASE}${url}`, connections: CONNECTIONS, duration: 1 });
    }

    // Uncached: new readings clear the response cache, so the next request computes.
    const cold = new Map<string, number[]>();
    const reads: { name: string; result: Result; rss: number }[] = [];
    if (runs('reads')) {
      for (let round = 0; round < 5; round++) {
        for (const [name, url] of READS) {
          await post(fresh(7));
          const started = performance.now();
          await (await fetch(`${BASE}${url}`)).arrayBuffer();
          cold.set(name, [...(cold.get(name) ?? []), performance.now() - started]);
        }
      }
      for (const [name, url] of READS) {
        let peak = 0;
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
        const result = await autocannon({
          url: `${BASE}${url}`,
          connections: CONNECTIONS,
          duration: SECONDS,
        });
        clearInterval(sampler);
        reads.push({ name, result, rss: peak });
      }
    }

    let ingestPeak = 0;
    let ingestRun: { result: Result; cpu: number } | null = null;
    if (runs('ingest')) {
      const sampler = setInterval(() => (ingestPeak = Math.max(ingestPeak, rssMb(pid))), 200);
      const ingestCpuBefore = cpuMs(pid);
      const result = await autocannon({
        url: `${BASE}/api/readings`,
        connections: 4,
        duration: SECONDS,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ readings: fresh(1000) }),
            }),
          },
        ],
      });
      clearInterval(sampler);
      ingestRun = { result, cpu: cpuMs(pid) - ingestCpuBefore };
    }

    // Reads while ingesting at a steady 10,000 readings/s.
    let whilePeak = 0;
    let whileRun: {
      result: Result;
      steady: { perSecond: number; statuses: Map<number, number> };
    } | null = null;
    if (runs('while')) {
      const sampler = setInterval(() => (whilePeak = Math.max(whilePeak, rssMb(pid))), 200);
      let reading = true;
      const steady = steadyIngest(fresh, () => !reading);
      const result = await autocannon({
        url: `${BASE}${API_PATHS.metrics}`,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      reading = false;
      whileRun = { result, steady: await steady };
      clearInterval(sampler);
    }

    // A flood: 100 batches of 5,000 readings at once.
    let floodPeak = 0;
    let floodRun: { statuses: number[]; latencies: number[] } | null = null;
    if (runs('flood')) {
      const sampler = setInterval(() => (floodPeak = Math.max(floodPeak, rssMb(pid))), 100);
      const floodStarted = performance.now();
      const latencies: number[] = [];
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () => fresh(5000)).map(async (batch) => {
          const status = await send(batch);
          latencies.push(performance.now() - floodStarted);
          return status;
        }),
      );
      clearInterval(sampler);
      floodRun = { statuses, latencies };
    }
    const highWater = rssMb(pid, 'VmHWM');

    const closing = performance.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const closeMs = performance.now() - closing;

    if (reads.length > 0) {
      console.log(
        `\nRead endpoints: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, loopback (target p99 <= ${TARGETS.readP99Ms} ms, no errors)`,
      );
      console.log(
        'endpoint             req/s    p50 ms  p99 ms  max ms  errors  non-2xx  uncached ms  RSS MB  ',
      );
    }
    for (const { name, result, rss } of reads) {
      const uncached = [...(cold.get(name) ?? [])].sort((a, b) => a - b)[2] ?? 0;
      const errors = result.errors + result.timeouts;
      const ok = result.latency.p99 <= TARGETS.readP99Ms && errors === 0 && result.non2xx === 0;
      console.log(
        [
          name.padEnd(18),
          String(Math.round(result.requests.average)).padStart(7),
          String(result.latency.p50).padStart(8),
          String(result.latency.p99).padStart(7),
          String(result.latency.max).padStart(7),
          String(errors).padStart(7),
          String(result.non2xx).padStart(8),
          uncached.toFixed(1).padStart(12),
          rss.toFixed(0).padStart(7),
          `  ${check(ok, `${name}: p99 ${result.latency.p99} ms, ${errors} errors, ${result.non2xx} non-2xx`)}`,
        ].join(' '),
      );
    }

    if (ingestRun) {
      const { result: ingest, cpu: ingestCpu } = ingestRun;
      const accepted = ingest.requests.total - ingest.non2xx;
      const perSecond = (accepted * 1000) / ingest.duration;
      console.log(
        `\nIngest: batches of 1,000 readings, 4 connections, ${SECONDS} s: ${Math.round(perSecond).toLocaleString('en-US')} readings/s ` +
          `(batch p50 ${ingest.latency.p50} ms, p99 ${ingest.latency.p99} ms, ${ingest.non2xx} rejected, ${ingest.errors} errors; ` +
          `server CPU ${Math.round((ingestCpu * 10_000) / Math.max(1, accepted * 1000))} ms per 10,000 readings; RSS peak ${ingestPeak.toFixed(0)} MB) ` +
          check(
            perSecond >= TARGETS.ingestPerSecond && ingest.non2xx === 0 && ingest.errors === 0,
            `ingest ${Math.round(perSecond)} readings/s`,
          ),
      );
    }
    if (whileRun) {
      const { result: whileIngesting, steady: steadyResult } = whileRun;
      const steadyStatuses = [...steadyResult.statuses].map(([k, v]) => `${v} x ${k}`).join(', ');
      const whileErrors = whileIngesting.errors + whileIngesting.timeouts;
      console.log(
        `\nReads while ingesting ${STEADY_INGEST_PER_SECOND.toLocaleString('en-US')} readings/s (batches of 1,000), metrics, ${CONNECTIONS} connections, ${SECONDS} s: ` +
          `${Math.round(whileIngesting.requests.average)} req/s, p50 ${whileIngesting.latency.p50} ms, p99 ${whileIngesting.latency.p99} ms, max ${whileIngesting.latency.max} ms, ` +
          `${whileErrors} errors, ${whileIngesting.non2xx} non-2xx; ingest held ${Math.round(steadyResult.perSecond).toLocaleString('en-US')} readings/s (${steadyStatuses}); RSS peak ${whilePeak.toFixed(0)} MB ` +
          check(
            whileIngesting.latency.p99 <= TARGETS.readWhileIngestingP99Ms &&
              whileErrors === 0 &&
              whileIngesting.non2xx === 0,
            `reads while ingesting: p99 ${whileIngesting.latency.p99} ms, ${whileErrors} errors`,
          ),
      );
    }
    if (floodRun) {
      const floodCounts = new Map<number, number>();
      for (const status of floodRun.statuses) {
        floodCounts.set(status, (floodCounts.get(status) ?? 0) + 1);
      }
      const sortedFlood = floodRun.latencies.sort((a, b) => a - b);
      console.log(
        `Flood: 100 batches of 5,000 readings at once: ${[...floodCounts].map(([k, v]) => `${v} x ${k}`).join(', ')}; ` +
          `answers within ${Math.round(sortedFlood[49] ?? 0)} ms (median), ${Math.round(sortedFlood.at(-1) ?? 0)} ms (last); RSS peak ${floodPeak.toFixed(0)} MB`,
      );
    }
    console.log(
      `Start-up to first answer: ${Math.round(startup)} ms ${check(startup <= TARGETS.startupMs, `start-up ${Math.round(startup)} ms`)}`,
    );
    const peakRss = Math.max(...reads.map((r) => r.rss), ingestPeak, whilePeak, floodPeak);
    // Every process of the server counts, the first start's included.
    const firstPeak = first ? Math.max(first.peakRssMb, first.initPeakRssMb) : 0;
    const overall = Math.max(highWater, firstPeak);
    console.log(
      `Resident memory: peak ${peakRss.toFixed(0)} MB sampled under load; high-water ${highWater.toFixed(0)} MB ` +
        `for this run` +
        (first
          ? `; first start with seeding: ${first.peakRssMb.toFixed(0)} MB (the server), ` +
            `${first.initPeakRssMb.toFixed(0)} MB (the process that initialised the directory); ` +
            `${overall.toFixed(0)} MB at most for any process `
          : ' ') +
        check(overall <= TARGETS.rssMb, `memory ${overall.toFixed(0)} MB`),
    );
    if (first) console.log(`First start with seeding: ${seconds(first.ms)} to the first answer`);
    console.log(`SIGTERM to exit: ${Math.round(closeMs)} ms (exit code ${code})`);
    if (!existsSync(DATA_DIR)) throw new Error('The data directory disappeared');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (failures.length > 0) {
    console.log(`\nMissed targets: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll targets met.');
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
