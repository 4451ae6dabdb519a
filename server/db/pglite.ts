import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { csvField, parseInt8, type Database, type Queryable, type Row } from './database';

const SHARED_BUFFERS = '16MB';

/** Rows per COPY: big enough to amortise the call, small enough to keep memory flat. */
const COPY_CHUNK = 100_000;

/** Flushes a file (data only) or a directory to disk, off the thread that answers requests. */
async function syncFile(file: string, data: boolean): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await (data ? handle.datasync() : handle.sync());
  } finally {
    await handle.close();
  }
}

/**
 * PGlite never flushes anything to disk: it runs with fsync = off fixed on its command line, and
 * its WebAssembly file system ignores fsync even when it is on (strace shows no fsync or
 * fdatasync call either way). Its writes do reach the OS at once (pwrite on the real files), so
 * after a commit we fdatasync the write-ahead log segments it wrote to ourselves: the commit
 * record is on disk before the caller answers. (Data files and pg_control written at checkpoints
 * stay unsynced: see the README's Durability section.)
 */
function walSyncer(pg: PGlite, dataDir: string): () => Promise<void> {
  const walDir = path.join(dataDir, 'pg_wal');
  let last: string | null = null;
  return async () => {
    const [row] = (
      await pg.query<{ file: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS file')
    ).rows;
    if (!row) return;
    const current = row.file;
    // Segment names sort in WAL order: sync every segment from the last one synced to this one
    // (a large transaction spans several), and the directory when new segments appeared.
    const segments =
      last === null || last === current
        ? [current]
        : (await readdir(walDir)).filter(
            (name) => /^[0-9A-F]{24}$/.test(name) && name >= (last ?? '') && name <= current,
          );
    for (const name of segments) await syncFile(path.join(walDir, name), true);
    if (last !== current) await syncFile(walDir, false);
    last = current;
  };
}

/**
 * The embedded database. `dataDir` is a directory on disk (persistent) or undefined (in memory,
 * for tests). `loadDataDir` starts from a dump (dumpDataDir) instead of a fresh initdb, which
 * takes seconds. PGlite has a single connection: it runs one query at a time, and a transaction
 * holds the connection until it ends.
 */
export async function openPglite(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): Promise<Database & { dump(): Promise<Blob> }> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // The endpoints read small rollups and the OS caches the data files anyway: a smaller buffer
    // pool (default 128 MB, allocated inside the WebAssembly heap) keeps the process lean.
    postgresqlconf: [`shared_buffers = ${SHARED_BUFFERS}`],
    // numeric and int8 come back as numbers, as the PostgreSQL driver is told to do.
    parsers: { 20: parseInt8, 1700: Number },
  });
  await pg.exec(`SET TimeZone = 'UTC'`);

  const queryable = (target: PGlite | Transaction): Queryable => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(text, [...params]);
      return result.rows;
    },
    async bulkInsert(table, columns, rows) {
      const names = columns.map((c) => c.name).join(', ');
      for (let start = 0; start < rows.length; start += COPY_CHUNK) {
        const end = Math.min(rows.length, start + COPY_CHUNK);
        const lines: string[] = [];
        for (let i = start; i < end; i++) lines.push((rows[i] ?? []).map(csvField).join(','));
        await target.query(`COPY ${table} (${names}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([lines.join('\n')]),
        });
      }
    },
  });

  const syncWal = dataDir ? walSyncer(pg, dataDir) : null;

  return {
    kind: 'pglite',
    ...queryable(pg),
    async transaction(work) {
      const result = await pg.transaction((tx) => work(queryable(tx)));
      await syncWal?.();
      return result;
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    dump() {
      return pg.dumpDataDir('none');
    },
  };
}
