import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startConnectivitySync } from './api/connectivity-sync';
import { createQueryClient } from './api/query-client';
import { createSnapshotPersister } from './api/persist';
import { App } from './app/app';
import { preloadAppPageAt } from './app/routes';
import { announceStorageUnavailable } from './app/storage-notice';
import { expectHydration } from './lib/hydration';
import './index.css';

async function enableDevMocks() {
  // `npm run dev` answers /api from MSW unless it proxies to a real server (API_TARGET).
  if (import.meta.env.DEV && import.meta.env.VITE_API_MODE !== 'server') {
    const { worker } = await import('../mocks/browser');
    await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  }
}

async function boot() {
  startConnectivitySync();
  await enableDevMocks();
  const client = createQueryClient();
  const persister = createSnapshotPersister({ onUnavailable: announceStorageUnavailable });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App client={client} persister={persister} />
    </StrictMode>
  );
  if (root.firstElementChild) {
    // The build prerendered this route's first frame (scripts/prerender.ts), already on screen:
    // React adopts it instead of building it again, and as a transition, so the work is cut
    // into slices that let the browser paint and answer input in between.
    // Its page's code first, so the hydration finds the page it has on screen.
    await preloadAppPageAt(window.location.pathname);
    expectHydration();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void boot();
