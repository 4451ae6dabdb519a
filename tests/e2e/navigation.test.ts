import { expect, it } from 'vitest';
import { PHONE, describeBrowser, openPage, useBrowser } from './browser';

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
});
