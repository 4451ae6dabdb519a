import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from '../api/query-provider';
import type { SnapshotPersister } from '../api/persist';
import { PREFERENCES_NOT_KEPT, preferencesKept, settingsLoadProblem } from '../lib/settings';
import { Toaster, toast } from '../ui/toast';
import { TooltipProvider } from '../ui/tooltip';
import { AppRoutes } from './routes';
import { ScrollMemory } from './scroll-memory';
import { LateUpdatePrompt } from './late-update-prompt';

/**
 * The whole app. The build prerenders each route's first frame from this same tree (with a
 * MemoryRouter at the route, scripts/prerender-app-entry.ts) and the browser hydrates it
 * (main.tsx), so both must render the same elements in the same places (useId depends on it).
 */
export function App({
  client,
  persister,
  Router = BrowserRouter,
}: {
  client: QueryClient;
  persister: SnapshotPersister | null;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  useEffect(() => {
    const problem = settingsLoadProblem();
    if (problem) toast({ title: 'Settings reset', description: problem, tone: 'error' });
    if (!preferencesKept()) {
      toast({
        title: 'Preferences are not kept',
        description: PREFERENCES_NOT_KEPT,
        tone: 'error',
      });
    }
  }, []);

  return (
    <QueryProvider client={client} persister={persister}>
      <TooltipProvider>
        <Router>
          <ScrollMemory />
          <AppRoutes />
        </Router>
        <LateUpdatePrompt />
        <Toaster />
      </TooltipProvider>
    </QueryProvider>
  );
}
