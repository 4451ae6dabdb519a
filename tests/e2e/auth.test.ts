import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { freePort, startServer } from '../../scripts/production-server';
import { API_PATHS, SESSION_ENDED_COOKIE } from '../../src/api/contract';
import { urlFromKey } from '../../src/api/query-fn';
import {
  DESKTOP,
  DIST_DIR,
  PHONE,
  describeBrowser,
  openPage,
  storedQueryKeys,
  useBrowser,
  waitForSnapshot,
} from './browser';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signInAsManager(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('manager@willowcreek.example');
  await page.getByLabel('Password').fill('commonground-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** The phone's session, signed out from the desk's Account page (one row: the manager may be
 * signed in elsewhere by other tests). */
async function signOutPhoneFromDesk(desk: Page) {
  const sessions = desk.getByRole('region', { name: 'Where you are signed in' });
  const phoneRow = sessions.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
  await phoneRow.first().waitFor();
  const before = await phoneRow.count();
  await phoneRow
    .first()
    .getByRole('button', { name: /^Sign out Safari on iPhone/ })
    .click();
  await expect.poll(() => phoneRow.count()).toBe(before - 1);
}

/** No saved query is left in the device's snapshot (listed by URL, so a failure names them). */
async function expectNothingSaved(page: Page) {
  await expect
    .poll(async () => ((await storedQueryKeys(page)) ?? []).map((key) => urlFromKey(key)), {
      timeout: 10_000,
    })
    .toEqual([]);
}

/**
 * A phone whose session ended elsewhere: the sign-in page says why, nothing is saved, and the
 * news is settled (the server's marker cookie gone: the next start is not told again).
 */
async function expectToldAndWiped(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Your session ended' }).waitFor();
  await expectNothingSaved(page);
  await expect
    .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
    .not.toContain(SESSION_ENDED_COOKIE);
}

describeBrowser('accounts', () => {
  const browser = useBrowser();

  it('an anonymous visitor sees the demo read-only, with a way to sign in', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Demo' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Demo · read-only · Sign in to manage');
    await banner.getByRole('link', { name: 'Sign in to manage' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });

  it('signed out offline, and the session over by the time the server hears it: the demo, not "session ended"', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await signInAsManager(page);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'cg_session');
    await context.setOffline(true);
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // Meanwhile the session ends on the server (it idled out, or this same sign-out got there
    // from a page left before it read the answer).
    const origin = new URL(page.url()).origin;
    const ended = await fetch(`${origin}/api/auth/sign-out`, {
      method: 'POST',
      headers: { Cookie: `cg_session=${session?.value}`, Origin: origin },
    });
    expect(ended.status).toBe(200);

    await context.setOffline(false);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Demo' }).waitFor();
    // The answer's "ended" marker is no news to a device that signed out itself: a reload
    // stays on the demo's dashboard.
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
      .not.toContain(SESSION_ENDED_COOKIE);
    await page.reload();
    await page.getByRole('region', { name: 'Demo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByText('Your session ended').count()).toBe(0);
    await context.close();
  });

  it('a manager signs in on the page, sees their name, and sign-out wipes the snapshot', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('manager@willowcreek.example');
    await page.getByLabel('Password').fill('commonground-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText('Sarah Johnson').waitFor();
    expect(await sidebar.getByText('HOA Manager').count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Demo' }).count()).toBe(0);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'cg_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });

    // The dashboard's data, the usage timeline the reports are built from among it, is on the
    // device (IndexedDB).
    await waitForSnapshot(page, [API_PATHS.metrics, API_PATHS.timeline]);

    await sidebar.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    // Nothing of it is left: no snapshot record, or one without any data.
    await expectNothingSaved(page);
    expect((await context.cookies()).some((cookie) => cookie.name === 'cg_session')).toBe(false);
    await context.close();
  });

  it('a manager sees where they are signed in and signs out a lost phone', async () => {
    const desk = await openPage(browser(), DESKTOP);
    const phone = await openPage(browser(), { ...PHONE, userAgent: IPHONE_SAFARI });
    try {
      await signInAsManager(phone.page);
      await signInAsManager(desk.page);
      const sidebar = desk.page.getByRole('complementary', { name: 'Sidebar' });
      await sidebar.getByRole('link', { name: 'Account' }).click();
      await desk.page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      const sessions = desk.page.getByRole('region', { name: 'Where you are signed in' });
      const here = sessions.getByRole('listitem').filter({ hasText: 'This device' });
      await here.waitFor();
      expect(await here.textContent()).toContain('Chrome on Linux');

      await signOutPhoneFromDesk(desk.page);
      // The phone is signed out, and told so; what it had saved is gone.
      await phone.page.reload();
      await expectToldAndWiped(phone.page);
      // This device is still signed in.
      await desk.page.reload();
      await desk.page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      expect(await desk.page.getByRole('region', { name: 'Demo' }).count()).toBe(0);
    } finally {
      await desk.context.close();
      await phone.context.close();
    }
  });

  // The server says a session ended only once (its answer drops the cookie): a phone reloaded or
  // closed in the moment after that answer must not open as the demo with the manager's saved
  // data. Before the stored flag it did in 5 runs of 5 with reloads 0 to 300 ms after the answer
  // (its wipe not done); before the server's marker cookie it did whenever the page was reloaded
  // before its script had read the answer (1 CI run in ~50; every time with the answer held).
  it.each([
    ['at once', false],
    ['before its script read the answer', true],
  ])(
    'told its session ended, a phone reloaded %s still wipes, and says why',
    async (_when, holdAnswer) => {
      const desk = await openPage(browser(), DESKTOP);
      const phone = await openPage(browser(), { ...PHONE, userAgent: IPHONE_SAFARI });
      try {
        await signInAsManager(phone.page);
        await waitForSnapshot(phone.page, [API_PATHS.metrics]);
        await signInAsManager(desk.page);
        await desk.page.goto('/account');
        await signOutPhoneFromDesk(desk.page);

        // A busy or closing page: the answer has arrived, its script has not read it yet.
        if (holdAnswer) {
          await phone.page.evaluate(() => {
            const fetchNow = window.fetch.bind(window);
            window.fetch = async (...args) => {
              const response = await fetchNow(...args);
              if (response.status === 401) await new Promise(() => undefined);
              return response;
            };
          });
        }
        const told = phone.page.waitForResponse(
          (response) => response.url().includes('/api/') && response.status() === 401,
        );
        await phone.page.getByRole('combobox', { name: 'Date range' }).selectOption('90');
        await told;
        await phone.page.reload();
        await expectToldAndWiped(phone.page);
      } finally {
        await desk.context.close();
        await phone.context.close();
      }
    },
  );

  // Starts (and seeds) a server of its own: up to a minute on a busy two-core machine.
  it(
    'with DEMO=0 app routes go to sign-in; the Board member signs in on a phone',
    { timeout: 180_000 },
    async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'commonground-nodemo-'));
      const distDir = path.join(work, 'dist');
      cpSync(DIST_DIR, distDir, { recursive: true });
      const server = await startServer({
        port: await freePort(),
        dataDir: path.join(work, 'data'),
        distDir,
        env: { DEMO: '0', SIMULATE: '0' },
      });
      const { page, context } = await openPage(browser(), { ...PHONE, baseURL: server.url });
      try {
        expect((await fetch(`${server.url}/api/dashboard/metrics`)).status).toBe(401);
        await page.goto('/analytics');
        await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/sign-in');
        await page.getByLabel('Email').fill('board@willowcreek.example');
        await page.getByLabel('Password').fill('commonground-demo');
        await page.getByRole('button', { name: 'Sign in' }).click();
        // Back where the visitor was going, signed in: no demo banner.
        await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
        expect(await page.getByRole('region', { name: 'Demo' }).count()).toBe(0);
      } finally {
        await context.close();
        await server.stop();
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
