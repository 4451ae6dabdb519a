import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PUBLIC_PATHS } from '../../src/lib/route-paths';
import { PHONE, describeBrowser, goOffline, goOnline, openPage, useBrowser } from './browser';

const metrics = (page: Page) => page.getByRole('list', { name: 'Key metrics' });

/** Waits until the service worker is active (it precaches the app and every public page). */
async function serviceWorkerReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
      { timeout: 30_000, interval: 250 },
    )
    .toBe('activated');
}

describeBrowser('offline after one online visit', () => {
  const browser = useBrowser();

  it('reloading the dashboard offline shows the last values with the offline marker; back online it refreshes by itself', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/dashboard');
    await metrics(page).waitFor();
    await serviceWorkerReady(page);
    const online = await metrics(page).innerText();
    // The snapshot is written a moment after the data arrives.
    await page.waitForTimeout(1500);

    await goOffline(context);
    await page.reload();
    await metrics(page).waitFor({ timeout: 10_000 });
    expect(await metrics(page).innerText()).toBe(online);
    await page.getByText('You are offline.', { exact: false }).first().waitFor();
    await page
      .getByText(/Offline · saved copy from/)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Amenity Usage Over Time' }).isVisible()).toBe(
      true,
    );

    await goOnline(context);
    await expect
      .poll(() => page.getByText(/saved copy from/i).count(), { timeout: 20_000 })
      .toBe(0);
    expect(await page.getByText('You are offline.', { exact: false }).count()).toBe(0);
    await context.close();
  });

  it('every public page opens with no network after visiting one page', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/about');
    await serviceWorkerReady(page);
    await goOffline(context);
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.waitFor();
      expect((await heading.textContent())?.trim(), path).not.toBe('');
    }
    await context.close();
  });

  it('a report opens offline from the saved data', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await serviceWorkerReady(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);

    await goOffline(context);
    await page.reload();
    await page.getByRole('button', { name: 'Preview: Amenity Usage Report' }).click();
    const title = page.getByRole('heading', { name: /Amenity Usage Report — Last Month/ });
    await title.waitFor({ timeout: 10_000 });
    await page.getByText('The Great Lawn').filter({ visible: true }).first().waitFor();
    await context.close();
  });
});
