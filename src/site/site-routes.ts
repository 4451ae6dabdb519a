import type { ComponentType } from 'react';
import type { PublicPath } from '../lib/route-paths';

/**
 * The public routes of spec section 2. Each page module default-exports its component; the SPA
 * lazy-loads them for in-app navigation and dev, and the build prerenders them to flat HTML files
 * (scripts/prerender.ts) with their title and description from content/navigation's PAGE_META
 * (kept out of this module so the app's bundle does not carry the site's metadata).
 */
export type SiteRoute = {
  path: PublicPath;
  load: () => Promise<{ default: ComponentType }>;
};

// A pure call: the app's build drops the table (only `npm run dev` routes to these pages).
/* @__NO_SIDE_EFFECTS__ */
function route(path: PublicPath, load: SiteRoute['load']): SiteRoute {
  return { path, load };
}

export const SITE_ROUTES: readonly SiteRoute[] = [
  route('/', () => import('./pages/landing-page')),
  route('/home', () => import('./pages/home-alias-page')),
  route('/about', () => import('./pages/about-page')),
  route('/careers', () => import('./pages/careers-page')),
  route('/contact', () => import('./pages/contact-page')),
  route('/privacy', () => import('./pages/privacy-page')),
  route('/terms', () => import('./pages/terms-page')),
  route('/features', () => import('./pages/features-page')),
  route('/pricing', () => import('./pages/pricing-page')),
  route('/api', () => import('./pages/api-page')),
  route('/security', () => import('./pages/security-page')),
  route('/press', () => import('./pages/press-page')),
  route('/documentation', () => import('./pages/documentation-page')),
  route('/help', () => import('./pages/help-page')),
  route('/community', () => import('./pages/forum-page')),
  route('/blog', () => import('./pages/blog-page')),
];
