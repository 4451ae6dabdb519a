import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import {
  dehydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { SESSION_STARTED_AT } from '../lib/session';
import { SIGNED_OUT_AT_KEY } from '../lib/storage-keys';
import { storedFlagTime } from '../lib/stored-flag';
import { deletePhotoCache } from '../lib/photo-cache';
import { withTimeout } from '../lib/timeout';
import * as z from 'zod/mini';
import {
  ALERTS_API_PATHS,
  ALERTS_RESPONSE_SCHEMAS,
  RESIDENTS_PATH,
  RESPONSE_SCHEMAS,
  ResidentPageSchema,
  COMMUNITY_PATH,
  CommunityProfileSchema,
} from './contract';
import { isWipeOwed, settleOwedWipe } from './session-end';

/**
 * The offline snapshot: the six data queries persisted to IndexedDB (idb-keyval), restored at
 * start so a reload with no network shows the last numbers with their age.
 */

// Three weeks: long enough for a board member's cached report, and under setTimeout's 2^31 ms
// ceiling (gcTime uses a timer; a larger value overflows and collects data at once).
export const SNAPSHOT_MAX_AGE = 21 * 24 * 60 * 60 * 1000;
/** Snapshots from another app version are discarded (their shape may differ). */
export const SNAPSHOT_BUSTER = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
const SNAPSHOT_KEY = 'query-snapshot';
const SAVE_THROTTLE_MS = 1000;
const OPEN_TIMEOUT_MS = 2000;
/** What a storage that did not answer in time throws (app/storage-unavailable.ts names it). */
export const TIMED_OUT = 'IndexedDB timed out';

/**
 * The persisted reads: the data endpoints, the alert inbox and report archive (issue 14), and
 * the residents directory pages a Manager has opened (issue 11; signing out wipes them).
 */
const PERSISTED_SCHEMAS = {
  ...RESPONSE_SCHEMAS,
  ...ALERTS_RESPONSE_SCHEMAS,
  [RESIDENTS_PATH]: ResidentPageSchema,
  // The community profile (issue 11): its zone and currency format everything offline.
  [COMMUNITY_PATH]: CommunityProfileSchema,
};

/** An archived report's CSV text (issue 14), kept so it downloads offline once synced. */
const ARCHIVED_CSV_SCHEMA = z.string();

export function persistedSchema(queryKey: readonly unknown[]) {
  const root = queryKey[0];
  if (root === ALERTS_API_PATHS.reportArchive && queryKey.length === 2) return ARCHIVED_CSV_SCHEMA;
  return typeof root === 'string' && root in PERSISTED_SCHEMAS
    ? PERSISTED_SCHEMAS[root as keyof typeof PERSISTED_SCHEMAS]
    : undefined;
}

/**
 * Persist every allowlisted query that holds data, whatever its status: a failed refetch keeps
 * its last good data in the snapshot (the trap of TanStack/query#5112 is persisting only
 * successful queries, which drops it).
 */
export function shouldPersistQuery(query: Query): boolean {
  return persistedSchema(query.queryKey) !== undefined && query.state.data !== undefined;
}

/**
 * Whether a query's data came after the last sign-out in this browser (any tab: auth.ts,
 * wipeOfflineData). Data from before it is the ended session's: a tab that missed the sign-out
 * (frozen, or its refetches answered as the demo viewer keep their last data) must neither save
 * it nor, should it be on disk all the same, restore it.
 */
function isAfterSignOut(query: DehydratedState['queries'][number]): boolean {
  return query.state.dataUpdatedAt > storedFlagTime(SIGNED_OUT_AT_KEY);
}

/**
 * Stored queries are written as plain successful data: no error objects, no promises, no
 * in-flight status, so the record is structured-clone safe and restores as data, not as an error.
 * None from before the last sign-out (isAfterSignOut).
 */
export function toStoredState(state: DehydratedState): DehydratedState {
  return {
    mutations: [],
    queries: state.queries
      .filter(isAfterSignOut)
      .map(({ queryKey, queryHash, state: q, meta, dehydratedAt }) => ({
        queryKey,
        queryHash,
        meta,
        dehydratedAt,
        state: {
          ...q,
          status: 'success',
          fetchStatus: 'idle',
          error: null,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
        },
      })),
  };
}

/** Restored data is checked against the contract again; anything that no longer fits is dropped. */
export function validStoredState(state: DehydratedState): DehydratedState {
  return {
    mutations: [],
    queries: state.queries.filter((query) => {
      const schema = persistedSchema(query.queryKey);
      return (
        schema !== undefined && isAfterSignOut(query) && schema.safeParse(query.state.data).success
      );
    }),
  };
}

export type SnapshotPersister = Persister & {
  /**
   * Saves what `snapshot` gives within SAVE_THROTTLE_MS, calling it once, when it writes: a
   * burst of changes (a page's first answers are ~100 cache events) is read from the cache once,
   * not once per change.
   */
  saveSoon: (snapshot: () => PersistedClient) => void;
  /** Writes the pending save now (page hide, tests). */
  flush: () => Promise<void>;
  /**
   * Deletes the saved snapshot; false when the storage did not answer, so the snapshot may still
   * be there (removeClient, which the restore calls on its own, says nothing).
   */
  deleteSnapshot: () => Promise<boolean>;
};

/**
 * An idb-keyval persister that never throws: a missing, blocked or full IndexedDB is reported
 * once through `onUnavailable` (with what the storage threw: app/storage-unavailable.ts says
 * why) and the app carries on without offline copies.
 */
export function createSnapshotPersister({
  onUnavailable,
  dbName = 'commonground',
  storeName = 'snapshot',
}: {
  onUnavailable: (error: unknown) => void;
  dbName?: string;
  storeName?: string;
}): SnapshotPersister {
  let store: UseStore | null = null;
  let broken = false;
  let pending: (() => PersistedClient) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const fail = (error: unknown) => {
    if (!broken) {
      broken = true;
      onUnavailable(error);
    }
  };
  const getStore = (): UseStore => {
    store ??= createStore(dbName, storeName);
    return store;
  };

  const write = async () => {
    timer = null;
    const snapshot = pending;
    pending = null;
    if (!snapshot || broken) return;
    try {
      // Read and made stored here, as late as can be: a sign-out in another tab since the save
      // was asked for keeps what it ended out of the record.
      const client = snapshot();
      const stored = { ...client, clientState: toStoredState(client.clientState) };
      await withTimeout(set(SNAPSHOT_KEY, stored, getStore()), OPEN_TIMEOUT_MS, TIMED_OUT);
    } catch (error) {
      fail(error);
    }
  };

  const deleteSnapshot = async (): Promise<boolean> => {
    // Where there is no IndexedDB, nothing was ever saved.
    if (typeof indexedDB === 'undefined') return true;
    if (broken) return false;
    try {
      await withTimeout(del(SNAPSHOT_KEY, getStore()), OPEN_TIMEOUT_MS, TIMED_OUT);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  const saveSoon = (snapshot: () => PersistedClient) => {
    if (broken) return;
    pending = snapshot;
    timer ??= setTimeout(() => void write(), SAVE_THROTTLE_MS);
  };

  return {
    saveSoon,
    persistClient(client) {
      saveSoon(() => client);
    },
    async restoreClient() {
      try {
        const saved = await withTimeout(
          get<PersistedClient>(SNAPSHOT_KEY, getStore()),
          OPEN_TIMEOUT_MS,
          TIMED_OUT,
        );
        if (!saved?.clientState) return undefined;
        return { ...saved, clientState: validStoredState(saved.clientState) };
      } catch (error) {
        fail(error);
        return undefined;
      }
    },
    async removeClient() {
      await deleteSnapshot();
    },
    deleteSnapshot,
    async flush() {
      if (timer) clearTimeout(timer);
      await write();
    },
  };
}

/**
 * Deletes what the device keeps on disk of the community's data: the snapshot and the amenity
 * photos (the query cache is the caller's). A wipe owed to a session ended elsewhere is settled
 * only once the snapshot is known to be gone: a storage that did not answer this time may answer
 * at the next start, with the ended user's data still in it, and the next start tries again.
 */
export async function deleteOfflineCopies(persister: SnapshotPersister | null): Promise<void> {
  const snapshotGone = persister ? await persister.deleteSnapshot() : true;
  await deletePhotoCache();
  if (snapshotGone) settleOwedWipe();
}

/**
 * Restores the snapshot into the client, then keeps it saved. Restored queries are marked stale
 * so mounted widgets fetch fresh data at once (staleTime is Infinity otherwise). A snapshot
 * whose session ended elsewhere before its wipe was done is deleted instead, unseen.
 */
export async function restoreSnapshot(queryClient: QueryClient, persister: SnapshotPersister) {
  if (isWipeOwed()) {
    await deleteOfflineCopies(persister);
  } else {
    try {
      await persistQueryClientRestore({
        queryClient,
        persister,
        maxAge: SNAPSHOT_MAX_AGE,
        buster: SNAPSHOT_BUSTER,
      });
    } catch {
      // A damaged snapshot was removed by the restore; start without one.
    }
  }
  const unsubscribe = subscribeSaves(queryClient, persister);
  void queryClient.invalidateQueries({
    predicate: (query) => query.state.dataUpdatedAt < SESSION_STARTED_AT,
  });
  return unsubscribe;
}

/** The cache events that change what is saved (the others are observers coming and going). */
const CACHE_CHANGES = new Set(['added', 'removed', 'updated']);

/**
 * Saves the cache after each change, as persistQueryClientSubscribe does, but dehydrates it once
 * per save instead of once per change: on a phone that was ~5% of the dashboard's first load.
 */
function subscribeSaves(queryClient: QueryClient, persister: SnapshotPersister): () => void {
  const snapshot = (): PersistedClient => ({
    buster: SNAPSHOT_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
  });
  return queryClient.getQueryCache().subscribe((event) => {
    if (CACHE_CHANGES.has(event.type)) persister.saveSoon(snapshot);
  });
}
