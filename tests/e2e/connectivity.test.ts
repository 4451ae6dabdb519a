import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/api/contract';
import { axeViolations } from './axe';
import {
  PHONE,
  describeBrowser,
  liveStatusAgeNotes,
  openPage,
  useBrowser,
  waitForSnapshot,
} from './browser';

// The worker is blocked so that page.route sees every API request. The browser stays "online"
// throughout: only the server is out of reach (a captive portal, a dead backhaul, a hung server).
// bypassCSP lets axe's script run on the page.
const LIE_FI = { ...PHONE, serviceWorkers: 'block' as const, bypassCSP: true };

const metrics = (page: Page) => page.getByRole('list', { name: 'Key metrics' });
const banner = (page: Page) => page.getByText(/Can't reach CommonGround/);

describeBrowser('online but the server cannot be reached', () => {
  const browser = useBrowser();

  it('after a visit: the saved values, one banner with Retry, nothing "live"; live again by itself', async () => {
    const { page, context } = await openPage(browser(), LIE_FI);
    await page.goto('/dashboard');
    await metrics(page).waitFor();
    await page.getByText('Live Data').waitFor();
    const values = await metrics(page).innerText();
    await waitForSnapshot(page, [API_PATHS.metrics]);

    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await metrics(page).waitFor({ timeout: 10_000 });
    expect(await metrics(page).innerText()).toBe(values);
    await page
      // The date is added when the copy was saved on an earlier day (just before midnight).
      .getByText(
        /Can't reach CommonGround · showing data saved .+ ago \((?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M\)/,
      )
      .waitFor();
    expect(await page.getByText('Server unreachable').isVisible()).toBe(true);
    expect(await page.getByText('Online', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Live Data').count()).toBe(0);
    await page.getByText('Not live', { exact: true }).first().waitFor();
    // The banner dates the data once; the cards, holding that same copy, do not repeat it.
    expect(await liveStatusAgeNotes(page)).toBe(0);
    // Said once: no per-widget errors, one Retry for the whole app.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.unroute('**/api/**');
    await expect.poll(() => banner(page).count(), { timeout: 20_000 }).toBe(0);
    await page.getByText('Live Data').waitFor();
    await expect
      .poll(() => page.getByText(/saved copy from/i).count(), { timeout: 20_000 })
      .toBe(0);
    await context.close();
  });

  it('a proxy answering 502 for the server is the same: one banner, no error under each card', async () => {
    const { page, context } = await openPage(browser(), LIE_FI);
    await page.goto('/dashboard');
    await metrics(page).waitFor();
    const values = await metrics(page).innerText();
    await waitForSnapshot(page, [API_PATHS.metrics]);

    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
    );
    await page.reload();
    await metrics(page).waitFor({ timeout: 10_000 });
    expect(await metrics(page).innerText()).toBe(values);
    await page.getByText(/Can't reach CommonGround · showing data saved .+ ago/).waitFor();
    expect(await page.getByText('Live Data').count()).toBe(0);
    expect(await page.getByText(/Could not refresh/).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);

    await page.unroute('**/api/**');
    await expect.poll(() => banner(page).count(), { timeout: 20_000 }).toBe(0);
    await page.getByText('Live Data').waitFor();
    await context.close();
  });

  it('first visit while requests hang: one clear message after the timeout, never "Online"', async () => {
    const { page, context } = await openPage(browser(), LIE_FI);
    // Requests that never get an answer.
    await page.route('**/api/**', () => undefined);
    await page.goto('/dashboard');
    await page
      .getByText(/Can't reach CommonGround\. Nothing has been saved on this device yet/)
      .waitFor({ timeout: 20_000 });
    expect(await page.getByText('Online', { exact: true }).count()).toBe(0);
    expect(await page.getByText(/saved data/i).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
