import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { AUTH_PATHS } from '../../src/api/contract';
import { signOut } from '../../src/api/auth';
import { metricsQuery } from '../../src/api/metrics';
import { createQueryClient } from '../../src/api/query-client';
import { createSnapshotPersister, restoreSnapshot } from '../../src/api/persist';
import { timelineQuery } from '../../src/api/timeline';

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page load that restores the snapshot, as main.tsx does. */
async function load() {
  const client = createQueryClient();
  const persister = createSnapshotPersister({ onUnavailable: vi.fn() });
  const stop = await restoreSnapshot(client, persister);
  return { client, persister, stop };
}

describe('sign-out on a shared device', () => {
  it('wipes the query cache and the IndexedDB snapshot, so a reload finds nothing', async () => {
    const first = await load();
    await first.client.fetchQuery(metricsQuery());
    await first.client.fetchQuery(timelineQuery('month', 400));
    await first.persister.flush();

    const result = await signOut(first.client, first.persister);
    expect(result).toEqual({ serverSignedOut: true });
    expect(first.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    first.stop();

    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    expect(second.client.getQueryData(timelineQuery('month', 400).queryKey)).toBeUndefined();
    second.stop();
  });

  it('wipes the device even when the server cannot be reached', async () => {
    server.use(http.post(AUTH_PATHS.signOut, () => HttpResponse.error()));
    const first = await load();
    await first.client.fetchQuery(metricsQuery());
    await first.persister.flush();
    await expect(signOut(first.client, first.persister)).rejects.toThrow(/connection/);
    first.stop();
    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    second.stop();
  });
});
