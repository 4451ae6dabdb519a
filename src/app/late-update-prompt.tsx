import { lazy, Suspense, useEffect, useState } from 'react';
import { registerServiceWorker } from './service-worker';

const UpdatePrompt = lazy(() =>
  import('./update-prompt').then((module) => ({ default: module.UpdatePrompt })),
);

/** The longest the registration waits for an idle moment after the page has loaded. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Calls `run` once the page has loaded and the main thread is idle (or IDLE_TIMEOUT_MS after the
 * load at the latest); the returned function cancels it.
 */
export function afterLoadAndIdle(run: () => void): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(run, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
    return () => cancelIdle();
  }
  window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}

/**
 * The service worker's registration and the update prompt (update-prompt.tsx), once the page has
 * loaded and gone idle: the first screen neither waits for them nor shares the network with the
 * worker's precache (about 2 MB on a first visit). The prompt's code loads only when a new
 * deployment waits. Renders nothing until then, so the prerendered frame hydrates the same.
 */
export function LateUpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    // `npm run dev` has no generated worker (its /api may be MSW's worker, at the same scope).
    if (!import.meta.env.PROD) return;
    let stop = () => {};
    const cancel = afterLoadAndIdle(() => {
      stop = registerServiceWorker(setWaiting);
    });
    return () => {
      cancel();
      stop();
    };
  }, []);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt waiting={waiting} onLater={() => setWaiting(null)} />
    </Suspense>
  );
}
