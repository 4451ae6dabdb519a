import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { demoMeFixture } from '../../mocks/fixtures';
import { server } from '../../mocks/node';
import {
  API_PATHS,
  AUTH_PATHS,
  ME_PATH,
  RESIDENTS_PATH,
  SESSION_ENDED_COOKIE,
  SESSION_ENDED_HEADER,
} from '../../src/api/contract';
import { createQueryClient } from '../../src/api/query-client';
import { finishPendingSignOut, setSignOutPending } from '../../src/api/pending-sign-out';
import { AppRoutes } from '../../src/app/routes';
import { useSessionEnded } from '../../src/app/use-session-ended';
import {
  clearOwnSignOut,
  isWipeOwed,
  markEndedByServer,
  markOwnSignOut,
  settleOwedWipe,
} from '../../src/api/session-end';
import { LAZY_LOAD, renderWithApp, loadDashboardCode } from '../render';

beforeAll(loadDashboardCode);

const ENDED = /Your session ended: you were signed out on another device/;

/** From now on the server answers as to a browser whose session has ended. */
function endTheSession() {
  const ended = { error: 'Your session has ended; sign in again' };
  server.use(
    http.get(ME_PATH, () => HttpResponse.json(ended, { status: 401 })),
    http.get(API_PATHS.metrics, () => HttpResponse.json(ended, { status: 401 })),
    http.post(RESIDENTS_PATH, () => HttpResponse.json(ended, { status: 401 })),
  );
}

describe('a session that ends elsewhere', () => {
  it('a refresh answered 401 wipes the device and the sign-in page says why', async () => {
    const { client } = renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await within(sidebar).findByText('Sarah Johnson');
    await screen.findByText('Active Users Today', {}, LAZY_LOAD);
    expect(client.getQueryData([API_PATHS.metrics])).toBeDefined();

    endTheSession();
    await client.refetchQueries({ queryKey: [API_PATHS.metrics] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(ENDED);
    expect(client.getQueryData([API_PATHS.metrics])).toBeUndefined();
  });

  it('a write answered 401 does the same, not "the demo is read-only"', async () => {
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: '/community-management' });
    await user.click(await screen.findByRole('button', { name: 'Add Resident' }, LAZY_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add Resident' }, LAZY_LOAD);
    await user.type(within(dialog).getByLabelText('Name'), 'Pat Lee');
    await user.type(within(dialog).getByLabelText('Unit or address'), 'B-12');
    endTheSession();
    await user.click(within(dialog).getByRole('button', { name: 'Add resident' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(ENDED);
  });

  it('opened afresh with an ended session, the saved data goes and the sign-in page says why', async () => {
    const ended = { error: 'Your session has ended; sign in again' };
    server.use(
      http.get(ME_PATH, () =>
        HttpResponse.json(ended, { status: 401, headers: { [SESSION_ENDED_HEADER]: '1' } }),
      ),
    );
    const client = createQueryClient();
    // What the device restored from its snapshot before asking who is looking.
    client.setQueryData([API_PATHS.metrics], { restored: true });
    renderWithApp(<AppRoutes />, { route: '/dashboard', client });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(ENDED);
    expect(client.getQueryData([API_PATHS.metrics])).toBeUndefined();
  });

  it('once the page has heard its session ended, it stays ended while the wipe asks who is looking', () => {
    // The wipe empties the cache, who is looking with it. Had the shell taken that for "not
    // known yet", it would show the pages again, whose answers (as the demo viewer) would then
    // be saved to the snapshot the wipe had just deleted: the lost phone kept data, 1 run in 6.
    markEndedByServer();
    try {
      const { result, rerender } = renderHook(
        ({ me }: { me: Parameters<typeof useSessionEnded>[0] }) => useSessionEnded(me),
        { initialProps: { me: null as Parameters<typeof useSessionEnded>[0] } },
      );
      expect(result.current).toBe(true);
      rerender({ me: undefined });
      expect(result.current).toBe(true);
      rerender({ me: demoMeFixture });
      expect(result.current).toBe(true);
    } finally {
      clearOwnSignOut();
      settleOwedWipe();
    }
  });

  it("the server's marker cookie owes a wipe until it is done; after this device's own sign-out it is no news", () => {
    // Left by the browser as the 401 arrived, the page gone before its script read it.
    document.cookie = `${SESSION_ENDED_COOKIE}=1; Path=/`;
    expect(isWipeOwed()).toBe(true);
    settleOwedWipe();
    expect(isWipeOwed()).toBe(false);
    expect(document.cookie).not.toContain(SESSION_ENDED_COOKIE);

    // The answer to a request that crossed this device's own sign-out (which wipes anyway).
    markOwnSignOut();
    try {
      document.cookie = `${SESSION_ENDED_COOKIE}=1; Path=/`;
      markEndedByServer();
      expect(isWipeOwed()).toBe(false);
    } finally {
      clearOwnSignOut();
      settleOwedWipe();
    }
  });

  it('a plain 401 on a fresh start (never signed in here) is the ordinary sign-in page', async () => {
    server.use(http.get(ME_PATH, () => HttpResponse.json({ error: 'Sign in' }, { status: 401 })));
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText(ENDED)).not.toBeInTheDocument();
  });

  it('signing out on this device is not taken for a session ended elsewhere', async () => {
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    await within(sidebar).findByText('Sarah Johnson');
    server.use(http.get(ME_PATH, () => HttpResponse.json({ error: 'Sign in' }, { status: 401 })));
    await user.click(within(sidebar).getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in' }, LAZY_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText(ENDED)).not.toBeInTheDocument();
  });

  it('a sign-out made offline is no news when the server, hearing it later, finds the session over', async () => {
    // It idled out while the device was offline: the server answers as to an ended session,
    // its marker cookie with it (the browser keeps that as the answer arrives).
    server.use(
      http.post(AUTH_PATHS.signOut, () => {
        document.cookie = `${SESSION_ENDED_COOKIE}=1; Path=/`;
        return HttpResponse.json(
          { error: 'Your session has ended; sign in again' },
          { status: 401, headers: { [SESSION_ENDED_HEADER]: '1' } },
        );
      }),
    );
    setSignOutPending(true);
    try {
      await finishPendingSignOut();
      // Heard: nothing waits, and no wipe is owed to a session this device itself left.
      expect(document.cookie).not.toContain(SESSION_ENDED_COOKIE);
      expect(isWipeOwed()).toBe(false);
    } finally {
      setSignOutPending(false);
      settleOwedWipe();
    }
  });

  it('a page opened while its sign-out waits takes a marker left by that sign-out for no news', async () => {
    // The page before sent the sign-out as the connection came back and was left before it
    // read the answer; the browser kept the marker the answer carried.
    setSignOutPending(true);
    document.cookie = `${SESSION_ENDED_COOKIE}=1; Path=/`;
    vi.resetModules();
    try {
      const fresh = await import('../../src/api/session-end');
      expect(fresh.isEndedByServer()).toBe(false);
      // Whatever the device still held is wiped all the same as it starts.
      expect(fresh.isWipeOwed()).toBe(true);
    } finally {
      setSignOutPending(false);
      settleOwedWipe();
    }
  });
});
