/**
 * The hydration of the build's prerendered first frame (src/main.tsx), as a promise. React
 * hydrates the app shell first and the page inside its Suspense boundary after, at a lower
 * priority. Data that reached the query cache in between (the offline snapshot, an answer) would
 * make the page's first render differ from the frame on screen, and React would throw the frame
 * away and build the page again (a console error, and the work twice). So the snapshot is
 * restored, and queries start, once the page has hydrated too.
 */

import { useSyncExternalStore } from 'react';

/** Data waits no longer than this for a page that never reports (a route that failed). */
const HYDRATION_WAIT_LIMIT_MS = 3000;

let finish: (() => void) | undefined;
let hydrated: Promise<void> = Promise.resolve();
let finishPage: (() => void) | undefined;
let pageDone: Promise<void> = Promise.resolve();

/** main.tsx, before it hydrates a prerendered frame. */
export function expectHydration(): void {
  // User Timing marks: profiles, benchmarks and browser tests read how long the hydration took.
  performance.mark('cg:hydration-start');
  pageDone = new Promise((resolve) => {
    finishPage = resolve;
  });
  hydrated = new Promise((resolve) => {
    finish = resolve;
    setTimeout(stopWaiting, HYDRATION_WAIT_LIMIT_MS);
  });
}

function stopWaiting(): void {
  finish?.();
  finish = undefined;
}

/** The page's own boundary has hydrated (or rendered, when nothing was prerendered). */
export function pageHydrated(): void {
  // Marked only when the page really hydrated, never when the wait ran out: a slow machine
  // would otherwise report a page whose handlers are not attached yet as ready.
  if (finishPage) performance.mark('cg:hydrated');
  finishPage?.();
  finishPage = undefined;
  stopWaiting();
}

export function isHydrating(): boolean {
  return finish !== undefined;
}

/**
 * Resolves when the page has hydrated or after HYDRATION_WAIT_LIMIT_MS, whichever comes first
 * (data must not wait for a page that failed); at once when nothing was prerendered.
 */
export function whenHydrated(): Promise<void> {
  return hydrated;
}

/** Resolves only when the page's handlers are attached: at once when nothing was prerendered. */
export function whenPageHydrated(): Promise<void> {
  return pageDone;
}

const subscribeToNothing = () => () => undefined;

/**
 * False in the build's prerender and while React adopts that frame, true once the app runs (at
 * once when nothing was prerendered). Until then the frame's handlers are not attached: a form
 * submitted then would go to the browser (a GET with every field, a password too, in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

const NO_PARAMS = new URLSearchParams();

/**
 * The URL's query, as the prerendered frame saw it until the frame is adopted: the build
 * prerenders each page without a query (`/reports`, not `/reports?report=usage`), so a first
 * render that read it would differ from the frame, and React would throw the frame away (a
 * console error, and the page built twice). The query applies in the render right after.
 */
export function useHydratedSearchParams(params: URLSearchParams): URLSearchParams {
  return useHydrated() ? params : NO_PARAMS;
}
