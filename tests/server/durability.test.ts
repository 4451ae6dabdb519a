import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../server/db/pglite';

/**
 * PGlite never flushes to disk by itself (fsync = off, and no fsync call even when on), so the
 * server fdatasyncs the write-ahead log after each commit. The file system calls are watched:
 * which file each descriptor was opened on, and which descriptors were flushed.
 */
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  return {
    ...actual,
    openSync: vi.fn(actual.openSync),
    fdatasyncSync: vi.fn(actual.fdatasyncSync),
    fsyncSync: vi.fn(actual.fsyncSync),
  };
});

const work = fs.mkdtempSync(path.join(tmpdir(), 'commonground-durability-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The files flushed since the last reset, in order, as paths relative to `dir`. */
function flushed(dir: string): string[] {
  type Event = { at: number; open?: { fd: number; file: string }; sync?: number };
  const events: Event[] = [];
  const open = vi.mocked(fs.openSync).mock;
  open.calls.forEach((args, i) => {
    const result = open.results[i];
    if (result?.type === 'return') {
      events.push({
        at: open.invocationCallOrder[i] ?? 0,
        open: { fd: result.value, file: String(args[0]) },
      });
    }
  });
  for (const sync of [vi.mocked(fs.fdatasyncSync).mock, vi.mocked(fs.fsyncSync).mock]) {
    sync.calls.forEach(([fd], i) =>
      events.push({ at: sync.invocationCallOrder[i] ?? 0, sync: fd }),
    );
  }
  // Descriptors are reused once closed: a flush is on the file its descriptor was last opened on.
  const openOn = new Map<number, string>();
  const files: string[] = [];
  for (const event of events.sort((a, b) => a.at - b.at)) {
    if (event.open) openOn.set(event.open.fd, event.open.file);
    if (event.sync !== undefined) files.push(path.relative(dir, openOn.get(event.sync) ?? '?'));
  }
  return files;
}

beforeEach(() => vi.clearAllMocks());

describe('a commit on PGlite in a data directory', () => {
  it('is on disk before the transaction returns: its write-ahead log segment is fdatasynced', async () => {
    const dir = path.join(work, 'data');
    const db = await openPglite(dir);
    try {
      await db.query('CREATE TABLE t (x int)');
      vi.clearAllMocks();
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        // Nothing is flushed while the transaction is open.
        expect(flushed(dir)).toEqual([]);
      });
      const first = flushed(dir);
      expect(first.length).toBeGreaterThan(0);
      expect(first.every((file) => /^pg_wal(\/[0-9A-F]{24})?$/.test(file))).toBe(true);
      expect(first).toContainEqual(expect.stringMatching(/^pg_wal\/[0-9A-F]{24}$/));

      vi.clearAllMocks();
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (2)'));
      // The next commit in the same segment flushes just that segment.
      expect(flushed(dir)).toEqual([first.find((file) => file !== 'pg_wal')]);

      vi.clearAllMocks();
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
      vi.clearAllMocks();
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
      vi.clearAllMocks();
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (1)'));
      expect(flushed(work)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
