import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import type { QueryClient } from '@tanstack/react-query';
import { server } from '../../mocks/node';
import {
  alertInboxFixture,
  reportArchiveCsvFixture,
  reportArchiveFixture,
} from '../../mocks/alerts-fixtures';
import { alertInboxQuery, archivedReportCsvQuery, reportArchiveQuery } from '../../src/api/alerts';
import { ALERTS_API_PATHS } from '../../src/api/contract';
import { createQueryClient } from '../../src/api/query-client';
import {
  createSnapshotPersister,
  restoreSnapshot,
  type SnapshotPersister,
} from '../../src/api/persist';

let unsubscribers: (() => void)[] = [];
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  unsubscribers.forEach((stop) => stop());
  unsubscribers = [];
  vi.unstubAllGlobals();
});

async function load(): Promise<{ client: QueryClient; persister: SnapshotPersister }> {
  const client = createQueryClient();
  const persister = createSnapshotPersister({ onUnavailable: vi.fn() });
  unsubscribers.push(await restoreSnapshot(client, persister));
  return { client, persister };
}

describe('alert inbox and report archive offline', () => {
  it('come back from the snapshot after a reload with no network', async () => {
    const first = await load();
    await first.client.fetchQuery(alertInboxQuery());
    await first.client.fetchQuery(reportArchiveQuery());
    await first.client.fetchQuery(archivedReportCsvQuery(3));
    await first.persister.flush();

    server.use(
      http.get(ALERTS_API_PATHS.alerts, () => HttpResponse.error()),
      http.get(ALERTS_API_PATHS.reportArchive, () => HttpResponse.error()),
      http.get(`${ALERTS_API_PATHS.reportArchive}/:id`, () => HttpResponse.error()),
    );
    const second = await load();
    expect(second.client.getQueryData(alertInboxQuery().queryKey)).toEqual(alertInboxFixture);
    expect(second.client.getQueryData(reportArchiveQuery().queryKey)).toEqual(reportArchiveFixture);
    expect(second.client.getQueryData(archivedReportCsvQuery(3).queryKey)).toBe(
      reportArchiveCsvFixture,
    );
  });

  it('refuse an inbox that breaks the contract, naming the field', async () => {
    server.use(http.get(ALERTS_API_PATHS.alerts, () => HttpResponse.json({ alerts: [] })));
    const { client } = await load();
    await expect(client.fetchQuery(alertInboxQuery())).rejects.toThrow(/unread/);
  });
});
