import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE, describeBrowser, openPage, useBrowser, waitForHydration } from './browser';

/** Holds the app's code back, as on a slow connection, until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describeBrowser('moving between sections on a phone', () => {
  const browser = useBrowser();

  it('a new section opens at its top; Back returns to where the reader was', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Key metrics' }).waitFor();
    // The cards below the first screen load as the reader scrolls near them.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.getByRole('heading', { name: 'Quick Actions & Reports' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await context.close();
  });

  it('a reader who scrolls the first frame before the app starts stays there', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    // The app's code is held back, as on a slow connection, while the reader scrolls the
    // prerendered frame down to the usage chart.
    const release = await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const chart = page.getByRole('heading', { name: 'Amenity Usage Over Time' });
    await chart.waitFor();
    await chart.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    expect(
      await page.evaluate(() => performance.getEntriesByName('cg:hydration-start').length),
    ).toBe(0);

    release();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // The reader is not sent back to the top. Lines above the chart that come with the data
    // (the live counts, the coverage sentence, whose length depends on the time of day) may
    // settle by a line or two, and the browser's scroll anchoring follows them.
    const settled = await page.evaluate(() => window.scrollY);
    expect(Math.abs(settled - scrolled)).toBeLessThanOrEqual(48);
    const heading = await chart.boundingBox();
    expect(heading?.y).toBeGreaterThanOrEqual(0);
    expect(heading?.y).toBeLessThan((page.viewportSize()?.height ?? 0) - 40);
    // The card is in view, so its body loads: the reader can switch it to its table at once.
    const table = page.getByRole('button', { name: 'Table', exact: true });
    await table.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('table').filter({ hasText: 'The Great Lawn' }).first().waitFor();
    await context.close();
  });
  it('a period chosen and a report opened before the app starts open that period', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    const release = await holdScripts(page);
    await page.goto('/reports', { waitUntil: 'commit' });
    const period = page.getByRole('combobox', { name: 'Report period' });
    await period.selectOption('quarter');
    await page.getByRole('button', { name: 'Preview: Amenity Usage Report' }).click();
    expect(
      await page.evaluate(() => performance.getEntriesByName('cg:hydration-start').length),
    ).toBe(0);

    release();
    await waitForHydration(page);
    // The hydration put the select back to the saved period; the reader's choice was replayed.
    await page.getByRole('region', { name: 'Amenity Usage Report — Last Quarter' }).waitFor();
    expect(await period.inputValue()).toBe('quarter');
    await context.close();
  });

  it("the dashboard's quick actions open the scheduled reports and the alert rules in view", async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Key metrics' }).waitFor();
    const actions = page.getByRole('region', { name: 'Quick Actions & Reports', exact: true });
    for (const [button, path, id] of [
      ['Schedule Auto Reports', '/reports', 'scheduled-reports'],
      ['Manage Alerts', '/alerts', 'alert-rules'],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await actions.getByRole('button', { name: button }).click();
      await page.waitForURL(`**${path}#${id}`);
      // The scheduled reports are ~1,300 px down the Reports page on a phone: brought into
      // view, with focus on them.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(id);
      const section = page.locator(`#${id}`);
      const box = await section.boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      expect(box?.y).toBeLessThan((page.viewportSize()?.height ?? 0) - 200);
      await page.goBack();
      await actions.waitFor();
    }
    await context.close();
  });
});
