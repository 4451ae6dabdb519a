import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DashboardMetrics } from '../../src/api/contract';
import { LOCK_FILE } from '../../server/db/data-dir';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { LiveSimulator } from '../../server/simulator/live';
import { seedDemo } from '../../server/simulator/seed';
import { ensureDemoCommunity } from '../../server/first-start';
import { startServer } from '../../server/server';
import { BACKENDS, backendTitle, local, openTestDatabase } from './helpers';

const work = mkdtempSync(path.join(tmpdir(), 'commonground-server-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NOW = Date.parse(local('2026-03-18', '12:30'));
const KEY = 'persistence-test-key';

async function post(url: string, key: string, readings: unknown[]) {
  const res = await fetch(`${url}/api/readings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ readings }),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

/** `tsx server/main.ts` in a child process, once it says it is serving. */
async function spawnMain(env: Record<string, string>, startWithinMs = 60_000) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: path.join(work, 'no-dist'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + startWithinMs;
  while (!/serving (http:\S+)/.test(output) && Date.now() < deadline && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /serving (http:\S+)/.exec(output)?.[1];
  if (!url) {
    child.kill('SIGKILL');
    throw new Error(`main.ts did not start:\n${output}`);
  }
  return { child, url, exited, output: () => output };
}

/**
 * A POST /api/readings whose headers are sent and whose body is not (yet): a request in
 * progress, on a connection the server has accepted (a first request on it was answered).
 * `finish()` sends the rest; `answer` is everything the server sent after the first answer.
 */
async function requestInProgress(url: string, key: string) {
  const body = JSON.stringify({
    readings: [
      {
        amenityId: 'the-yard',
        // A time no other test sends: not on a whole minute.
        time: new Date(Date.now() - 120_000 - Math.floor(Math.random() * 50_000) - 1).toISOString(),
        occupancy: 5,
        entries: 1,
        dwellMinutes: 9,
      },
    ],
  });
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  let received = '';
  socket.on('error', () => undefined);
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  await new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (/\{"ok":true\}$/.test(received)) {
        received = '';
        resolve();
      }
    });
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  });
  socket.write(
    `POST /api/readings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { answer, finish: () => socket.write(body.slice(10)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a data directory', () => {
  const dataDir = path.join(work, 'data');
  const options = {
    database: { dataDir },
    port: 0,
    host: '127.0.0.1',
    distDir: path.join(work, 'no-dist'),
    simulate: false,
    ingestKey: KEY,
    clock: () => NOW,
  };

  it('is seeded once and keeps what was written across a restart', async () => {
    const firstLog: string[] = [];
    const first = await startServer({ ...options, log: (m) => firstLog.push(m) });
    let before: DashboardMetrics;
    const extra = {
      amenityId: 'the-yard',
      time: local('2026-03-18', '12:29'),
      occupancy: 20,
      entries: 7,
      dwellMinutes: 40,
    };
    try {
      expect(firstLog.join('\n')).toMatch(/first start, seeded [\d,]+ readings .* in [\d.]+ s/);
      expect(firstLog.join('\n')).toMatch(/serving the API only/);
      const seeded = (await (
        await fetch(`${first.url}/api/dashboard/metrics`)
      ).json()) as DashboardMetrics;
      expect(await post(first.url, KEY, [extra])).toEqual({ status: 200, json: { accepted: 1 } });
      before = (await (
        await fetch(`${first.url}/api/dashboard/metrics`)
      ).json()) as DashboardMetrics;
      expect(before.activeUsersToday).toBe(seeded.activeUsersToday + 7);
    } finally {
      await first.close();
    }

    const secondLog: string[] = [];
    const started = performance.now();
    const second = await startServer({ ...options, log: (m) => secondLog.push(m) });
    try {
      const res = await fetch(`${second.url}/api/dashboard/metrics`);
      const elapsed = performance.now() - started;
      expect(secondLog.join('\n')).not.toMatch(/seeded/);
      expect(await res.json()).toEqual(before);
      expect(elapsed).toBeLessThan(10_000);
      // The reading written before the restart is still there: sent again, it is a duplicate.
      const again = await post(second.url, KEY, [extra]);
      expect(again).toEqual({ status: 200, json: { accepted: 0, duplicates: 1 } });
    } finally {
      await second.close();
    }
  });

  it('a body refused as too large closes its connection, said with Connection: close, and the next request on a new one is answered', async () => {
    const server = await startServer(options);
    try {
      const oversized = 'x'.repeat(3 * 1024 * 1024);
      for (let i = 0; i < 3; i++) {
        const refused = await fetch(`${server.url}/api/readings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
          body: oversized,
        });
        expect(refused.status).toBe(413);
        expect(refused.headers.get('Connection')).toBe('close');
        await refused.text();
        // Sent at once, as a client reusing its connections would: it must not land on the
        // closed one.
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      }
    } finally {
      await server.close();
    }
  });

  it('`tsx server/main.ts` serves, prints the URL and a generated key, and closes on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: path.join(work, 'no-dist'),
        DATABASE_URL: '',
        INGEST_API_KEY: '',
        SIMULATE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      while (
        !/serving (http:\S+)/.test(output) &&
        Date.now() < deadline &&
        child.exitCode === null
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = /serving (http:\S+)/.exec(output)?.[1];
      const key = /Ingest API key \(demo, generated for this run\): (\S+)/.exec(output)?.[1];
      expect(url, output).toBeTruthy();
      expect(key, output).toBeTruthy();
      const metrics = await fetch(`${url}/api/dashboard/metrics`);
      expect(metrics.status).toBe(200);
      const wrong = await post(url ?? '', `${key}-wrong`, []);
      expect(wrong.status).toBe(401);
      const right = await post(url ?? '', key ?? '', []);
      expect(right.status).toBe(400); // authenticated; an empty batch is refused
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGTERM: closing the server and the database/);
    expect(output).toMatch(/Closed cleanly/);
  });

  it('on SIGTERM refuses new connections at once, finishes the request in progress, releases DATA_DIR and exits 0', async () => {
    const main = await spawnMain({ DATA_DIR: dataDir, INGEST_API_KEY: KEY, SIMULATE: '0' });
    const inProgress = await requestInProgress(main.url, KEY);
    await sleep(300);
    main.child.kill('SIGTERM');
    while (!/SIGTERM: closing/.test(main.output())) await sleep(20);
    await expect(fetch(`${main.url}/api/health`)).rejects.toThrow();
    inProgress.finish();
    const answer = await inProgress.answer;
    expect(answer, main.output()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\{"accepted":1\}$/);
    expect(await main.exited, main.output()).toBe(0);
    expect(main.output()).toMatch(/Closed cleanly/);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('a first start on an empty DATA_DIR initialises it in a short-lived process: the server never holds initdb memory', async () => {
    const fresh = path.join(work, 'first-start');
    const main = await spawnMain({ DATA_DIR: fresh, INGEST_API_KEY: KEY, SIMULATE: '0' }, 150_000);
    try {
      // PGlite's initdb takes 650-800 MB of WebAssembly memory that is never given back; done in
      // the server process, its peak resident memory (VmHWM, Linux) was about 750 MB.
      const status = readFileSync(`/proc/${main.child.pid}/status`, 'utf8');
      const peakMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(400);
      expect(main.output()).toMatch(/New database in .*: seeded [\d,]+ readings/);
      const metrics = await fetch(`${main.url}/api/dashboard/metrics`);
      expect(metrics.status).toBe(200);
    } finally {
      main.child.kill('SIGTERM');
    }
    expect(await main.exited, main.output()).toBe(0);
  }, 180_000);

  it('a request that never finishes holds the exit no longer than SHUTDOWN_GRACE_MS', async () => {
    const main = await spawnMain({
      DATA_DIR: dataDir,
      INGEST_API_KEY: KEY,
      SIMULATE: '0',
      SHUTDOWN_GRACE_MS: '500',
    });
    const stalled = await requestInProgress(main.url, KEY);
    await sleep(300);
    const signalled = performance.now();
    main.child.kill('SIGTERM');
    expect(await main.exited, main.output()).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(5_000);
    expect(await stalled.answer).toBe('');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`first start, ${backendTitle(backend)}`, () => {
    it('two servers starting at once on an empty database seed it once', async () => {
      const test = await openTestDatabase(backend);
      try {
        const seed = { days: 1, eventDays: 30 };
        const [a, b] = await Promise.all([
          ensureDemoCommunity(test.db, NOW, seed),
          ensureDemoCommunity(test.db, NOW, seed),
        ]);
        expect([a.seededInMs === null, b.seededInMs === null].sort()).toEqual([false, true]);
        expect(a.community.id).toBe(b.community.id);
        const [row] = await test.db.query<{ communities: number; readings: number }>(
          `SELECT (SELECT count(*)::int FROM communities) AS communities,
                  (SELECT count(*)::int FROM readings) AS readings`,
        );
        expect(row).toEqual({ communities: 1, readings: Math.max(a.readings, b.readings) });
      } finally {
        await test.drop();
      }
    });
  });

  describe.skipIf(backend.name !== 'postgres' || backend.skip !== null)(
    `two start-ups at once, ${backendTitle(backend)}`,
    () => {
      it('four servers starting at once on a fresh database (each its own pool) migrate and seed it once', async () => {
        const url = process.env.TEST_DATABASE_URL ?? '';
        const schema = `cg_test_start_${process.pid}_${Date.now()}`;
        const startUp = async () => {
          const db = await openPostgres(url, { schema });
          try {
            await migrate(db);
            return await ensureDemoCommunity(db, NOW, { days: 1, eventDays: 30 });
          } finally {
            await db.close();
          }
        };
        const admin = await openPostgres(url, { max: 1 });
        await admin.query(`CREATE SCHEMA ${schema}`);
        try {
          const started = await Promise.all([startUp(), startUp(), startUp(), startUp()]);
          expect(started.filter((s) => s.seededInMs !== null)).toHaveLength(1);
          const [row] = await admin.query<{
            communities: number;
            readings: number;
            migrations: number;
          }>(
            `SELECT (SELECT count(*)::int FROM ${schema}.communities) AS communities,
                    (SELECT count(*)::int FROM ${schema}.readings) AS readings,
                    (SELECT count(*)::int FROM ${schema}.schema_migrations) AS migrations`,
          );
          expect(row).toEqual({
            communities: 1,
            readings: Math.max(...started.map((s) => s.readings)),
            migrations: readMigrations().length,
          });
        } finally {
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await admin.close();
        }
      });
    },
  );

  describe.skipIf(backend.skip !== null)(`live simulator, ${backendTitle(backend)}`, () => {
    it('catches up on the time the server was down, then adds a reading per amenity per tick', async () => {
      const test = await openTestDatabase(backend);
      try {
        const { community } = await seedDemo(test.db, {
          now: NOW,
          days: 1,
          stepMs: 5 * 60_000,
          eventDays: 30,
        });
        const count = async () =>
          (await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM readings'))[0]?.n ??
          0;
        const seeded = await count();
        let now = NOW + 20 * 60_000;
        const written: number[] = [];
        const simulator = new LiveSimulator({
          db: test.db,
          community,
          clock: () => now,
          ingest: async (readings) => {
            const { ingestReadings } = await import('../../server/ingest');
            const n = await ingestReadings(test.db, community, readings, now);
            written.push(n);
            return n;
          },
          recordEvents: async () => undefined,
          tickMs: 30_000,
        });
        await simulator.start();
        expect(await count()).toBe(seeded + 4 * 7); // 12:35, 12:40, 12:45, 12:50
        now += 30_000;
        await simulator.tick();
        expect(await count()).toBe(seeded + 5 * 7);
        await simulator.tick(); // same tick: nothing new
        expect(await count()).toBe(seeded + 5 * 7);
        await simulator.stop();
        // A restart finds nothing to catch up on.
        const again = new LiveSimulator({
          db: test.db,
          community,
          clock: () => now,
          ingest: () => Promise.reject(new Error('nothing to write')),
          recordEvents: async () => undefined,
        });
        await again.start();
        await again.stop();
        // The catch-up (12:35, 12:40, 12:45), the current tick sent live at start (12:50), then
        // the next tick.
        expect(written).toEqual([21, 7, 7]);
      } finally {
        await test.drop();
      }
    });
  });
}
