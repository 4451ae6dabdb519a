/**
 * Loaded through Vite's module runner at build time (scripts/prerender.ts): renders each app
 * route as the app's first frame (the shell, the page heading and its loading skeletons), so the
 * page paints before any script runs. The app then renders over it with createRoot.
 */
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes, preloadAppPages } from '../src/app/routes';
import { APP_PAGES } from '../src/lib/app-pages';
import { TooltipProvider } from '../src/ui/tooltip';

export type RenderedAppPage = { path: string; html: string };

function render(path: string): string {
  // As on a real start: the snapshot is still being read, so every widget shows its skeleton.
  return renderToString(
    h(
      QueryClientProvider,
      { client: new QueryClient() },
      h(
        IsRestoringProvider,
        { value: true },
        h(TooltipProvider, null, h(MemoryRouter, { initialEntries: [path] }, h(AppRoutes))),
      ),
    ),
  );
}

await preloadAppPages();
// A lazy page resolves on React's first look at it; the second render has every page.
const paths = APP_PAGES.map((page) => page.path);
paths.forEach(render);
await new Promise((resolve) => setTimeout(resolve, 0));

export const appPages: RenderedAppPage[] = paths.map((path) => ({ path, html: render(path) }));
