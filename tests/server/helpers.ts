import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reading } from '../../src/api/contract';
import { zonedTimeToUtc } from '../../src/lib/zoned-time';
import { createApp, type AppOptions } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { createCommunity, type Community } from '../../server/community';
import type { Database, Queryable } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { DEMO_AMENITY_SETUP, DEMO_COMMUNITY } from '../../server/simulator/demo';

/**
 * The server suite runs on every available database: PGlite in memory always, and a real
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it with REQUIRE_POSTGRES=1, which
 * turns a missing or unreachable server into a failure instead of a skip).
 */

export type Backend = { name: 'pglite' | 'postgres'; skip: string | null };

const url = process.env.TEST_DATABASE_URL?.trim();
const required = process.env.REQUIRE_POSTGRES === '1';

async function postgresSkipReason(): Promise<string | null> {
  if (!url) {
    if (required) throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
    return 'TEST_DATABASE_URL is not set';
  }
  try {
    const db = await openPostgres(url, { max: 1 });
    await db.close();
    return null;
  } catch (error) {
    const reason = `cannot connect to TEST_DATABASE_URL: ${(error as Error).message}`;
    if (required) throw new Error(`REQUIRE_POSTGRES=1 but ${reason}`);
    return reason;
  }
}

const pgSkip = await postgresSkipReason();
if (pgSkip) {
  console.warn(
    `[server tests] PostgreSQL runs SKIPPED (${pgSkip}); PGlite runs only. ` +
      'Set TEST_DATABASE_URL (see .ci/postgres.sh) to run the suite on PostgreSQL too.',
  );
}

export const BACKENDS: readonly Backend[] = [
  { name: 'pglite', skip: null },
  { name: 'postgres', skip: pgSkip },
];

/** "pglite" or "postgres (skipped: why)": the describe block's title. */
export const backendTitle = (backend: Backend) =>
  backend.skip ? `${backend.name} (skipped: ${backend.skip})` : backend.name;

/**
 * A migrated, empty PGlite database: a fresh initdb takes seconds, so the first test process
 * saves a dump of one in the temp directory and the others start from it.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const require = createRequire(import.meta.url);
  const manifest = path.join(
    path.dirname(require.resolve('@electric-sql/pglite')),
    '../package.json',
  );
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(version)
    .update(JSON.stringify(readMigrations()))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(tmpdir(), `commonground-test-pglite-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await openPglite();
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

export type TestDatabase = { db: Database; drop(): Promise<void> };

/** An empty, migrated database of the given backend, private to the caller. */
export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend.name === 'pglite') {
    const db = await openPglite(undefined, { loadDataDir: await pgliteTemplate() });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `cg_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const db = await openPostgres(url, { schema });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

export const TEST_ZONE = DEMO_COMMUNITY.timeZone;

/** The instant of a local wall-clock time in the demo zone, as ISO. */
export function local(date: string, time: string): string {
  return zonedTimeToUtc(date, time, TEST_ZONE).toISOString();
}

/** When the test community was created: readings before it are refused. */
export const TEST_COMMUNITY_CREATED = '2020-01-01T00:00:00Z';

/** The demo community's amenities, with no data. */
export function createTestCommunity(db: Database): Promise<Community> {
  return createCommunity(
    db,
    { ...DEMO_COMMUNITY, slug: 'test-community', createdAt: Date.parse(TEST_COMMUNITY_CREATED) },
    DEMO_AMENITY_SETUP,
  );
}

export const INGEST_KEY = 'test-ingest-key';

/** A settable clock. */
export function testClock(iso: string) {
  let now = Date.parse(iso);
  return {
    now: () => now,
    set(value: string) {
      now = Date.parse(value);
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * The app in-process, over `db`, with a request helper that parses JSON bodies. In demo mode
 * unless told otherwise: the read endpoints' tests ask as the anonymous demo viewer.
 */
export function testApp(
  db: Database,
  community: Community,
  options: Partial<AppOptions> & { clock: () => number },
) {
  const made = createApp({
    db,
    community,
    ingestKey: INGEST_KEY,
    cacheMaxAgeMs: 0,
    demo: true,
    ...options,
  });
  return {
    ...made,
    async get(pathAndQuery: string) {
      const res = await made.app.request(pathAndQuery);
      const text = await res.text();
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, headers: res.headers, json, text };
    },
    async post(readings: unknown, key: string | null = INGEST_KEY) {
      const res = await made.app.request('/api/readings', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
        },
        body: typeof readings === 'string' ? readings : JSON.stringify({ readings }),
      });
      return { status: res.status, headers: res.headers, json: (await res.json()) as unknown };
    },
  };
}

/** A reading with defaults (no entries, no dwell). */
export function reading(
  amenityId: string,
  time: string,
  occupancy: number,
  entries = 0,
  dwellMinutes = 0,
): Reading {
  return { amenityId, time, occupancy, entries, dwellMinutes };
}

/**
 * Requests from a signed-in user's browser (or an anonymous one, `user` null): a session made
 * at the test clock's time, the app's own Origin on writes, JSON in and out. `db` and `app` are
 * read at each call, so a test may open them in beforeAll and make a new app in beforeEach.
 */
export function sessionRequests(
  db: () => Database,
  app: () => { app: { request(url: string, init: RequestInit): Response | Promise<Response> } },
  clock: () => number,
) {
  return async (user: number | null, method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (user !== null) headers.Cookie = `cg_session=${await createSession(db(), user, clock())}`;
    if (method !== 'GET') headers.Origin = 'http://localhost';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await app().app.request(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
}

/** A user of `role` in the community (email `<role>@example.org`), by id: for sessionRequests. */
export async function insertTestUser(
  db: Queryable,
  communityId: number,
  role: 'admin' | 'manager' | 'board',
  now: number,
): Promise<number> {
  const id = await insertUser(
    db,
    communityId,
    {
      email: `${role}@example.org`,
      name: `The ${role}`,
      role,
      passwordHash: await hashPassword('correct horse battery staple'),
      totpSecret: null,
    },
    now,
  );
  if (id === null) throw new Error(`a ${role} is already there`);
  return id;
}

/** A weekly usage report schedule stored directly (tests of what removing a user does to it). */
export async function insertSchedule(
  db: Queryable,
  communityId: number,
  recipients: number[],
  { enabled = true, nextRunAt = '2026-11-23T15:00:00Z' } = {},
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO report_schedules (community_id, kind, cadence, weekday, minute_of_day,
                                   recipient_ids, enabled, next_run_at)
     VALUES ($1, 'usage', 'weekly', 1, 420, $2::int[], $3, $4)
     RETURNING id`,
    [communityId, recipients, enabled, nextRunAt],
  );
  return row?.id ?? 0;
}
