import { SERVICE_WORKER_URL } from '../../lib/service-worker-url';
import { initSite } from './init';

/**
 * The only script of a prerendered public page (no React): wires the page's interactive bits and
 * registers the service worker, so one visit to any page precaches every page.
 */
initSite(document);

if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (private mode, blocked storage): the pages still work online.
    });
  });
}
