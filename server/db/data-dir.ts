import {
  chmodSync,
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The PGlite data directory: checked before PGlite may touch it (PGlite initialises a new
 * database over any directory without PG_VERSION, which once wiped a whole history), held by one
 * server at a time (a lock file with the holder's PID), and private to its owner (0700/0600).
 */

/** The lock file inside DATA_DIR; it holds the PID of the server using the directory. */
export const LOCK_FILE = 'commonground.lock';

/**
 * The first-start marker inside DATA_DIR: written before a first start puts anything there and
 * removed only once the new database is migrated, seeded and on disk (initialiseDataDir in
 * server/first-start.ts). Nothing is served from a directory that holds it, so a start that finds
 * it knows the first start before it died half way, and may empty the directory and start over.
 */
export const FIRST_START_MARKER = 'commonground.first-start';

/** A start-up problem with the data directory, in a sentence for the operator. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const RESTORE =
  'Restore the directory from a backup, or set DATA_DIR to an empty directory to start a new ' +
  'database (the demo data is seeded there).';

/**
 * Refuses a DATA_DIR that exists but is not a database PGlite can open as it is: a file, or a
 * non-empty directory without PG_VERSION (unless it holds the first-start marker). Creates a
 * missing one (0700). Returns whether it holds a database already (`existing`), and whether a
 * first start left it unfinished (`unfinished`: the marker is there; never `existing`).
 */
export function checkDataDir(dir: string): { existing: boolean; unfinished: boolean } {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return { existing: false, unfinished: false };
  }
  const stat = statSync(dir);
  if (!stat.isDirectory()) {
    throw new DataDirError(
      `DATA_DIR ${dir} is a file, not a directory. Set DATA_DIR to a directory (a new one is ` +
        'created and seeded), or move the file away if it was put there by mistake.',
    );
  }
  const entries = readdirSync(dir).filter((name) => name !== LOCK_FILE);
  if (entries.includes(FIRST_START_MARKER)) return { existing: false, unfinished: true };
  if (entries.length === 0) return { existing: false, unfinished: false };
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new DataDirError(
      `DATA_DIR ${dir} is not empty but holds no database: PG_VERSION is missing ` +
        `(found ${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''}). Nothing was ` +
        'changed: the server never initialises a new database over existing files. If this is ' +
        'the data directory of an earlier run, it is damaged: ' +
        RESTORE +
        ' (If only PG_VERSION was lost, writing "18" and a newline to it may bring it back.)',
    );
  }
  return { existing: true, unfinished: false };
}

/**
 * Empties a DATA_DIR whose first start did not finish: everything but the lock and the
 * first-start marker goes. Only for a directory checkDataDir found `unfinished`, under its lock.
 */
export function emptyUnfinished(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name !== LOCK_FILE && name !== FIRST_START_MARKER) {
      rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/** Flushes a file (its data) or a directory (its entries) to disk. */
function syncPath(file: string, directory: boolean): void {
  const fd = openSync(file, 'r');
  try {
    if (directory) fsyncSync(fd);
    else fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes every file and directory under `dir` to disk, `dir` itself last. */
export function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full, false);
  }
  syncPath(dir, true);
}

/** Creates the first-start marker (0600), on disk before anything else is written. */
export function writeFirstStartMarker(dir: string): void {
  const file = path.join(dir, FIRST_START_MARKER);
  const fd = openSync(file, 'w', 0o600);
  try {
    writeSync(fd, `${new Date().toISOString()} first start of PID ${process.pid}\n`);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  syncPath(dir, true);
}

/** Removes the first-start marker once the new database is complete and on disk. */
export function removeFirstStartMarker(dir: string): void {
  unlinkSync(path.join(dir, FIRST_START_MARKER));
  syncPath(dir, true);
}

/**
 * A sentence for an opaque PGlite start-up failure ("Aborted()", "undefined", "PGlite failed
 * to initialize properly"), naming the likely cause from what is on disk.
 */
export function explainOpenFailure(dir: string, error: unknown): DataDirError {
  const said = error instanceof Error ? error.message : String(error);
  const control = path.join(dir, 'global', 'pg_control');
  let cause: string;
  if (!existsSync(control)) {
    cause = 'its control file (global/pg_control) is missing';
  } else if (statSync(control).size !== 8192) {
    cause = 'its control file (global/pg_control) has the wrong size: it is damaged';
  } else {
    const version = readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
    cause =
      `its files are damaged or from another PostgreSQL version (PG_VERSION says ${version}; ` +
      'global/pg_control may be damaged)';
  }
  return new DataDirError(
    `Could not open the database in DATA_DIR ${dir}: ${cause}. ${RESTORE} (PGlite said: ${said})`,
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The PID in a lock file, or null if it holds none (being written, or garbage). */
function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export type DataDirLock = { release(): void };

/**
 * Takes DATA_DIR for this process: creates the lock file with O_EXCL (the OS guarantees one
 * winner) and writes the PID into it. A lock left by a process that no longer runs (kill -9, a
 * crash, power loss) is taken over; one held by a live process is a DataDirError naming it.
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (holderOf(file) === process.pid) unlinkSync(file);
      };
      process.once('exit', release);
      return {
        release() {
          process.off('exit', release);
          release();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== null && alive(holder)) {
      throw new DataDirError(
        `DATA_DIR ${dir} is in use by another server (PID ${holder}${holder === process.pid ? ', this process' : ''}). ` +
          'Two servers on one data directory lose acknowledged readings: stop that one first, or ' +
          `give this one another DATA_DIR. (If no process ${holder} is running, delete ${file}.)`,
      );
    }
    if (holder === null && attempt < 10) {
      // Just created by another starting server that has not written its PID yet.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    // Stale: its process is gone. Remove it only if it is still the same stale lock.
    if (holderOf(file) === holder) {
      try {
        unlinkSync(file);
      } catch {
        // another server took it over first; try again
      }
    }
  }
  throw new DataDirError(`Could not take the lock ${file}: it keeps changing hands.`);
}

/** Makes DATA_DIR private: directories 0700, files 0600 (PGlite creates them 0666 - umask). */
export function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}
