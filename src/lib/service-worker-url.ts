/**
 * The worker vite-plugin-pwa generates (vite.config.ts, strategies: 'generateSW'), registered by
 * the app and by the public pages, and served by the server with the site's policy.
 */
export const SERVICE_WORKER_URL = '/sw.js';
