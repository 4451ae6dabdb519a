import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startConnectivitySync } from './api/connectivity-sync';
import { createQueryClient } from './api/query-client';
import { createSnapshotPersister } from './api/persist';
import { App } from './app/app';
import { announceStorageUnavailable } from './app/storage-notice';
import './index.css';

async function enableDevMocks() {
  // `npm run dev` answers /api from MSW unless it proxies to a real server (API_TARGET).
  if (import.meta.env.DEV && import.meta.env.VITE_API_MODE !== 'server') {
    const { worker } = await import('../mocks/browser');
    await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  }
}

async function boot() {
  startConnectivitySync();
  await enableDevMocks();
  const client = createQueryClient();
  const persister = createSnapshotPersister({ onUnavailable: announceStorageUnavailable });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App client={client} persister={persister} />
    </StrictMode>,
  );
}

void boot();
