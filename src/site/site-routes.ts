import type { ComponentType } from 'react';
import type { PublicPath } from '../lib/route-paths';

/**
 * The public routes of spec section 2. Each page module default-exports its component; the SPA
 * lazy-loads them for in-app navigation and dev, and the build prerenders them to flat HTML files.
 */
export type SiteRoute = {
  path: PublicPath;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
};

const placeholder = (title: string) => () =>
  import('./pages/placeholder-page').then((m) => ({ default: m.placeholderFor(title) }));

export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/', title: 'CommonGround', load: placeholder('CommonGround') },
  { path: '/home', title: 'CommonGround', load: placeholder('CommonGround') },
  { path: '/about', title: 'About', load: placeholder('About') },
  { path: '/careers', title: 'Careers', load: placeholder('Careers') },
  { path: '/contact', title: 'Contact', load: placeholder('Contact') },
  { path: '/privacy', title: 'Privacy Policy', load: placeholder('Privacy Policy') },
  { path: '/terms', title: 'Terms of Service', load: placeholder('Terms of Service') },
  { path: '/features', title: 'Features', load: placeholder('Features') },
  { path: '/pricing', title: 'Pricing', load: placeholder('Pricing') },
  { path: '/api', title: 'API', load: placeholder('API') },
  { path: '/security', title: 'Security', load: placeholder('Security') },
  { path: '/press', title: 'Press', load: placeholder('Press') },
  { path: '/documentation', title: 'Documentation', load: placeholder('Documentation') },
  { path: '/help', title: 'Help Center', load: placeholder('Help Center') },
  { path: '/community', title: 'Community Forum', load: placeholder('Community Forum') },
  { path: '/blog', title: 'Blog', load: placeholder('Blog') },
];
