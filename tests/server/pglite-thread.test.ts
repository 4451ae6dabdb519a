import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/api/contract';
import { isUniqueViolation } from '../../server/db/database';
import { openPglite } from '../../server/db/pglite';
import {
  createTestCommunity,
  local,
  openTestDatabase,
  pgliteTemplate,
  reading,
  testApp,
  type TestDatabase,
} from './helpers';

/**
 * PGlite runs on a thread of its own (server/db/pglite-worker.ts): a query that keeps the
 * database busy no longer stops the thread that answers requests.
 */
const NOW = local('2026-03-18', '12:30');

/** How long the database is kept busy: far longer than answering from the cache takes. */
const BUSY_SECONDS = 3;

describe('PGlite on its own thread', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase({ name: 'pglite', skip: null });
  });
  afterAll(() => test?.drop());

  it('answers a cached read while a long transaction holds the database', async () => {
    const community = await createTestCommunity(test.db);
    const api = testApp(test.db, community, {
      clock: () => Date.parse(NOW),
      cacheMaxAgeMs: 3_600_000,
    });
    expect(
      (await api.post([reading('great-lawn', local('2026-03-18', '09:00'), 4, 2)])).status,
    ).toBe(200);
    const before = await api.get(API_PATHS.metrics);
    expect(before.status).toBe(200);

    const started = performance.now();
    let written = false;
    const writing = test.db
      .transaction((tx) => tx.query(`SELECT pg_sleep(${BUSY_SECONDS})`))
      .then(() => (written = true));
    // Ask once the database is surely busy. On one thread this timer could not even fire
    // until the transaction had ended.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await api.get(API_PATHS.metrics);
    const answeredAfter = performance.now() - started;

    expect(during.status).toBe(200);
    expect(during.json).toEqual(before.json);
    expect(written).toBe(false);
    expect(answeredAfter).toBeLessThan((BUSY_SECONDS - 1) * 1000);
    await writing;
    expect(written).toBe(true);
  });

  it('keeps one connection: a query outside a transaction waits for it to end', async () => {
    await test.db.query('CREATE TABLE waits (x int)');
    let outside: Promise<{ n: number }[]> | undefined;
    await test.db.transaction(async (tx) => {
      await tx.query('INSERT INTO waits VALUES (1)');
      outside = test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM waits');
      await tx.query('INSERT INTO waits VALUES (2)');
    });
    // It ran after the commit: it sees both rows, never the transaction half done.
    expect(await outside).toEqual([{ n: 2 }]);

    await expect(
      test.db.transaction(async (tx) => {
        await tx.query('INSERT INTO waits VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await test.db.query('SELECT count(*)::int AS n FROM waits')).toEqual([{ n: 2 }]);
  });

  it("hands back the database's errors with their fields, as PGlite raised them", async () => {
    await test.db.query('CREATE TABLE once (x int PRIMARY KEY)');
    await test.db.query('INSERT INTO once VALUES (1)');
    const duplicate = await test.db.query('INSERT INTO once VALUES (1)').catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(duplicate).toMatchObject({
      message: 'duplicate key value violates unique constraint "once_pkey"',
      code: '23505',
      constraint: 'once_pkey',
      detail: 'Key (x)=(1) already exists.',
    });
    // int8 past 2^53 is an error, never a rounded number.
    await expect(test.db.query('SELECT (2^60)::int8 AS big')).rejects.toThrow(RangeError);
  });
});

describe('a PGlite thread that fails', () => {
  it('refuses what was pending and everything after, and reports the failure once', async () => {
    const failures: Error[] = [];
    const db = await openPglite(undefined, {
      loadDataDir: await pgliteTemplate(),
      onFailure: (error) => failures.push(error),
    });
    try {
      const pending = db.query('SELECT pg_sleep(30)');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await db.thread.terminate();
      await expect(pending).rejects.toThrow(/^The database thread stopped unexpectedly/);
      await expect(db.query('SELECT 1')).rejects.toThrow(
        /^The database thread stopped unexpectedly/,
      );
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toThrow(
        /^The database thread stopped unexpectedly/,
      );
      expect(failures.map((error) => error.message)).toEqual([
        expect.stringMatching(/^The database thread stopped unexpectedly/),
      ]);
    } finally {
      await db.close();
    }
    expect(failures).toHaveLength(1);
  });

  it('after close refuses queries instead of waiting forever', async () => {
    const failures: Error[] = [];
    const db = await openPglite(undefined, {
      loadDataDir: await pgliteTemplate(),
      onFailure: (error) => failures.push(error),
    });
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('The database is closed');
    expect(failures).toEqual([]);
  });
});
