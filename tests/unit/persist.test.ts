import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { createStore, set } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import type { QueryClient } from '@tanstack/react-query';
import { server } from '../../mocks/node';
import { metricsFixture, popularityFixture } from '../../mocks/fixtures';
import { API_PATHS } from '../../src/api/contract';
import { metricsQuery } from '../../src/api/metrics';
import { popularityQuery } from '../../src/api/popularity';
import { createQueryClient } from '../../src/api/query-client';
import {
  SNAPSHOT_BUSTER,
  createSnapshotPersister,
  restoreSnapshot,
  type SnapshotPersister,
} from '../../src/api/persist';
import { describeStorageError } from '../../src/app/storage-unavailable';

let unsubscribers: (() => void)[] = [];

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  unsubscribers.forEach((stop) => stop());
  unsubscribers = [];
  vi.unstubAllGlobals();
});

/** A "page load": a fresh client restoring the snapshot, as main.tsx does. */
async function load(onUnavailable = vi.fn()): Promise<{
  client: QueryClient;
  persister: SnapshotPersister;
  onUnavailable: typeof onUnavailable;
}> {
  const client = createQueryClient();
  const persister = createSnapshotPersister({ onUnavailable });
  unsubscribers.push(await restoreSnapshot(client, persister));
  return { client, persister, onUnavailable };
}

describe('offline snapshot', () => {
  it('restores the last data with its age after a reload', async () => {
    const first = await load();
    await first.client.fetchQuery(metricsQuery());
    const fetchedAt = first.client.getQueryState(metricsQuery().queryKey)?.dataUpdatedAt;
    await first.persister.flush();

    server.use(http.get(API_PATHS.metrics, () => HttpResponse.error()));
    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toEqual(metricsFixture);
    expect(second.client.getQueryState(metricsQuery().queryKey)?.dataUpdatedAt).toBe(fetchedAt);
  });

  it('keeps the last good data when a refetch fails', async () => {
    const first = await load();
    await first.client.fetchQuery(metricsQuery());
    server.use(
      http.get(API_PATHS.metrics, () => new HttpResponse('database down', { status: 500 })),
    );
    await expect(first.client.fetchQuery({ ...metricsQuery(), staleTime: 0 })).rejects.toThrow(
      '500: database down',
    );
    expect(first.client.getQueryState(metricsQuery().queryKey)?.status).toBe('error');
    await first.persister.flush();

    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toEqual(metricsFixture);
    // Restored as data, not as the failure it last ended with.
    expect(second.client.getQueryState(metricsQuery().queryKey)?.status).toBe('success');
  });

  it('reads the cache once per save, however many changes came before it, and saves the last', async () => {
    const first = await load();
    const saveSoon = vi.spyOn(first.persister, 'saveSoon');
    // The page's first answers: a burst of changes inside one save's wait.
    first.client.setQueryData(popularityQuery(7).queryKey, popularityFixture);
    first.client.setQueryData(metricsQuery().queryKey, { ...metricsFixture, activeUsersToday: 1 });
    first.client.setQueryData(metricsQuery().queryKey, metricsFixture);
    // Each change hands over how to read the cache, not a copy read at the time of the change.
    expect(saveSoon.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(new Set(saveSoon.mock.calls.map(([snapshot]) => snapshot)).size).toBe(1);
    await first.persister.flush();

    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toEqual(metricsFixture);
    expect(second.client.getQueryData(popularityQuery(7).queryKey)).toEqual(popularityFixture);
  });

  it('calls only the last of the snapshots asked for before a write, once', async () => {
    const { client, persister } = await load();
    const snapshot = () => ({
      buster: SNAPSHOT_BUSTER,
      timestamp: Date.now(),
      clientState: { mutations: [], queries: [] },
    });
    const readers = [vi.fn(snapshot), vi.fn(snapshot), vi.fn(snapshot)];
    readers.forEach((reader) => persister.saveSoon(reader));
    await persister.flush();
    expect(readers.map((reader) => reader.mock.calls.length)).toEqual([0, 0, 1]);
    // Nothing left to write: a second flush reads nothing again.
    await persister.flush();
    expect(readers[2]).toHaveBeenCalledTimes(1);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('persists each parameterised query under its own key', async () => {
    const first = await load();
    await first.client.fetchQuery(popularityQuery(7));
    await first.persister.flush();
    const second = await load();
    expect(second.client.getQueryData(popularityQuery(7).queryKey)).toEqual(popularityFixture);
    expect(second.client.getQueryData(popularityQuery(30).queryKey)).toBeUndefined();
  });

  it('does not persist queries outside the six data endpoints', async () => {
    const first = await load();
    first.client.setQueryData(['/api/something-else'], { secret: true });
    first.client.setQueryData(metricsQuery().queryKey, metricsFixture);
    await first.persister.flush();
    const second = await load();
    expect(second.client.getQueryData(['/api/something-else'])).toBeUndefined();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toEqual(metricsFixture);
  });

  it('discards a snapshot saved by another app version', async () => {
    await set(
      'query-snapshot',
      {
        timestamp: Date.now(),
        buster: `${SNAPSHOT_BUSTER}-old`,
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: [API_PATHS.metrics],
              queryHash: JSON.stringify([API_PATHS.metrics]),
              state: { data: metricsFixture, dataUpdatedAt: 1, status: 'success' },
            },
          ],
        },
      },
      createStore('commonground', 'snapshot'),
    );
    const { client } = await load();
    expect(client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
  });

  it('drops restored data that no longer matches the contract', async () => {
    const first = await load();
    // A payload of an older shape, written under the same key.
    first.client.setQueryData([API_PATHS.metrics], { ...metricsFixture, peakUsage: 'high' });
    first.client.setQueryData(popularityQuery(30).queryKey, popularityFixture);
    await first.persister.flush();
    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    expect(second.client.getQueryData(popularityQuery(30).queryKey)).toEqual(popularityFixture);
  });

  it('runs without IndexedDB and says so once', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { client, persister, onUnavailable } = await load();
    await client.fetchQuery(metricsQuery());
    await persister.flush();
    client.setQueryData(metricsQuery().queryKey, { ...metricsFixture, activeUsersToday: 1 });
    await persister.flush();
    expect(client.getQueryData(metricsQuery().queryKey)).toMatchObject({ activeUsersToday: 1 });
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(describeStorageError(onUnavailable.mock.calls[0]?.[0])).toBe(
      'this browser has no IndexedDB',
    );
  });

  it('reports a full disk once and keeps the app running', async () => {
    const { client, persister, onUnavailable } = await load();
    const full = new DOMException('quota', 'QuotaExceededError');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw full;
    });
    await client.fetchQuery(metricsQuery());
    await persister.flush();
    client.setQueryData(metricsQuery().queryKey, metricsFixture);
    await persister.flush();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(onUnavailable).toHaveBeenCalledWith(full);
    expect(describeStorageError(full)).toBe('the device storage is full');
  });
});
