import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DEFAULT_VIEWS, getSettings } from '../lib/settings';
import { SITE_ROUTES } from '../site/site-routes';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { Skeleton } from '../ui/skeleton';
import { AppShell } from './shell';
import { NotFoundPage } from './not-found';
import { RouteErrorBoundary } from './route-error';

/** The installed app opens on /start, which goes to the default view chosen in Settings. */
function StartRedirect() {
  return <Navigate to={DEFAULT_VIEWS[getSettings().defaultView].path} replace />;
}

/** A lazily loaded page that can also be loaded ahead of time (the build's prerender does). */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: pick(module) })));
  return Object.assign(lazy(preload), { preload });
}

const AnalyticsPage = lazyPage(
  () => import('../features/analytics/analytics-page'),
  (m) => m.AnalyticsPage,
);
const AmyEventsPage = lazyPage(
  () => import('../features/amy/amy-events-page'),
  (m) => m.AmyEventsPage,
);
const ReportsPage = lazyPage(
  () => import('../features/reports/reports-page'),
  (m) => m.ReportsPage,
);
const SettingsPage = lazyPage(
  () => import('../features/settings/settings-page'),
  (m) => m.SettingsPage,
);
const AmenitiesPage = lazyPage(
  () => import('../features/amenities/amenities-page'),
  (m) => m.AmenitiesPage,
);
const CommunityManagementPage = lazyPage(
  () => import('../features/community/community-management-page'),
  (m) => m.CommunityManagementPage,
);
const sitePages = SITE_ROUTES.map((route) => ({ ...route, Page: lazy(route.load) }));

/** Loads every app page's code, so a render right after renders pages instead of fallbacks. */
export function preloadAppPages() {
  return Promise.all(
    [
      AnalyticsPage,
      AmyEventsPage,
      ReportsPage,
      SettingsPage,
      AmenitiesPage,
      CommunityManagementPage,
    ].map((page) => page.preload()),
  );
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

function Page({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Spec section 2 route table. The public pages come first so /community is the public forum;
 * the shell's Community section lives at /community-management (README, "Routes").
 */
export function AppRoutes() {
  return (
    <Routes>
      {sitePages.map(({ path, Page: SitePage }) => (
        <Route
          key={path}
          path={path}
          element={
            <Page>
              <SitePage />
            </Page>
          }
        />
      ))}
      <Route path="/start" element={<StartRedirect />} />
      <Route element={<AppShell />}>
        <Route
          path="/dashboard"
          element={
            <Page>
              <DashboardPage />
            </Page>
          }
        />
        <Route
          path="/analytics"
          element={
            <Page>
              <AnalyticsPage />
            </Page>
          }
        />
        <Route
          path="/amy-events"
          element={
            <Page>
              <AmyEventsPage />
            </Page>
          }
        />
        <Route
          path="/reports"
          element={
            <Page>
              <ReportsPage />
            </Page>
          }
        />
        <Route
          path="/settings"
          element={
            <Page>
              <SettingsPage />
            </Page>
          }
        />
        <Route
          path="/amenities"
          element={
            <Page>
              <AmenitiesPage />
            </Page>
          }
        />
        <Route
          path="/community-management"
          element={
            <Page>
              <CommunityManagementPage />
            </Page>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
