import * as fs from 'node:fs';
import type * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../server/db/pglite';

/**
 * PGlite never flushes to disk by itself (fsync = off, and no fsync call even when on), so the
 * server flushes the write-ahead log after each commit. The flushes are recorded: the path of
 * every file handle that was synced, in order.
 */
const flushes = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsp>();
  return {
    ...actual,
    open: async (file: string, flags?: string) => {
      const handle = await actual.open(file, flags);
      const datasync = handle.datasync.bind(handle);
      const sync = handle.sync.bind(handle);
      handle.datasync = () => {
        flushes.push(file);
        return datasync();
      };
      handle.sync = () => {
        flushes.push(file);
        return sync();
      };
      return handle;
    },
  };
});

const work = fs.mkdtempSync(path.join(tmpdir(), 'commonground-durability-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The files flushed since the last reset, in order, as paths relative to `dir`. */
const flushed = (dir: string) => flushes.map((file) => path.relative(dir, file));
const reset = () => flushes.splice(0);

beforeEach(reset);

describe('a commit on PGlite in a data directory', () => {
  it('is on disk before the transaction returns: its write-ahead log segment is fdatasynced', async () => {
    const dir = path.join(work, 'data');
    const db = await openPglite(dir);
    try {
      await db.query('CREATE TABLE t (x int)');
      reset();
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        // Nothing is flushed while the transaction is open.
        expect(flushed(dir)).toEqual([]);
      });
      const first = flushed(dir);
      expect(first.length).toBeGreaterThan(0);
      expect(first.every((file) => /^pg_wal(\/[0-9A-F]{24})?$/.test(file))).toBe(true);
      expect(first).toContainEqual(expect.stringMatching(/^pg_wal\/[0-9A-F]{24}$/));

      reset();
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (2)'));
      // The next commit in the same segment flushes just that segment.
      expect(flushed(dir)).toEqual([first.find((file) => file !== 'pg_wal')]);

      reset();
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (3)');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(flushed(dir)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('flushes every segment a large transaction wrote, and the directory that holds them', async () => {
    const dir = path.join(work, 'large');
    const db = await openPglite(dir);
    try {
      await db.query('CREATE TABLE big (x text)');
      await db.transaction((tx) => tx.query('INSERT INTO big VALUES ($1)', ['start']));
      reset();
      // About 40 MB of WAL: more than two 16 MB segments.
      await db.transaction((tx) =>
        tx.query(
          `INSERT INTO big SELECT repeat(md5(g::text), 10) FROM generate_series(1, 100000) g`,
        ),
      );
      const files = flushed(dir);
      const segments = files.filter((file) => file !== 'pg_wal');
      expect(segments.length).toBeGreaterThanOrEqual(3);
      expect([...segments].sort()).toEqual(segments);
      expect(files).toContain('pg_wal');
    } finally {
      await db.close();
    }
  });

  it('in memory (tests) flushes nothing', async () => {
    const db = await openPglite();
    try {
      await db.query('CREATE TABLE t (x int)');
      reset();
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (1)'));
      expect(flushed(work)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
