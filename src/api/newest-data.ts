import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * When the newest data held by the app was fetched (ms since epoch), or null when the device
 * holds none: what "showing data from 6:20 PM" refers to when the server cannot be reached.
 */
export function useNewestDataTime(): number | null {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const newest = useSyncExternalStore(
    subscribe,
    () =>
      cache
        .getAll()
        .reduce(
          (latest, query) =>
            query.state.data === undefined ? latest : Math.max(latest, query.state.dataUpdatedAt),
          0,
        ),
    () => 0,
  );
  return newest > 0 ? newest : null;
}
