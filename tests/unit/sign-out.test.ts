import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import {
  API_PATHS,
  AUTH_PATHS,
  ME_PATH,
  RESIDENTS_PATH,
  SESSION_ENDED_HEADER,
} from '../../src/api/contract';
import { signOut, wipeOfflineData } from '../../src/api/auth';
import { signIn } from '../../src/api/sign-in';
import { meQuery } from '../../src/api/me';
import { isSignOutPending } from '../../src/api/pending-sign-out';
import { clearOwnSignOut, isWipeOwed, markOwnSignOut } from '../../src/api/session-end';
import { meFixture, metricsFixture } from '../../mocks/fixtures';
import { metricsQuery } from '../../src/api/metrics';
import { createQueryClient } from '../../src/api/query-client';
import { createSnapshotPersister, restoreSnapshot } from '../../src/api/persist';
import { timelineQuery } from '../../src/api/timeline';
import { residentsQuery } from '../../src/api/residents';
import { SIGNED_OUT_AT_KEY } from '../../src/lib/storage-keys';

/** The bits of localStorage the app uses, in memory (Node has no localStorage). */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  clearOwnSignOut();
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

  it('an offline sign-out is sent before the next "who is signed in", so the session ends', async () => {
    const calls: string[] = [];
    let reachable = false;
    server.use(
      http.post(AUTH_PATHS.signOut, () => {
        if (!reachable) return HttpResponse.error();
        calls.push('sign-out');
        return HttpResponse.json({ ok: true });
      }),
      http.get(ME_PATH, () => {
        calls.push('me');
        return HttpResponse.json(meFixture);
      }),
    );
    const first = await load();
    await expect(signOut(first.client, first.persister)).rejects.toThrow(/connection/);
    expect(isSignOutPending()).toBe(true);
    // Still offline: nobody is reported signed in.
    await expect(first.client.fetchQuery({ ...meQuery(), retry: false })).rejects.toThrow();
    expect(calls).toEqual([]);

    reachable = true;
    await first.client.fetchQuery({ ...meQuery(), staleTime: 0 });
    expect(calls).toEqual(['sign-out', 'me']);
    expect(isSignOutPending()).toBe(false);
    first.stop();
  });

  it('back online, the data waits for the pending sign-out: one request, and never the old cookie', async () => {
    const calls: string[] = [];
    let reachable = false;
    let release: () => void = () => undefined;
    server.use(
      http.post(AUTH_PATHS.signOut, async () => {
        if (!reachable) return HttpResponse.error();
        calls.push('sign-out');
        // Held, as a slow server would: the data must not go out meanwhile.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ ok: true });
      }),
      http.get(ME_PATH, () => {
        calls.push('me');
        return HttpResponse.json(meFixture);
      }),
      http.get(API_PATHS.metrics, () => {
        calls.push('metrics');
        return HttpResponse.json(metricsFixture);
      }),
    );
    const first = await load();
    await expect(signOut(first.client, first.persister)).rejects.toThrow(/connection/);
    reachable = true;
    const both = Promise.all([
      first.client.fetchQuery({ ...meQuery(), staleTime: 0 }),
      first.client.fetchQuery({ ...metricsQuery(), staleTime: 0 }),
    ]);
    await vi.waitFor(() => expect(calls).toEqual(['sign-out']));
    release();
    await both;
    expect(calls.slice(0, 1)).toEqual(['sign-out']);
    expect([...calls.slice(1)].sort()).toEqual(['me', 'metrics']);
    first.stop();
  });

  it('signing in again cancels a sign-out still waiting for the connection', async () => {
    server.use(http.post(AUTH_PATHS.signOut, () => HttpResponse.error()));
    const first = await load();
    await expect(signOut(first.client, first.persister)).rejects.toThrow(/connection/);
    expect(isSignOutPending()).toBe(true);
    server.use(http.post(AUTH_PATHS.signIn, () => HttpResponse.json(meFixture)));
    expect(await signIn({ email: 'sam@example.org', password: 'secret' })).toMatchObject({
      ok: true,
    });
    expect(isSignOutPending()).toBe(false);
    first.stop();
  });
});

/** From now on the server answers the dashboard as to a browser whose session has ended. */
function endTheSession() {
  server.use(
    http.get(API_PATHS.metrics, () =>
      HttpResponse.json(
        { error: 'Your session has ended; sign in again' },
        { status: 401, headers: { [SESSION_ENDED_HEADER]: '1' } },
      ),
    ),
  );
}

/**
 * A page saves the dashboard, hears from the server that its session has ended, and is closed
 * before its wipe runs.
 */
async function saveThenHearTheSessionEndAndClose() {
  const page = await load();
  await page.client.fetchQuery(metricsQuery());
  await page.persister.flush();
  endTheSession();
  await expect(
    page.client.fetchQuery({ ...metricsQuery(), staleTime: 0, retry: false }),
  ).rejects.toThrow();
  page.stop();
}

describe('a session ended elsewhere, on a page that goes before its wipe is done', () => {
  it("the next load deletes the ended user's snapshot instead of showing it", async () => {
    await saveThenHearTheSessionEndAndClose();
    expect(isWipeOwed()).toBe(true);

    const second = await load();
    expect(second.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    expect(isWipeOwed()).toBe(false);
    second.stop();
    const third = await load();
    expect(third.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    third.stop();
  });

  it('a storage that does not answer the delete keeps the wipe owed, and the next start does it', async () => {
    await saveThenHearTheSessionEndAndClose();

    // The next start finds the browser refusing its storage: the snapshot cannot be deleted.
    const working = indexedDB;
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    const refused = await load();
    expect(refused.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    expect(isWipeOwed()).toBe(true);
    refused.stop();

    // The storage answers again at the start after: the ended user's data is deleted, unseen.
    vi.stubGlobal('indexedDB', working);
    server.resetHandlers();
    const recovered = await load();
    expect(recovered.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    expect(isWipeOwed()).toBe(false);
    recovered.stop();
  });

  it("once the owed wipe is done, the next user's snapshot is kept again", async () => {
    const first = await load();
    endTheSession();
    await expect(first.client.fetchQuery({ ...metricsQuery(), retry: false })).rejects.toThrow();
    first.stop();
    server.resetHandlers();

    const second = await load();
    await second.client.fetchQuery(metricsQuery());
    await second.persister.flush();
    second.stop();
    const third = await load();
    expect(third.client.getQueryData(metricsQuery().queryKey)).toEqual(metricsFixture);
    third.stop();
  });

  it('the wipe done on the page settles it', async () => {
    const first = await load();
    endTheSession();
    await expect(first.client.fetchQuery({ ...metricsQuery(), retry: false })).rejects.toThrow();
    await wipeOfflineData(first.client, first.persister);
    expect(isWipeOwed()).toBe(false);
    first.stop();
  });

  it('a late "session ended" answer to this device\'s own sign-out owes nothing', async () => {
    const first = await load();
    markOwnSignOut();
    endTheSession();
    await expect(first.client.fetchQuery({ ...metricsQuery(), retry: false })).rejects.toThrow();
    expect(isWipeOwed()).toBe(false);
    first.stop();
  });
});

/** What the browser tells the other tabs when one of them writes the sign-out's time. */
function hearSignOutFromAnotherTab() {
  window.dispatchEvent(
    new StorageEvent('storage', { key: SIGNED_OUT_AT_KEY, newValue: String(Date.now()) }),
  );
}

/** A moment, so that data fetched next is stamped after the sign-out's millisecond. */
const aMomentLater = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A tab holding the directory and the numbers, saved; then another tab of the browser signs out. */
async function signOutBesideATab() {
  const tab = await load();
  await tab.client.fetchQuery(residentsQuery(''));
  await tab.client.fetchQuery(metricsQuery());
  await tab.persister.flush();
  const other = await load();
  await signOut(other.client, other.persister);
  return { tab, other };
}

describe('a sign-out in another tab of the same browser', () => {
  it("clears this tab's cache, starts the page again and leaves no snapshot behind", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { tab, other } = await signOutBesideATab();
    hearSignOutFromAnotherTab();

    expect(tab.client.getQueryCache().getAll()).toEqual([]);
    expect(reload).toHaveBeenCalled();
    // The page going away writes what it has pending (pagehide): nothing of the ended session.
    await tab.persister.flush();
    tab.stop();
    other.stop();
    const next = await load();
    expect(next.client.getQueryData(residentsQuery('').queryKey)).toBeUndefined();
    expect(next.client.getQueryData(metricsQuery().queryKey)).toBeUndefined();
    next.stop();
  });

  it('a tab that never heard (frozen) saves none of what it fetched before the sign-out', async () => {
    const { tab, other } = await signOutBesideATab();
    other.stop();

    // The tab wakes: it refreshes as the demo viewer, whom the directory refuses (its last data
    // is kept), while the dashboard's numbers come back.
    await aMomentLater();
    server.use(
      http.get(RESIDENTS_PATH, () =>
        HttpResponse.json({ error: 'Managers and Admins only' }, { status: 403 }),
      ),
    );
    await tab.client.refetchQueries();
    expect(tab.client.getQueryData(residentsQuery('').queryKey)).toBeDefined();
    await tab.persister.flush();
    tab.stop();

    const next = await load();
    expect(next.client.getQueryData(residentsQuery('').queryKey)).toBeUndefined();
    expect(next.client.getQueryData(metricsQuery().queryKey)).toEqual(metricsFixture);
    next.stop();
  });

  it('a snapshot of the ended session found on disk all the same is not restored', async () => {
    const tab = await load();
    await tab.client.fetchQuery(residentsQuery(''));
    await tab.persister.flush();
    tab.stop();
    // Signed out in a tab whose storage did not answer the delete: the record is still there.
    localStorage.setItem(SIGNED_OUT_AT_KEY, String(Date.now()));

    const next = await load();
    expect(next.client.getQueryData(residentsQuery('').queryKey)).toBeUndefined();
    next.stop();
  });
});
