import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../src/api/query-client';
import { Toaster } from '../src/ui/toast';
import { TooltipProvider } from '../src/ui/tooltip';

/**
 * How long to wait for what appears only once a lazily loaded module has arrived (a route's
 * page, the More sheet, the usage chart, the export code). Its first import transforms its
 * modules on the fly, which on a busy machine takes seconds more than a render.
 */
export const LAZY_LOAD = { timeout: 10_000 };

/**
 * The dashboard's code, which the app loads on the way to it and as its chart nears the viewport:
 * loaded once before a file's tests (`beforeAll(loadDashboardCode)`), so no test ends while those
 * modules are still loading (vitest then reports them as loaded after the environment was torn
 * down).
 */
export const loadDashboardCode = () =>
  Promise.all([
    import('../src/features/dashboard/dashboard-page'),
    import('../src/widgets/usage-body'),
    import('../src/ui/charts/usage-chart'),
  ]);

/** Renders UI the way the app does (query client, tooltips, toasts) inside a memory router. */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', client = createQueryClient() }: { route?: string; client?: QueryClient } = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        {/* The page's place in the app's shell (src/app/shell.tsx), outside the notifications. */}
        <div id="main">
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </div>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
