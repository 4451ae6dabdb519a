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

/**
 * Answers that stand for no answer: a proxy's 502 or 504 with the server behind it down or hung,
 * a 503 from a server shutting down. Counting them as "reached" kept the app "Live" while every
 * refresh failed, and put the failure under each card instead of once.
 */
export function isGatewayFailure(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * A request got an HTTP answer: the server is there, unless a gateway answered in its place.
 * Returns whether the server was reached.
 */
export function reportServerAnswer(status: number): boolean {
  const reached = !isGatewayFailure(status);
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
