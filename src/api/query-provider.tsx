import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import {
  IsRestoringProvider,
  QueryClientProvider,
  skipToken,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { isHydrating, whenHydrated } from '../lib/hydration';
import { restoreSnapshot, type SnapshotPersister } from './persist';

/** Whether a query's observers let it run (`enabled`, as TanStack Query reads it). */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * Starts the queries the page built as it hydrated (`queries`, taken before the snapshot adds
 * those of other pages), which their widgets would start only after one more render and its
 * effects: the answers (preloaded by the page's HTML) are then often in the cache by the time
 * that render reads them, so the numbers appear one render sooner. A query with fresh data,
 * already running, or disabled is left as it is.
 */
export function startWaitingQueries(queries: readonly Query[]): void {
  for (const query of queries) {
    if (query.state.fetchStatus !== 'idle' || query.options.queryFn === skipToken) continue;
    if (query.state.data !== undefined && !query.isStale()) continue;
    if (!isEnabled(query)) continue;
    // Errors reach the widgets through the query's state, as when they start it themselves.
    query.fetch().catch(() => undefined);
  }
}

const PersisterContext = createContext<SnapshotPersister | null>(null);

/** The offline snapshot's persister (null when the device keeps none): sign-out wipes it. */
export function useSnapshotPersister(): SnapshotPersister | null {
  return useContext(PersisterContext);
}

/**
 * QueryClientProvider plus the offline snapshot: while the snapshot is being read, queries wait
 * (IsRestoringProvider) so they start from the saved data instead of racing it. The reading
 * itself waits for a prerendered page to hydrate (lib/hydration.ts).
 */
export function QueryProvider({
  client,
  persister,
  children,
}: {
  client: QueryClient;
  persister: SnapshotPersister | null;
  children: ReactNode;
}) {
  const [isRestoring, setIsRestoring] = useState(() => persister !== null || isHydrating());

  useEffect(() => {
    if (!persister) {
      void whenHydrated().then(() => {
        startWaitingQueries(client.getQueryCache().getAll());
        startTransition(() => setIsRestoring(false));
      });
      return;
    }
    let unsubscribe: (() => void) | undefined;
    let active = true;
    // Read from IndexedDB while the page hydrates; put in the cache once it has.
    const reading = persister.restoreClient();
    let pageQueries: Query[] = [];
    void whenHydrated()
      .then(() => {
        pageQueries = client.getQueryCache().getAll();
        return restoreSnapshot(client, { ...persister, restoreClient: () => reading });
      })
      .then((stop) => {
        if (active) {
          unsubscribe = stop;
          startWaitingQueries(pageQueries);
          // A transition: it waits for the hydration of the prerendered frame (main.tsx) instead
          // of discarding the part not hydrated yet, and renders the restored data in slices.
          startTransition(() => setIsRestoring(false));
        } else {
          stop();
        }
      });
    const flush = () => void persister.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      unsubscribe?.();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, persister]);

  return (
    <QueryClientProvider client={client}>
      <PersisterContext value={persister}>
        <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
      </PersisterContext>
    </QueryClientProvider>
  );
}
