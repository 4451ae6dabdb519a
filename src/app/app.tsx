import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from '../api/query-provider';
import type { SnapshotPersister } from '../api/persist';
import { settingsLoadProblem } from '../lib/settings';
import { Toaster, toast } from '../ui/toast';
import { TooltipProvider } from '../ui/tooltip';
import { AppRoutes } from './routes';
import { ScrollMemory } from './scroll-memory';
import { UpdatePrompt } from './update-prompt';

export function App({
  client,
  persister,
}: {
  client: QueryClient;
  persister: SnapshotPersister | null;
}) {
  useEffect(() => {
    const problem = settingsLoadProblem();
    if (problem) toast({ title: 'Settings reset', description: problem, tone: 'error' });
  }, []);

  return (
    <QueryProvider client={client} persister={persister}>
      <TooltipProvider>
        <BrowserRouter>
          <ScrollMemory />
          <AppRoutes />
        </BrowserRouter>
        <UpdatePrompt />
        <Toaster />
      </TooltipProvider>
    </QueryProvider>
  );
}
