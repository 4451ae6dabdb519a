import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommunity } from '../../server/community';
import { FIRST_START_MARKER, LOCK_FILE } from '../../server/db/data-dir';
import { makeTemplate, templateBeside, TEMPLATE_NAME } from '../../server/db/template';
import { initialiseDataDir } from '../../server/first-start';
import { openDatabase } from '../../server/server';
import { DEMO_COMMUNITY } from '../../server/simulator/demo';
import { local } from './helpers';

/**
 * The first start on PGlite (server/first-start.ts): from the template that build:server makes
 * (no initdb), and started over when an earlier one died half way. PGlite only.
 */

const work = mkdtempSync(path.join(tmpdir(), 'commonground-first-start-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NOW = Date.parse(local('2026-03-18', '12:30'));
const template = path.join(work, 'build', TEMPLATE_NAME);

beforeAll(async () => {
  mkdirSync(path.dirname(template));
  await makeTemplate(template);
}, 120_000);

/** The system identifier initdb gave a data directory, from its control file's first 8 bytes. */
const systemIdOnDisk = (dir: string) =>
  readFileSync(path.join(dir, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();

/** Opens DATA_DIR as the server does: its system identifier, the demo community, the readings. */
async function inspect(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    const [system] = await db.query<{ id: string }>(
      'SELECT system_identifier::text AS id FROM pg_control_system()',
    );
    const [readings] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM readings');
    const community = await loadCommunity(db, DEMO_COMMUNITY.slug);
    return { systemId: system?.id, readings: readings?.n, community: community?.name };
  } finally {
    await db.close();
  }
}

/** Every file and directory under `dir` with its permission bits, as octal text. */
function modes(dir: string, base = ''): [string, string][] {
  return readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(base, entry.name);
    const mode = (statSync(path.join(dir, rel)).mode & 0o777).toString(8);
    return entry.isDirectory() ? [[rel, mode], ...modes(dir, rel)] : [[rel, mode]];
  });
}

describe('the template data directory (npm run build:server)', () => {
  it('is a complete, private PGlite directory, kept while PGlite and the migrations are the same', async () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${template}.partial`)).toBe(false);
    for (const [file, mode] of modes(template)) {
      const isDir = statSync(path.join(template, file)).isDirectory();
      expect(mode, file).toBe(isDir ? '700' : '600');
    }
    const id = systemIdOnDisk(template);
    expect(await makeTemplate(template)).toBe(false);
    expect(systemIdOnDisk(template)).toBe(id);
    // Found beside the script that runs (main.mjs), and only when complete.
    const beside = pathToFileURL(path.join(path.dirname(template), 'initialise.mjs')).href;
    expect(templateBeside(beside)).toBe(template);
    const half = path.join(work, 'half-built');
    mkdirSync(path.join(half, TEMPLATE_NAME, 'base'), { recursive: true });
    expect(templateBeside(pathToFileURL(path.join(half, 'initialise.mjs')).href)).toBeNull();
  });
});

describe('a first start on an empty DATA_DIR', () => {
  it('copies the template (no initdb), migrates and seeds it, and leaves a private database', async () => {
    const dataDir = path.join(work, 'from-template');
    const done = await initialiseDataDir(dataDir, { template, now: NOW, log: () => undefined });
    expect(done).toMatchObject({ fromTemplate: true, readings: 181_440 });
    expect(existsSync(path.join(dataDir, FIRST_START_MARKER))).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    for (const [file, mode] of modes(dataDir)) {
      const isDir = statSync(path.join(dataDir, file)).isDirectory();
      expect(mode, file).toBe(isDir ? '700' : '600');
    }
    // initdb gives every new database its own system identifier: this is the template's.
    expect(await inspect(dataDir)).toEqual({
      systemId: systemIdOnDisk(template),
      readings: 181_440,
      community: DEMO_COMMUNITY.name,
    });
    // A second start finds the database and does nothing.
    expect(await initialiseDataDir(dataDir, { template, now: NOW })).toBeNull();
  }, 120_000);

  it('without a template runs initdb: a database of its own', async () => {
    const dataDir = path.join(work, 'initdb');
    const done = await initialiseDataDir(dataDir, { template: null, now: NOW });
    expect(done).toMatchObject({ fromTemplate: false, readings: 181_440 });
    const found = await inspect(dataDir);
    expect(found.community).toBe(DEMO_COMMUNITY.name);
    expect(found.systemId).not.toBe(systemIdOnDisk(template));
  }, 120_000);
});

describe('a first start that died half way', () => {
  it('left a directory that is refused by the server, then emptied and started over', async () => {
    // Killed during the copy: the marker, part of the template, nothing seeded.
    const dataDir = path.join(work, 'half-copied');
    mkdirSync(dataDir, { mode: 0o700 });
    writeFileSync(path.join(dataDir, FIRST_START_MARKER), 'first start\n');
    cpSync(path.join(template, 'base'), path.join(dataDir, 'base'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'PG_VERSION'),
      readFileSync(path.join(template, 'PG_VERSION')),
    );
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} holds a first start that did not finish (${FIRST_START_MARKER} is there)`,
    );
    const said: string[] = [];
    const done = await initialiseDataDir(dataDir, { template, now: NOW, log: (m) => said.push(m) });
    expect(done?.readings).toBe(181_440);
    expect(said).toEqual([
      `DATA_DIR ${dataDir}: an earlier first start did not finish (${FIRST_START_MARKER} is there) ` +
        'and nothing was ever served from it: emptying it and starting over.',
    ]);
    expect(existsSync(path.join(dataDir, FIRST_START_MARKER))).toBe(false);
    expect((await inspect(dataDir)).community).toBe(DEMO_COMMUNITY.name);
  }, 120_000);

  it('killed with SIGKILL during the seed: the next start empties it and starts over', async () => {
    const dataDir = path.join(work, 'killed');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/initialise.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // initdb writes the directory at once when it is done; the seed follows.
    const deadline = Date.now() + 60_000;
    while (!existsSync(path.join(dataDir, 'PG_VERSION')) && Date.now() < deadline) {
      expect(child.exitCode, output).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGKILL');
    await exited;
    expect(output).not.toMatch(/New database/);
    expect(existsSync(path.join(dataDir, FIRST_START_MARKER))).toBe(true);
    // The lock left by the killed process is taken over, and the directory started over.
    const said: string[] = [];
    const done = await initialiseDataDir(dataDir, { template, now: NOW, log: (m) => said.push(m) });
    expect(done?.fromTemplate).toBe(true);
    expect(said.join('\n')).toMatch(/did not finish .* emptying it and starting over/);
    expect(await inspect(dataDir)).toMatchObject({
      systemId: systemIdOnDisk(template),
      readings: 181_440,
    });
  }, 120_000);
});

describe('a DATA_DIR that is not a database', () => {
  it('is still refused when it is not empty and has no PG_VERSION, and left untouched', async () => {
    const dataDir = path.join(work, 'foreign');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'precious');
    await expect(initialiseDataDir(dataDir, { template, now: NOW })).rejects.toThrow(
      `DATA_DIR ${dataDir} is not empty but holds no database: PG_VERSION is missing (found notes.txt)`,
    );
    expect(readdirSync(dataDir)).toEqual(['notes.txt']);
  });
});
