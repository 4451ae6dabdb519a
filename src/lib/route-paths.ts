import { APP_PAGES, START_PATH } from './app-pages';

/**
 * Every path of the spec's route table (section 2), as plain data: the SPA router, the
 * prerender step and the server (which answers unknown paths with a 404 status) share it.
 */
export const PUBLIC_PATHS = [
  '/',
  '/home',
  '/about',
  '/careers',
  '/contact',
  '/privacy',
  '/terms',
  '/features',
  '/pricing',
  '/api',
  '/security',
  '/press',
  '/documentation',
  '/help',
  '/community',
  '/blog',
] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** App shell routes (lib/app-pages.ts) and /start, which only redirects to the default view. */
export const APP_PATHS = [...APP_PAGES.map((page) => page.path), START_PATH] as const;
export type AppPath = (typeof APP_PATHS)[number];

/**
 * The prerendered file of a path: flat files, which Workbox maps from `/about`. Public pages are
 * prerendered in full; app pages as their shell and loading state (the data arrives in the app).
 */
export function htmlFileFor(path: PublicPath | AppPath): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}
