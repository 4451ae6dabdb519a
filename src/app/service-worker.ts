import { SERVICE_WORKER_URL } from '../lib/service-worker-url';

/**
 * Registers the service worker and reports each new deployment's worker once it has installed
 * and waits for this page's consent to take over (registerType 'prompt'). A first install is
 * not an update: with no worker controlling the page yet, there is nothing to replace.
 *
 * The browser's own API, not workbox-window's `Workbox`: every visit registers, and only a visit
 * that finds an update needs the update prompt's code (update-prompt.tsx), so the ~2.3 KB of
 * `Workbox` stayed off the first load (issue 15). Returns a function that stops reporting.
 */
export function registerServiceWorker(
  onUpdateWaiting: (waiting: ServiceWorker) => void,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): () => void {
  if (!container) return () => {};
  let stopped = false;
  const report = (worker: ServiceWorker) => {
    if (!stopped && container.controller) onUpdateWaiting(worker);
  };
  // A browser told to block workers (an automated one, some privacy modes) may resolve with none.
  const watch = (registration: ServiceWorkerRegistration | undefined) => {
    if (!registration) return;
    if (registration.waiting) report(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') report(installing);
      });
    });
  };
  container.register(SERVICE_WORKER_URL, { scope: '/' }).then(watch, () => {
    // No worker (private browsing, storage refused, a blocked script): the app still runs
    // online, and its offline copy of the data lives in IndexedDB, not in the worker.
  });
  return () => {
    stopped = true;
  };
}
