import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { isHydrating, whenHydrated } from '../lib/hydration';
import { restoreSnapshot, type SnapshotPersister } from './persist';

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
      void whenHydrated().then(() => startTransition(() => setIsRestoring(false)));
      return;
    }
    let unsubscribe: (() => void) | undefined;
    let active = true;
    // Read from IndexedDB while the page hydrates; put in the cache once it has.
    const reading = persister.restoreClient();
    void whenHydrated()
      .then(() => restoreSnapshot(client, { ...persister, restoreClient: () => reading }))
      .then((stop) => {
        if (active) {
          unsubscribe = stop;
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
