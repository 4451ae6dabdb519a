import { PGlite, type Transaction } from '@electric-sql/pglite';
import { csvField, parseInt8, type Database, type Queryable, type Row } from './database';

const SHARED_BUFFERS = '16MB';

/** Rows per COPY: big enough to amortise the call, small enough to keep memory flat. */
const COPY_CHUNK = 100_000;

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

  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction(work) {
      return pg.transaction((tx) => work(queryable(tx)));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    dump() {
      return pg.dumpDataDir('none');
    },
  };
}
