import { onlineManager } from '@tanstack/react-query';
import { getConnectivity, subscribeConnectivity } from '../lib/connectivity';
import { HEALTH_PATH } from './contract';
import { fetchJson } from './query-fn';

/** How often the app asks whether the server is back while it cannot be reached. */
export const PROBE_INTERVAL_MS = 5_000;

/**
 * Asks the server whether it is there (fetchJson records the outcome in the connectivity
 * state). Any HTTP answer but a gateway's 502-504 counts: the server is reachable even when it
 * says no.
 */
export async function probeServer(): Promise<boolean> {
  await fetchJson(HEALTH_PATH).catch(() => undefined);
  return getConnectivity() === 'online';
}

/**
 * Wires the connectivity state (lib/connectivity.ts) to the browser and to TanStack Query:
 * queries run only while the server is reachable (so nothing hammers a dead server and the
 * refresh timers pause), and when it comes back every active query refetches by itself
 * (refetchOnReconnect). While unreachable, the server is asked every PROBE_INTERVAL_MS and
 * whenever the page becomes visible again. Returns a function that undoes it all.
 */
export function startConnectivitySync(): () => void {
  // Back on a network: ask at once, without waiting for the next probe or refresh.
  const onBrowserOnline = () => void probeServer();
  const onVisible = () => {
    if (document.visibilityState === 'visible' && getConnectivity() === 'unreachable') {
      void probeServer();
    }
  };
  window.addEventListener('online', onBrowserOnline);
  document.addEventListener('visibilitychange', onVisible);

  let probeTimer: ReturnType<typeof setInterval> | undefined;
  const apply = () => {
    const state = getConnectivity();
    if (state === 'unreachable') {
      probeTimer ??= setInterval(() => void probeServer(), PROBE_INTERVAL_MS);
    } else if (probeTimer !== undefined) {
      clearInterval(probeTimer);
      probeTimer = undefined;
    }
  };
  // TanStack's own listener trusts navigator.onLine alone; this one replaces it.
  onlineManager.setEventListener((setOnline) => {
    setOnline(getConnectivity() === 'online');
    return subscribeConnectivity(() => setOnline(getConnectivity() === 'online'));
  });
  const unsubscribe = subscribeConnectivity(apply);
  apply();

  return () => {
    unsubscribe();
    if (probeTimer !== undefined) clearInterval(probeTimer);
    window.removeEventListener('online', onBrowserOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
