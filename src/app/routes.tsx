import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { pageHydrated } from '../lib/hydration';
import {
  APP_PAGES,
  DEFAULT_VIEWS,
  START_PATH,
  isInShell,
  type AppPage,
  type AppPageId,
} from '../lib/app-pages';
import { getSettings } from '../lib/settings';
import { SITE_ROUTES } from '../site/site-routes';
import { preloadable } from '../ui/preloadable';
import { Skeleton } from '../ui/skeleton';
import { AppShell } from './shell';
import { RouteErrorBoundary } from './route-error';

/** The installed app opens on /start, which goes to the default view chosen in Settings. */
function StartRedirect() {
  return <Navigate to={DEFAULT_VIEWS[getSettings().defaultView].path} replace />;
}

/** A page's component; a lazy one can be loaded ahead and tells whether its code is here. */
type PageComponent = ComponentType & {
  preload?: () => Promise<unknown>;
  isLoaded?: () => boolean;
};

/**
 * Each page's code, by its id in the page table (lib/app-pages.ts), a chunk each. The dashboard,
 * where the app usually opens, shares what it needs with the app layer (vite.config.ts,
 * bootStages); its chunk holds only what no other page's first screen uses.
 */
const PAGE_COMPONENTS: Record<AppPageId, PageComponent> = {
  dashboard: preloadable(
    () => import('../features/dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  amenities: preloadable(
    () => import('../features/amenities/amenities-page'),
    (m) => m.AmenitiesPage,
  ),
  community: preloadable(
    () => import('../features/community/community-management-page'),
    (m) => m.CommunityManagementPage,
  ),
  analytics: preloadable(
    () => import('../features/analytics/analytics-page'),
    (m) => m.AnalyticsPage,
  ),
  reports: preloadable(
    () => import('../features/reports/reports-page'),
    (m) => m.ReportsPage,
  ),
  'amy-events': preloadable(
    () => import('../features/amy/amy-events-page'),
    (m) => m.AmyEventsPage,
  ),
  alerts: preloadable(
    () => import('../features/alerts/alerts-page'),
    (m) => m.AlertsPage,
  ),
  settings: preloadable(
    () => import('../features/settings/settings-page'),
    (m) => m.SettingsPage,
  ),
  account: preloadable(
    () => import('../features/account/account-page'),
    (m) => m.AccountPage,
  ),
  'sign-in': preloadable(
    () => import('../features/account/sign-in-page'),
    (m) => m.SignInPage,
  ),
  'accept-invite': preloadable(
    () => import('../features/account/accept-invite-page'),
    (m) => m.AcceptInvitePage,
  ),
};

/**
 * The public pages inside the SPA, for `npm run dev` only: a build prerenders every public page
 * to its own HTML file (3 KB of script, no React), which the server and the service worker serve,
 * and the app links to them with plain links. Leaving them out keeps the app's bundle lean.
 */
const sitePages = import.meta.env.DEV
  ? SITE_ROUTES.map((route) => ({ ...route, Page: preloadable(route.load, (m) => m.default) }))
  : [];

const NotFoundPage = preloadable(
  () => import('./not-found'),
  (m) => m.NotFoundPage,
);

/** Loads every app page's code, so a render right after renders pages instead of fallbacks. */
export function preloadAppPages() {
  return Promise.all(
    [...Object.values(PAGE_COMPONENTS), NotFoundPage].map((page) => page.preload?.()),
  );
}

/**
 * Loads the code of the app page at `pathname`, if it is one (main.tsx, before hydrating). Never
 * rejects: a chunk that fails to load is the route's error boundary's to show.
 */
export async function preloadAppPageAt(pathname: string): Promise<void> {
  const page = APP_PAGES.find((candidate) => candidate.path === pathname);
  if (!page) return;
  await PAGE_COMPONENTS[page.id].preload?.().catch(() => undefined);
}

function PageFallback() {
  return (
    <div aria-busy="true" className="grid gap-4">
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** Its effect runs once the page's boundary has hydrated (lib/hydration.ts). */
function PageHydrated() {
  useEffect(pageHydrated, []);
  return null;
}

/**
 * A page with its route's error boundary. Only a page whose code is still loading gets a
 * Suspense boundary: React hydrates a boundary in a later pass of its own, so a prerendered page
 * in one would hydrate after the shell instead of with it (lib/hydration.ts).
 */
function Page({ component: Component }: { component: PageComponent }) {
  // Fixed for the page's life (each route keys its own): the boundary must not come and go.
  const [loaded] = useState(() => Component.isLoaded?.() ?? true);
  const page = (
    <>
      <Component />
      <PageHydrated />
    </>
  );
  return (
    <RouteErrorBoundary>
      {loaded ? page : <Suspense fallback={<PageFallback />}>{page}</Suspense>}
    </RouteErrorBoundary>
  );
}

function pageRoute({ id, path }: AppPage) {
  const AppPage = PAGE_COMPONENTS[id];
  return <Route key={path} path={path} element={<Page key={path} component={AppPage} />} />;
}

/**
 * Spec section 2 route table. The public pages come first so /community is the public forum;
 * the shell's Community section lives at /community-management (README, "Routes").
 */
export function AppRoutes() {
  return (
    <Routes>
      {sitePages.map(({ path, Page: SitePage }) => (
        <Route key={path} path={path} element={<Page key={path} component={SitePage} />} />
      ))}
      <Route path={START_PATH} element={<StartRedirect />} />
      {APP_PAGES.filter((page) => !isInShell(page)).map(pageRoute)}
      <Route element={<AppShell />}>{APP_PAGES.filter(isInShell).map(pageRoute)}</Route>
      <Route path="*" element={<Page component={NotFoundPage} />} />
    </Routes>
  );
}
