import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/data-dir';
import { openPglite } from '../../server/db/pglite';
import { openDatabase, startServer } from '../../server/server';
import { local } from './helpers';

/** DATA_DIR: one server at a time, never initialised over, private to its owner. */

const work = mkdtempSync(path.join(tmpdir(), 'commonground-data-dir-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NOW = Date.parse(local('2026-03-18', '12:30'));
const serverOptions = (dataDir: string) => ({
  database: { dataDir },
  port: 0,
  host: '127.0.0.1',
  distDir: path.join(work, 'no-dist'),
  simulate: false,
  ingestKey: 'data-dir-test-key',
  clock: () => NOW,
  log: () => undefined,
});

/** Every file and directory under `dir`, with its permission bits. */
function modes(dir: string, base = ''): [string, number][] {
  return readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(base, entry.name);
    const mode = statSync(path.join(dir, rel)).mode & 0o777;
    return entry.isDirectory() ? [[rel, mode], ...modes(dir, rel)] : [[rel, mode]];
  });
}

/** Sends raw bytes and returns everything the server answers before it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  });
  return Number(child.stdout.trim());
}

describe('one server per data directory', () => {
  const dataDir = path.join(work, 'shared');

  it('refuses a second server while the first runs, naming the directory and the PID', async () => {
    const first = await startServer(serverOptions(dataDir));
    try {
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      await expect(startServer(serverOptions(dataDir))).rejects.toThrow(
        new RegExp(`DATA_DIR ${dataDir} is in use by another server \\(PID ${process.pid}`),
      );
      // Another process gets the same answer and exits at once.
      const started = performance.now();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', SIMULATE: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code, output).toBe(1);
      expect(output).toMatch(
        new RegExp(
          `Could not start: DATA_DIR ${dataDir} is in use by another server \\(PID ${process.pid}\\)`,
        ),
      );
      expect(performance.now() - started).toBeLessThan(15_000);
      // The first server still answers.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock left by a process that is gone (kill -9), and releases it on close', async () => {
    writeFileSync(path.join(dataDir, LOCK_FILE), `${deadPid()}\n`);
    const server = await startServer(serverOptions(dataDir));
    try {
      expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await server.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("answers Node's own 400 and 431 in JSON, like every other error", async () => {
    const server = await startServer(serverOptions(dataDir));
    try {
      const { port } = new URL(server.url);
      const garbled = await rawExchange(Number(port), 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbled).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(garbled).toMatch(/Content-Type: application\/json/);
      expect(JSON.parse(garbled.split('\r\n\r\n')[1] ?? '')).toEqual({
        error: 'Malformed HTTP request',
      });
      const huge = await rawExchange(
        Number(port),
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(huge).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(huge.split('\r\n\r\n')[1] ?? '')).toEqual({
        error: 'Request headers too large',
      });
    } finally {
      await server.close();
    }
  });

  it('on close stops taking requests, finishes the ones in progress, then closes', async () => {
    const server = await startServer(serverOptions(dataDir));
    const { port } = new URL(server.url);
    // A request in progress: its headers are in, its body is still coming.
    const body = JSON.stringify({
      readings: [
        {
          amenityId: 'the-yard',
          time: local('2026-03-18', '12:28'),
          occupancy: 5,
          entries: 1,
          dwellMinutes: 9,
        },
      ],
    });
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /api/readings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer data-dir-test-key\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = server.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // New connections are refused at once.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    socket.write(body.slice(10));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\{"accepted":1\}$/);
    await closed;
  });

  it('keeps the directory private: 0700 directories, 0600 files', () => {
    const found = modes(dataDir);
    expect(found.length).toBeGreaterThan(20);
    for (const [file, mode] of found) {
      const expected = statSync(path.join(dataDir, file)).isDirectory() ? 0o700 : 0o600;
      expect(mode.toString(8), file).toBe(expected.toString(8));
    }
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
  });
});

describe('a data directory that is not a database', () => {
  const base = path.join(work, 'base');
  beforeAll(async () => {
    const db = await openPglite(base);
    await db.query('CREATE TABLE precious (x int)');
    await db.query('INSERT INTO precious VALUES (1), (2), (3)');
    await db.close();
  });

  const copy = (name: string) => {
    const dir = path.join(work, name);
    cpSync(base, dir, { recursive: true });
    return dir;
  };

  it('is never initialised over when PG_VERSION is missing: start-up refuses and says how to restore', async () => {
    const dir = copy('no-version');
    unlinkSync(path.join(dir, 'PG_VERSION'));
    const before = modes(dir);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      new RegExp(
        `^DATA_DIR ${dir} is not empty but holds no database: PG_VERSION is missing .*Nothing was changed.*Restore the directory from a backup`,
      ),
    );
    expect(modes(dir)).toEqual(before);
    // Put back, the data is all there.
    writeFileSync(path.join(dir, 'PG_VERSION'), readFileSync(path.join(base, 'PG_VERSION')));
    const db = await openPglite(dir);
    try {
      expect(await db.query('SELECT count(*)::int AS n FROM precious')).toEqual([{ n: 3 }]);
    } finally {
      await db.close();
    }
  });

  it('explains a damaged or missing control file instead of "Aborted()"', async () => {
    const damaged = copy('bad-control');
    writeFileSync(path.join(damaged, 'global', 'pg_control'), Buffer.alloc(8192, 7));
    await expect(openDatabase({ dataDir: damaged })).rejects.toThrow(
      /^Could not open the database in DATA_DIR .*: its files are damaged or from another PostgreSQL version .*Restore the directory from a backup/,
    );
    const missing = copy('no-control');
    unlinkSync(path.join(missing, 'global', 'pg_control'));
    await expect(openDatabase({ dataDir: missing })).rejects.toThrow(
      /^Could not open the database in DATA_DIR .*: its control file \(global\/pg_control\) is missing\./,
    );
    // The lock is released after a failed start.
    expect(existsSync(path.join(missing, LOCK_FILE))).toBe(false);
  });

  it('explains a DATA_DIR that is a file instead of "undefined"', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, 'not a database');
    await expect(openDatabase({ dataDir: file })).rejects.toThrow(
      `DATA_DIR ${file} is a file, not a directory.`,
    );
  });
});
