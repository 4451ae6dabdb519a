/**
 * Loaded through Vite's module runner at build time (scripts/prerender.ts): renders every public
 * route of SITE_ROUTES to static markup. The work happens at import (top-level await) because
 * the runner closes as soon as the import resolves.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PAGE_META } from '../src/site/content/navigation';
import { SITE_ROUTES } from '../src/site/site-routes';

export type RenderedPage = { path: string; title: string; description: string; html: string };

export const pages: RenderedPage[] = await Promise.all(
  SITE_ROUTES.map(async (route) => {
    const { default: Page } = await route.load();
    return {
      path: route.path,
      title: PAGE_META[route.path].title,
      description: PAGE_META[route.path].description,
      html: renderToStaticMarkup(createElement(Page)),
    };
  }),
);
