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
import { migrate, SCHEMA_LOCK } from './db/migrate';
import { openPglite } from './db/pglite';
import { copyTemplate } from './db/template';
import { loadCommunity, type Community } from './community';
import { ensureOwnCommunity, type OwnCommunity } from './own-community';
import { DEMO_COMMUNITY } from './simulator/demo';
import { seedDemoInto, type SeedOptions } from './simulator/seed';

/*
 * What a first start needs, and nothing of the HTTP server: server/initialise.ts runs it in a
 * process of its own that loads only this (about 35 MB less than the whole server).
 */

/**
 * The demo community, seeded with its history the first time (an empty database). Returns
 * how long seeding took, or null when the data was already there.
 */
export async function ensureDemoCommunity(
  db: Database,
  now: number,
  seed: Omit<SeedOptions, 'now'> = {},
): Promise<{ community: Community; seededInMs: number | null; readings: number }> {
  const existing = await loadCommunity(db, DEMO_COMMUNITY.slug);
  if (existing) return { community: existing, seededInMs: null, readings: 0 };
  const started = performance.now();
  // Under the migrations' advisory lock: two servers starting at once on an empty PostgreSQL
  // database seed it once (the second waits, then finds the community).
  const result = await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    const seeded = await loadCommunity(tx, DEMO_COMMUNITY.slug);
    if (seeded) return { community: seeded, readings: null };
    return seedDemoInto(tx, { ...seed, now });
  });
  if (result.readings === null) {
    return { community: result.community, seededInMs: null, readings: 0 };
  }
  // Fresh statistics for the planner (PGlite has no autovacuum to gather them).
  await db.query('ANALYZE');
  return {
    community: result.community,
    seededInMs: performance.now() - started,
    readings: result.readings,
  };
}

export type FirstStartOptions = {
  /** A template data directory (server/db/template.ts) to copy; null: PGlite's initdb. */
  template: string | null;
  /** A community of its own, created empty, instead of the seeded demo (own-community.ts). */
  ownCommunity?: OwnCommunity;
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
  {
    template,
    ownCommunity,
    now,
    onFailure,
    log = (message) => console.log(message),
  }: FirstStartOptions,
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
    if (template) copyTemplate(template, dataDir);
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
    let seeded: { readings: number; seededInMs: number | null };
    try {
      await migrate(db);
      seeded = ownCommunity
        ? { ...(await ensureOwnCommunity(db, ownCommunity, now)), readings: 0, seededInMs: 0 }
        : await ensureDemoCommunity(db, now);
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
