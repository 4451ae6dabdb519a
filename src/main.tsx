import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { replayEarlyInput, takeEarlyInput } from './lib/early-input';
import { expectHydration, whenPageHydrated } from './lib/hydration';
import './index.css';

async function enableDevMocks() {
  // `npm run dev` answers /api from MSW unless it proxies to a real server (API_TARGET).
  if (import.meta.env.DEV && import.meta.env.VITE_API_MODE !== 'server') {
    const { worker } = await import('../mocks/browser');
    await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  }
}

/** Ends the current task: the browser may paint and answer input before the next stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot() {
  // The code is evaluated in four tasks instead of one: React (this module's imports), the
  // contract's schemas, the data layer, then the app; on a slow phone one task evaluating them
  // all blocked input for ~200 ms. The build bundles each stage into one chunk and lists them all
  // in the page's modulepreload links (vite.config.ts, bootStages), so they still download at
  // once.
  await nextTask();
  await import('./boot/contract');
  await nextTask();
  const { startConnectivitySync, createQueryClient, createSnapshotPersister } =
    await import('./boot/data-layer');
  startConnectivitySync();
  await enableDevMocks();
  await nextTask();
  const { App, preloadAppPageAt, announceStorageUnavailable } = await import('./boot/app-layer');
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
    // Its page's code first (in a task of its own), so the hydration finds the page it has on
    // screen.
    await nextTask();
    await preloadAppPageAt(window.location.pathname);
    // Taps and choices on the frame so far reached no handler: they are replayed once the page
    // has hydrated.
    const earlyInput = takeEarlyInput();
    expectHydration();
    startTransition(() => {
      hydrateRoot(root, app);
    });
    void whenPageHydrated().then(() => replayEarlyInput(earlyInput));
  } else {
    takeEarlyInput();
    createRoot(root).render(app);
  }
}

void boot();
