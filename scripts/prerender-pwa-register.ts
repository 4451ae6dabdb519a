import { useState } from 'react';

/**
 * Build-time stand-in for vite-plugin-pwa's virtual module while the app's first frames are
 * prerendered (scripts/prerender.ts): no service worker there, so no update is waiting, as in
 * the browser's first render.
 */
export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return { needRefresh, offlineReady, updateServiceWorker: async () => undefined };
}
