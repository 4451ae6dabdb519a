/**
 * The app's pages (spec section 2), as plain data: the single table behind the routes, the
 * sidebar, the phone's bottom bar, the path list the server and the prerender use, and the
 * Default View setting. A `standalone` page (sign-in) renders outside the shell and its
 * navigation. Each page's code is attached by id in src/app/pages.tsx (this module
 * stays free of React so the server can read it).
 *
 * Dashboard leads to /dashboard and Community to /community-management: two deliberate fixes
 * to the original routing (README, "Routes"). Four pages fit the phone's bottom bar next to
 * "More"; the rest fold into the More sheet.
 */
export const APP_PAGES = [
  {
    id: 'dashboard',
    path: '/dashboard',
    label: 'Dashboard',
    icon: 'dashboard',
    inBottomBar: true,
    defaultView: { id: 'overview', label: 'Overview' },
  },
  { id: 'amenities', path: '/amenities', label: 'Amenities', icon: 'building', inBottomBar: false },
  {
    id: 'community',
    path: '/community-management',
    label: 'Community',
    icon: 'users',
    inBottomBar: false,
  },
  {
    id: 'analytics',
    path: '/analytics',
    label: 'Analytics',
    icon: 'chart',
    inBottomBar: true,
    defaultView: { id: 'analytics', label: 'Analytics' },
  },
  { id: 'reports', path: '/reports', label: 'Reports', icon: 'report', inBottomBar: true },
  {
    id: 'amy-events',
    path: '/amy-events',
    label: 'Amy Events',
    icon: 'sparkles',
    inBottomBar: true,
    defaultView: { id: 'amy-events', label: 'Amy Events' },
  },
  // Issue 14: the alert inbox and rules; the shell shows its unread count on this link.
  { id: 'alerts', path: '/alerts', label: 'Alerts', icon: 'bell', inBottomBar: false },
  { id: 'settings', path: '/settings', label: 'Settings', icon: 'settings', inBottomBar: false },
  // The signed-in user's own account, reached from the user card rather than the navigation.
  {
    id: 'account',
    path: '/account',
    label: 'Account',
    icon: 'user',
    inBottomBar: false,
    inNav: false,
  },
  // Outside the shell and its navigation: no sidebar, no bottom bar, no user card.
  {
    id: 'sign-in',
    path: '/sign-in',
    label: 'Sign in',
    icon: 'user',
    inBottomBar: false,
    standalone: true,
  },
  {
    id: 'accept-invite',
    path: '/accept-invite',
    label: 'Accept invitation',
    icon: 'user',
    inBottomBar: false,
    standalone: true,
  },
] as const;

export type AppPage = (typeof APP_PAGES)[number];

/** A page inside the shell (every page but the standalone ones). */
export const isInShell = (page: AppPage): boolean => !('standalone' in page && page.standalone);

/** A page with a link of its own in the sidebar or bottom bar (the account page has none). */
export const isInNav = (page: AppPage): boolean =>
  isInShell(page) && !('inNav' in page && page.inNav === false);

export const SIGN_IN_PATH = '/sign-in';
export const ACCOUNT_PATH = '/account';
/**
 * The Alerts page's rules card, which the dashboard's "Manage Alerts" opens
 * (`/alerts#alert-rules`).
 */
export const ALERT_RULES_ANCHOR = 'alert-rules';
/**
 * The Reports page's Scheduled Reports card, which the dashboard's "Schedule Auto Reports" opens
 * (`/reports#scheduled-reports`).
 */
export const SCHEDULED_REPORTS_ANCHOR = 'scheduled-reports';
export type AppPageId = AppPage['id'];
export type AppPagePath = AppPage['path'];

type DefaultViewOf<P> = P extends { defaultView: { id: infer I } } ? I : never;
/** A page the installed app may open on (Settings, "Default dashboard view"). */
export type DefaultView = DefaultViewOf<AppPage>;

export const DEFAULT_VIEWS = Object.fromEntries(
  APP_PAGES.flatMap((page) =>
    'defaultView' in page
      ? [[page.defaultView.id, { label: page.defaultView.label, path: page.path }]]
      : [],
  ),
) as Record<DefaultView, { label: string; path: AppPagePath }>;

export const DEFAULT_VIEW_IDS = Object.keys(DEFAULT_VIEWS) as [DefaultView, ...DefaultView[]];

/** Opens the default view: the installed app's start URL (it only redirects). */
export const START_PATH = '/start';
