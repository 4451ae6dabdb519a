import {
  checkDataDir,
  DataDirError,
  emptyUnfinished,
  FIRST_START_MARKER,
  lockDataDir,
  makePrivate,
  removeFirstStartMarker,
  syncTree,
  writeFirstStartMarker,
} from './db/data-dir';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { copyTemplate } from './db/template';
import { ensureDemoCommunity } from './server';

export type FirstStartOptions = {
  /** A template data directory (server/db/template.ts) to copy; null: PGlite's initdb. */
  template: string | null;
  now: number;
  /** The database thread failed (pglite.ts): what to do (main.ts exits). */
  onFailure?: (error: Error) => void;
  log?: (message: string) => void;
};

export type FirstStart = { readings: number; seededInMs: number; fromTemplate: boolean };

/**
 * The first start on PGlite: makes an empty DATA_DIR a database with the demo community, from a
 * copy of the template when there is one (no initdb), and migrates and seeds it. Returns null,
 * doing nothing, when DATA_DIR holds a database already; refuses a directory that is neither
 * (checkDataDir).
 *
 * Holds the directory's lock throughout. The first-start marker is on disk before anything else
 * is written and removed only once the seed has committed and every file is on disk, and nothing
 * is served from a directory that holds it. So a first start that died half way (kill -9 during
 * the copy or the seed, power loss) left a directory that never acknowledged anything: the next
 * one empties it and starts over, and says so.
 */
export async function initialiseDataDir(
  dataDir: string,
  { template, now, onFailure, log = (message) => console.log(message) }: FirstStartOptions,
): Promise<FirstStart | null> {
  if (checkDataDir(dataDir).existing) return null;
  const lock = lockDataDir(dataDir);
  try {
    // Again under the lock: another start may have finished it meanwhile.
    const state = checkDataDir(dataDir);
    if (state.existing) return null;
    if (state.unfinished) {
      log(
        `DATA_DIR ${dataDir}: an earlier first start did not finish (${FIRST_START_MARKER} is ` +
          'there) and nothing was ever served from it: emptying it and starting over.',
      );
      emptyUnfinished(dataDir);
    }
    writeFirstStartMarker(dataDir);
    if (template) await copyTemplate(template, dataDir);
    let db: Database;
    try {
      db = await openPglite(dataDir, { onFailure });
    } catch (error) {
      throw new DataDirError(
        `Could not create the new database in DATA_DIR ${dataDir}` +
          `${template ? ` from the template ${template}` : ''}: ` +
          `${error instanceof Error ? error.message : String(error)}. Nothing was served from it; ` +
          'the next start empties it and starts over' +
          `${template ? ' (if this happens again, rebuild the template: npm run build:server)' : ''}.`,
      );
    }
    let seeded: Awaited<ReturnType<typeof ensureDemoCommunity>>;
    try {
      await migrate(db);
      seeded = await ensureDemoCommunity(db, now);
    } finally {
      await db.close();
    }
    makePrivate(dataDir);
    syncTree(dataDir);
    removeFirstStartMarker(dataDir);
    return {
      readings: seeded.readings,
      seededInMs: seeded.seededInMs ?? 0,
      fromTemplate: template !== null,
    };
  } finally {
    lock.release();
  }
}
