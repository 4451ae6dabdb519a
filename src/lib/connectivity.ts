import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its server, from two sources: the browser's `navigator.onLine` and
 * the outcome of real requests. `navigator.onLine` alone lies where a manager needs it most: a
 * phone on a captive portal or with no backhaul reports `true`, and so does Chromium after an
 * offline reload. So a request that cannot reach the server (network error or timeout) makes
 * the state "unreachable" until a request gets an answer again.
 *
 * - online: the browser says online and the last request reached the server;
 * - offline: the browser says there is no network;
 * - unreachable: the browser says online, but the server cannot be reached.
 */
export type Connectivity = 'online' | 'offline' | 'unreachable';

let serverReachable = true;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function setServerReachable(reachable: boolean) {
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  notify();
}

export function getConnectivity(): Connectivity {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline';
  return serverReachable ? 'online' : 'unreachable';
}

/** A request got an HTTP answer; returns whether it came from the server (see below). */
export function reportServerAnswer(status: number): boolean {
  // A proxy's 502 or 504 (the server behind it down or hung), a 503 from a server shutting
  // down: no answer from the app's server. Counted as reached, they kept the app "Live" while
  // every refresh failed, and put the failure under each card instead of once.
  const reached = status < 502 || status > 504;
  setServerReachable(reached);
  return reached;
}

/** A request could not reach the server: a network error or no answer in time. */
export function reportServerUnreachable() {
  setServerReachable(false);
}

/** Calls `listener` whenever the state may have changed (requests, browser online/offline). */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, getConnectivity, () => 'online');
}

/** Back to the state of a fresh page (tests). */
export function resetConnectivityForTests() {
  serverReachable = true;
  notify();
}
