/**
 * Loaded through Vite's module runner at build time (scripts/prerender.ts): renders each app
 * route as the app's first frame (the shell, the page heading and its loading skeletons), so the
 * page paints before any script runs. It renders the app's own tree (App, with a MemoryRouter
 * at the route), which the browser then hydrates (src/main.tsx) instead of building it again.
 */
import { StrictMode, createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createSnapshotPersister } from '../src/api/persist';
import { urlFromKey } from '../src/api/query-fn';
import { App } from '../src/app/app';
import { preloadAppPages } from '../src/app/routes';
import { APP_PAGES } from '../src/lib/app-pages';

/** A route's first frame, and the API requests it makes as it starts (its queries' URLs). */
export type RenderedAppPage = { path: string; html: string; requests: string[] };

function render(path: string): RenderedAppPage {
  // As on a real start: the snapshot is still being read (a persister is there and its restore
  // has not run), so every widget shows its skeleton. Nothing here touches IndexedDB.
  const persister = createSnapshotPersister({ onUnavailable: () => undefined });
  const AtPath = ({ children }: { children: ReactNode }) =>
    h(MemoryRouter, { initialEntries: [path] }, children);
  const client = new QueryClient();
  const html = renderToString(h(StrictMode, null, h(App, { client, persister, Router: AtPath })));
  // Every enabled query the frame renders is fetched as soon as the app starts in the browser.
  const requests = client
    .getQueryCache()
    .getAll()
    .filter((query) => !('enabled' in query.options) || query.options.enabled === true)
    .map((query) => urlFromKey(query.queryKey));
  return { path, html, requests };
}

await preloadAppPages();
// A lazy page resolves on React's first look at it; the second render has every page.
const paths = APP_PAGES.map((page) => page.path);
paths.forEach(render);
await new Promise((resolve) => setTimeout(resolve, 0));

export const appPages: RenderedAppPage[] = paths.map(render);
