import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './query-fn';
import { SNAPSHOT_MAX_AGE } from './persist';

/**
 * Spec section 7: no automatic retries, no refetch on window focus, data never becomes stale.
 * gcTime matches the snapshot's max age so nothing is collected that the snapshot still needs.
 * On reconnect the active queries refetch even though they are "fresh", so a phone coming back
 * into signal shows current numbers by itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        // Also no retry when another widget of the same query mounts later: a failure stays
        // on screen until Retry, the refresh interval or reconnecting asks again.
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: 'always',
        staleTime: Infinity,
        gcTime: SNAPSHOT_MAX_AGE,
      },
    },
  });
}
