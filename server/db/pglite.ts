import { open, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  checkNotifyMessage,
  csvField,
  DatabaseUnavailableError,
  type Database,
  type Queryable,
  type Row,
} from './database';
import type {
  RemoteError,
  WorkerCall,
  WorkerInit,
  WorkerReply,
  WorkerRequest,
  WorkerStarted,
} from './pglite-worker';

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
 * stay unsynced: see the README's Durability section.) `current` is the segment holding the
 * commit, as the database thread reported it.
 */
function walSyncer(dataDir: string): (current: string) => Promise<void> {
  const walDir = path.join(dataDir, 'pg_wal');
  let last: string | null = null;
  return async (current) => {
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

/** PGlite's WebAssembly, compiled once per process and shared by every database thread. */
let artifacts: Promise<Pick<WorkerInit, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;

/** PGlite's dist directory in node_modules (its WebAssembly and the entry point). */
export function pgliteDist(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
}

function compiledPglite() {
  artifacts ??= (async () => {
    const dist = pgliteDist();
    const [pglite, initdb] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(path.join(dist, 'initdb.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    ]);
    return { pgliteWasmModule: pglite, initdbWasmModule: initdb };
  })();
  return artifacts;
}

let script: Promise<URL> | undefined;

/**
 * The database thread's code. The bundled server (`npm run build:server`) has it beside
 * main.mjs as pglite-worker.mjs. Run from the TypeScript sources (tests, tsx) it is bundled here
 * once per process with esbuild, PGlite's import pointed at its file, and run from a data: URL.
 */
function workerScript(): Promise<URL> {
  script ??= (async () => {
    if (!import.meta.url.endsWith('.ts')) return new URL('./pglite-worker.mjs', import.meta.url);
    const { build } = await import('esbuild');
    const pgliteEntry = pathToFileURL(path.join(pgliteDist(), 'index.js')).href;
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./pglite-worker.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
      plugins: [
        {
          name: 'pglite-by-path',
          setup(builder) {
            builder.onResolve({ filter: /^@electric-sql\/pglite$/ }, () => ({
              path: pgliteEntry,
              external: true,
            }));
          },
        },
      ],
    });
    const code = result.outputFiles[0]?.text ?? '';
    return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  })();
  return script;
}

/** An error from the database thread, with the same fields (code, detail, …) it had there. */
function fromRemote(remote: RemoteError): Error {
  const Kind = remote.name === 'RangeError' ? RangeError : Error;
  const error = Object.assign(new Kind(remote.message), remote.fields);
  if (remote.stack) error.stack = remote.stack;
  return error;
}

export type PgliteOptions = {
  /** Start from a dump (dumpDataDir) instead of a fresh initdb, which takes seconds. */
  loadDataDir?: Blob;
  /**
   * Called once if the database thread fails or stops by itself (every pending and later query
   * is refused with the same error). The server exits: see main.ts.
   */
  onFailure?: (error: Error) => void;
};

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/**
 * The embedded database, on a thread of its own (pglite-worker.ts): the thread that answers
 * HTTP requests keeps running while PGlite works. `dataDir` is a directory on disk (persistent)
 * or undefined (in memory, for tests). PGlite has a single connection: it runs one query at a
 * time, and a transaction holds the connection until it ends (queries outside it wait).
 * `thread` is the worker (tests stop it to see a failure handled).
 */
export async function openPglite(
  dataDir?: string,
  { loadDataDir, onFailure }: PgliteOptions = {},
): Promise<Database & { dump(): Promise<Blob>; readonly thread: Worker }> {
  const [compiled, url, loaded] = await Promise.all([
    compiledPglite(),
    workerScript(),
    loadDataDir?.arrayBuffer(),
  ]);
  const init: WorkerInit = {
    ...(dataDir ? { dataDir } : {}),
    ...(loaded ? { loadDataDir: loaded } : {}),
    ...compiled,
    // The endpoints read small rollups and the OS caches the data files anyway: a smaller buffer
    // pool (default 128 MB, allocated inside the WebAssembly heap) keeps the process lean.
    postgresqlconf: [`shared_buffers = ${SHARED_BUFFERS}`],
  };
  const thread = new Worker(url);
  thread.postMessage(init, loaded ? [loaded] : []);

  const pending = new Map<number, Pending>();
  let lastId = 0;
  let failure: Error | null = null;
  let closing = false;

  // Wait for the thread's first message: the database is open, or why not.
  await new Promise<void>((resolve, reject) => {
    const started = (message: WorkerStarted) => {
      thread.off('error', reject);
      thread.off('exit', exited);
      if (message.started) resolve();
      else reject(fromRemote(message.error));
    };
    const exited = (code: number) =>
      reject(new Error(`The database thread stopped while opening (exit code ${code})`));
    thread.once('message', started);
    thread.once('error', reject);
    thread.once('exit', exited);
  });

  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    if (!closing) onFailure?.(error);
  };
  thread.on('message', (reply: WorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) thread.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(fromRemote(reply.error));
  });
  thread.on('error', (error) =>
    fail(new DatabaseUnavailableError(`The database thread failed: ${error.message}`)),
  );
  thread.on('messageerror', (error) =>
    fail(
      new DatabaseUnavailableError(
        `The database thread sent what could not be read: ${error.message}`,
      ),
    ),
  );
  const exited = new Promise<void>((resolve) =>
    thread.once('exit', (code) => {
      fail(
        closing
          ? new DatabaseUnavailableError('The database is closed')
          : new DatabaseUnavailableError(
              `The database thread stopped unexpectedly (exit code ${code})`,
            ),
      );
      resolve();
    }),
  );
  // Idle, the thread does not keep the process alive (as PGlite in the same thread did not).
  thread.unref();

  /** Sends a request; its answer, or the thread's failure. */
  const call = <T>(request: WorkerCall): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) thread.ref();
      thread.postMessage({ ...request, id } satisfies WorkerRequest);
    });
  };

  const queryable = (tx: number | null): Queryable => ({
    query<T extends Row>(text: string, params: readonly unknown[] = []) {
      return call<T[]>({ op: 'query', tx, text, params: [...params] });
    },
    async bulkInsert(table, columns, rows) {
      const names = columns.map((c) => c.name).join(', ');
      for (let start = 0; start < rows.length; start += COPY_CHUNK) {
        const end = Math.min(rows.length, start + COPY_CHUNK);
        const lines: string[] = [];
        for (let i = start; i < end; i++) lines.push((rows[i] ?? []).map(csvField).join(','));
        await call({
          op: 'copy',
          tx,
          text: `COPY ${table} (${names}) FROM '/dev/blob' WITH (FORMAT csv)`,
          csv: lines.join('\n'),
        });
      }
    },
  });

  const syncWal = dataDir ? walSyncer(dataDir) : null;
  let closed: Promise<void> | undefined;
  // One process owns an embedded database: its notifications never leave it.
  const listeners = new Set<(message: string) => void>();

  return {
    kind: 'pglite',
    ...queryable(null),
    async transaction(work) {
      const tx = await call<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await call({ op: 'rollback', tx });
        throw error;
      }
      // Committed, then on disk before the caller hears of it.
      const segment = await call<string | null>({ op: 'commit', tx });
      if (segment !== null) await syncWal?.(segment);
      return result;
    },
    async notify(message) {
      checkNotifyMessage(message);
      if (failure) throw failure;
      // Each listener later, on a task of its own: as a message from another process would come.
      for (const listener of listeners) {
        setImmediate(() => {
          if (listeners.has(listener)) listener(message);
        });
      }
    },
    async listen(onMessage) {
      // A copy per call: the same function may listen twice, and each stop ends one.
      const listener = (message: string) => onMessage(message);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
      };
    },
    close() {
      listeners.clear();
      closed ??= (async () => {
        try {
          if (!failure) await call({ op: 'close' });
        } finally {
          // PGlite has closed its files: end the thread.
          closing = true;
          await thread.terminate();
          await exited;
        }
      })();
      return closed;
    },
    async dump() {
      return new Blob([await call<ArrayBuffer>({ op: 'dump' })]);
    },
    thread,
  };
}
