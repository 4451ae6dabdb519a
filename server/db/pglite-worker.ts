/**
 * The thread PGlite runs on (started by openPglite in pglite.ts, which speaks for it on the main
 * thread). PGlite is PostgreSQL compiled to WebAssembly: a query runs to its end without letting
 * anything else run on its thread, so here it blocks this thread instead of the one that answers
 * HTTP requests.
 *
 * The first message is a WorkerInit (a message rather than workerData, which would keep its
 * buffers alive for the thread's lifetime). Requests come as messages and are answered by id. A transaction stays open across messages:
 * `begin` opens one with PGlite's own transaction (which holds PGlite's single connection until
 * it ends, so queries outside it wait, as in one process), `query`/`copy` tagged with its id run
 * inside it, and `commit` or `rollback` ends it.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parseInt8 } from './database';

export type WorkerInit = {
  /** A directory on disk, or undefined for a database in memory. */
  dataDir?: string;
  /** A dump (dumpDataDir) to start from instead of a fresh initdb. */
  loadDataDir?: ArrayBuffer;
  /** PGlite's WebAssembly, compiled once by the main thread (the code is shared, not copied). */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  postgresqlconf: string[];
};

/** What the main thread asks for. */
export type WorkerCall =
  | { op: 'query'; tx: number | null; text: string; params: unknown[] }
  /** COPY … FROM '/dev/blob' with `csv` as the blob. */
  | { op: 'copy'; tx: number | null; text: string; csv: string }
  | { op: 'begin' }
  | { op: 'commit'; tx: number }
  | { op: 'rollback'; tx: number }
  | { op: 'dump' }
  | { op: 'close' };

export type WorkerRequest = WorkerCall & { id: number };

/** An error as it crosses the thread boundary: its message, stack and PostgreSQL fields. */
export type RemoteError = {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
};

export type WorkerReply = { id: number } & (
  { ok: true; value: unknown } | { ok: false; error: RemoteError }
);

/** The first message: the database is open, or why it could not be. */
export type WorkerStarted = { started: true } | { started: false; error: RemoteError };

export function toRemoteError(error: unknown): RemoteError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: RemoteError['fields'] = {};
  // The PostgreSQL error fields (code, detail, constraint, …) and the query text; not its
  // parameters (a batch's are large).
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

type Open = {
  tx: Transaction;
  end(commit: boolean): void;
  ended: Promise<unknown>;
  /** Once committed: the write-ahead log segment holding the commit, if it wrote any. */
  segment: string | null;
};

/** What a transaction's callback throws to have PGlite roll it back. */
const ROLL_BACK = Symbol('roll back');

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker runs as a worker thread');
  const init = await new Promise<WorkerInit>((resolve) => port.once('message', resolve));
  let pg: PGlite;
  try {
    pg = await PGlite.create({
      ...(init.dataDir ? { dataDir: init.dataDir } : {}),
      ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {}),
      pgliteWasmModule: init.pgliteWasmModule,
      initdbWasmModule: init.initdbWasmModule,
      postgresqlconf: init.postgresqlconf,
      // numeric and int8 come back as numbers, as the PostgreSQL driver is told to do.
      parsers: { 20: parseInt8, 1700: Number },
    });
    await pg.exec(`SET TimeZone = 'UTC'`);
  } catch (error) {
    // Nothing listens on the port after this: the thread ends.
    port.postMessage({ started: false, error: toRemoteError(error) } satisfies WorkerStarted);
    return;
  }

  const transactions = new Map<number, Open>();
  let lastTransaction = 0;
  /** The log position reported with the last commit that wrote to the log. */
  let lastLsn = '';

  const target = (tx: number | null): PGlite | Transaction => {
    if (tx === null) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error(`Transaction ${tx} is not open`);
    return open.tx;
  };

  /**
   * Opens a transaction and returns its id once BEGIN has run. It commits inside PGlite's
   * transaction (which then finds it over), together with the query for the log segment the
   * commit went to, in one call, still holding PGlite's connection, so the next transaction
   * (which may already be waiting for it) cannot come between.
   */
  const begin = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const id = ++lastTransaction;
      let end: (commit: boolean) => void = () => undefined;
      const decided = new Promise<void>((commit, rollBack) => {
        end = (yes) => (yes ? commit() : rollBack(ROLL_BACK));
      });
      const ended = pg.transaction(async (tx) => {
        const open: Open = { tx, end, ended, segment: null };
        transactions.set(id, open);
        resolve(id);
        await decided;
        if (!init.dataDir) return;
        const [, position] = await tx.exec(
          `COMMIT; SELECT pg_current_wal_lsn()::text AS lsn,
                          pg_walfile_name(pg_current_wal_lsn()) AS file`,
        );
        const row = position?.rows[0] as { lsn: string; file: string } | undefined;
        // A commit that wrote nothing to the log (read only) has nothing to flush.
        if (row && row.lsn !== lastLsn) {
          lastLsn = row.lsn;
          open.segment = row.file;
        }
      });
      // BEGIN failed (resolve was never called), or the transaction ended: either way the
      // promise is settled once.
      ended.catch(reject);
    });

  const finish = async (tx: number, commit: boolean): Promise<unknown> => {
    const open = transactions.get(tx);
    if (!open) throw new Error(`Transaction ${tx} is not open`);
    open.end(commit);
    try {
      await open.ended;
    } catch (error) {
      if (error !== ROLL_BACK) throw error;
    } finally {
      transactions.delete(tx);
    }
    // The write-ahead log segment holding the commit: the main thread fdatasyncs it.
    return commit ? open.segment : null;
  };

  const handle = async (
    request: WorkerRequest,
  ): Promise<{ value: unknown; transfer?: [ArrayBuffer] }> => {
    switch (request.op) {
      case 'query':
        return { value: (await target(request.tx).query(request.text, request.params)).rows };
      case 'copy':
        await target(request.tx).query(request.text, [], { blob: new Blob([request.csv]) });
        return { value: null };
      case 'begin':
        return { value: await begin() };
      case 'commit':
        return { value: await finish(request.tx, true) };
      case 'rollback':
        return { value: await finish(request.tx, false) };
      case 'dump': {
        const buffer = await (await pg.dumpDataDir('none')).arrayBuffer();
        return { value: buffer, transfer: [buffer] };
      }
      case 'close':
        if (!pg.closed) await pg.close();
        return { value: null };
    }
  };

  port.on('message', (request: WorkerRequest) => {
    handle(request).then(
      ({ value, transfer }) => {
        port.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply, transfer);
      },
      (error: unknown) => {
        port.postMessage({
          id: request.id,
          ok: false,
          error: toRemoteError(error),
        } satisfies WorkerReply);
        // WebAssembly that trapped (or aborted) leaves PGlite unusable: end the thread loudly
        // (an uncaught error, which the main thread hears of).
        if (error instanceof WebAssembly.RuntimeError) {
          process.nextTick(() => {
            throw error;
          });
        }
      },
    );
  });
  port.postMessage({ started: true } satisfies WorkerStarted);
}

await serve();
