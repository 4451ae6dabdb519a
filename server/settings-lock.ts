import { reloadSettings, type Community } from './community';
import type { Queryable } from './db/database';

/**
 * The community's settings that readings are judged and rolled up by (its time zone, its
 * amenities and their capacities), the same in every server process on one database.
 *
 * A change takes the settings lock exclusively as its transaction's first statement (before any
 * row lock, so it cannot deadlock with a writer of readings) and bumps `settings_version`. A
 * transaction that stores readings, or derives a time from the zone, takes the lock shared and
 * reloads its process's copy when the version moved. So a reading is never accepted for an
 * amenity another process has just archived, nor rolled into a day of the old time zone, and a
 * change waits for the readings already being stored. (For reads, the copy is kept fresh by the
 * news of each change, changes.ts; this is for the writes, which must not depend on news.)
 */

const LOCK_KEY = `hashtext('community-settings:' || $1)`;

/** The version each community object was last loaded at, in this process. */
const loadedAt = new WeakMap<Community, number>();

/** For a transaction that changes the settings: call it first. */
export async function changeSettings(tx: Queryable, community: Community): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`, [community.id]);
  await tx.query(`UPDATE communities SET settings_version = settings_version + 1 WHERE id = $1`, [
    community.id,
  ]);
}

/**
 * For a transaction that relies on the settings: call it first. True when this process's copy
 * was out of date and has been reloaded (what was judged before must be judged again).
 */
export async function currentSettings(tx: Queryable, community: Community): Promise<boolean> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${LOCK_KEY})`, [community.id]);
  // A statement of its own: it reads what committed before the lock was granted.
  const [row] = await tx.query<{ version: string }>(
    `SELECT settings_version::text AS version FROM communities WHERE id = $1`,
    [community.id],
  );
  const version = Number(row?.version ?? 0);
  if (loadedAt.get(community) === version) return false;
  await reloadSettings(tx, community);
  loadedAt.set(community, version);
  return true;
}
