import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isFromSnapshot } from '../lib/session';

/** The part of a cached query these figures read. */
type CachedQuery = {
  state: { data: unknown; dataUpdatedAt: number; fetchStatus: 'fetching' | 'paused' | 'idle' };
};

/** When the newest data in `queries` was fetched (ms since epoch), or null when none holds any. */
export function newestDataTime(queries: readonly CachedQuery[]): number | null {
  let newest: number | null = null;
  for (const { state } of queries) {
    if (state.data === undefined) continue;
    if (newest === null || state.dataUpdatedAt > newest) newest = state.dataUpdatedAt;
  }
  return newest;
}

/**
 * When the oldest saved copy (restored from the offline snapshot) that a request is replacing
 * right now was fetched, or null when no saved copy is being refreshed.
 */
export function oldestSavedCopyRefreshing(queries: readonly CachedQuery[]): number | null {
  let oldest: number | null = null;
  for (const { state } of queries) {
    if (state.data === undefined || state.fetchStatus !== 'fetching') continue;
    if (!isFromSnapshot(state.dataUpdatedAt)) continue;
    if (oldest === null || state.dataUpdatedAt < oldest) oldest = state.dataUpdatedAt;
  }
  return oldest;
}

/** One figure of the whole query cache, read again on each cache event (a few dozen queries). */
function useCacheFigure(figure: (queries: readonly CachedQuery[]) => number | null): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const value = useSyncExternalStore(
    subscribe,
    () => figure(cache.getAll()) ?? 0,
    () => 0,
  );
  return value > 0 ? value : null;
}

/**
 * When the newest data held by the app was fetched, or null when the device holds none: what
 * "showing data from 6:20 PM" refers to when the server cannot be reached.
 */
export function useNewestDataTime(): number | null {
  return useCacheFigure(newestDataTime);
}

/** See oldestSavedCopyRefreshing: the age "Saved copy from … ago · refreshing…" states. */
export function useSavedCopyRefreshing(): number | null {
  return useCacheFigure(oldestSavedCopyRefreshing);
}
