import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/api/contract';
import { DESKTOP, describeBrowser, openPage, useBrowser, waitForSnapshot } from './browser';

/** How many queries with data the offline snapshot in IndexedDB holds (0 when there is none). */
function storedQueries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('commonground');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains('snapshot')) {
            connection.close();
            resolve(0);
            return;
          }
          const read = connection
            .transaction('snapshot')
            .objectStore('snapshot')
            .get('query-snapshot');
          read.onsuccess = () => {
            const snapshot = read.result as
              { clientState?: { queries?: { state: { data?: unknown } }[] } } | undefined;
            const queries = snapshot?.clientState?.queries ?? [];
            resolve(queries.filter((query) => query.state.data !== undefined).length);
            connection.close();
          };
          read.onerror = () => resolve(0);
        };
      }),
  );
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

    await waitForSnapshot(page, [API_PATHS.metrics]);
    expect(await storedQueries(page)).toBeGreaterThan(0);

    await sidebar.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expect.poll(() => storedQueries(page), { timeout: 10_000 }).toBe(0);
    expect((await context.cookies()).some((cookie) => cookie.name === 'cg_session')).toBe(false);
    await context.close();
  });
});
