import type { ComponentType } from 'react';
import type { PublicPath } from '../lib/route-paths';
import { PAGE_META } from './content/navigation';

/**
 * The public routes of spec section 2. Each page module default-exports its component; the SPA
 * lazy-loads them for in-app navigation and dev, and the build prerenders them to flat HTML files
 * (scripts/prerender.ts) with the title and description below.
 */
export type SiteRoute = {
  path: PublicPath;
  title: string;
  description: string;
  load: () => Promise<{ default: ComponentType }>;
};

type Loader = SiteRoute['load'];

function route(path: PublicPath, load: Loader): SiteRoute {
  return { path, ...PAGE_META[path], load };
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
