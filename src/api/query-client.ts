import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ME_PATH } from './contract';
import { defaultQueryFn, HttpError } from './query-fn';
import { SNAPSHOT_MAX_AGE } from './persist';
import { onAccessRefused, reportAccessRefused } from './session-end';
import { SIGNED_OUT_AT_KEY } from '../lib/storage-keys';

/**
 * Spec section 7: no automatic retries, no refetch on window focus, data never becomes stale.
 * gcTime matches the snapshot's max age so nothing is collected that the snapshot still needs.
 * On reconnect the active queries refetch even though they are "fresh", so a phone coming back
 * into signal shows current numbers by itself.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A 401 from a data endpoint means the session has ended (expired, signed out elsewhere):
    // ask again who is looking, so the app says so once (the sign-in page, or the demo banner)
    // instead of each card showing the 401. One question, however many cards were refused.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(error instanceof HttpError) || (error.status !== 401 && error.status !== 403)) return;
        if (query.queryKey[0] === ME_PATH) return;
        reportAccessRefused();
      },
    }),
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
  // Writes report their 401s too (session-end.ts); the client lives as long as the page.
  onAccessRefused(() => {
    void client.invalidateQueries({ queryKey: [ME_PATH], exact: true }, { cancelRefetch: false });
  });
  // Signed out in another tab of this browser (auth.ts, wipeOfflineData): this one's cache is
  // the ended session's. It goes, and the page starts again as whoever is looking now (the demo
  // viewer, or the sign-in page). A tab that misses this (frozen) saves none of it (persist.ts).
  addEventListener('storage', (event) => {
    if (event.key === SIGNED_OUT_AT_KEY) {
      client.clear();
      location.reload();
    }
  });
  return client;
}
