import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { replaceAnswer } from './answers';
import { DESKTOP, describeBrowser, openPage, useBrowser } from './browser';

// The worker is blocked so that page.route sees every API request.
const NO_WORKER = { ...DESKTOP, serviceWorkers: 'block' as const };

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * The dashboard's cards below the first screen render as the reader nears them. At 1280 x 800
 * their place starts just past the viewport's margin once Live Amenity Status has its seven
 * rows, so whether they render unscrolled depended on which came first: that answer or the
 * observer's first look. A reader scrolls; so does the test.
 */
const scrollToBelowTheFold = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

describeBrowser('failures a user sees', () => {
  const browser = useBrowser();

  it('a 500 from one endpoint shows "500: {body}" only in the widgets built on it', async () => {
    const { page, context } = await openPage(browser(), NO_WORKER);
    const restore = await replaceAnswer(page, '/api/amenities/popularity', () => ({
      status: 500,
      body: 'database unavailable',
    }));
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Key metrics' }).waitFor();
    await scrollToBelowTheFold(page);
    const popularity = region(page, 'Amenity Popularity');
    await popularity.getByText('500: database unavailable').waitFor();
    expect(await popularity.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    // The rest of the page keeps working.
    await region(page, 'Live Amenity Status')
      .getByText('The Great Lawn')
      .filter({ visible: true })
      .first()
      .waitFor();
    // Once in the popularity card, once in the insights computed from it; nowhere else.
    const insights = region(page, 'Recent Insights & Recommendations');
    await insights.getByText('500: database unavailable').waitFor();
    expect(await page.getByText('500: database unavailable').count()).toBe(2);

    // Retry recovers once the server answers again.
    await restore();
    await popularity.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => popularity.getByText('500:').count()).toBe(0);
    await popularity.getByText('The Great Lawn').filter({ visible: true }).first().waitFor();
    await context.close();
  });

  it('a malformed payload shows a clear error in its widget', async () => {
    const { page, context } = await openPage(browser(), NO_WORKER);
    await replaceAnswer(page, '/api/dashboard/metrics', () => ({
      status: 200,
      body: JSON.stringify({ activeUsersToday: 'many' }),
    }));
    await page.goto('/dashboard');
    await page
      .getByText(/Unexpected response from \/api\/dashboard\/metrics: activeUsersToday: expected/)
      .waitFor();
    await scrollToBelowTheFold(page);
    await region(page, 'Amenity Popularity')
      .getByText('The Great Lawn')
      .filter({ visible: true })
      .first()
      .waitFor();
    await context.close();
  });

  it('a 401 follows the default: an error, not a blank widget', async () => {
    const { page, context } = await openPage(browser(), NO_WORKER);
    await replaceAnswer(page, '/api/amy/suggestions', () => ({
      status: 401,
      body: 'Sign in to see suggestions',
    }));
    await page.goto('/amy-events');
    await page.getByText('401: Sign in to see suggestions').waitFor();
    await context.close();
  });

  it('the quick actions show their notifications, one at a time', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Key metrics' }).waitFor();
    await scrollToBelowTheFold(page);
    const actions = region(page, 'Quick Actions & Reports');
    const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
    const cases = [
      ['Export Usage Data', 'Data Export Started'],
      ['Schedule Auto Reports', 'Report Scheduling'],
      ['Manage Alerts', 'Alert Management'],
      ['Generate Monthly Report', 'Report Generation Started'],
    ] as const;
    for (const [button, title] of cases) {
      const download = button === 'Export Usage Data' ? page.waitForEvent('download') : null;
      await actions.getByRole('button', { name: button }).click();
      await notifications.getByText(title, { exact: true }).waitFor();
      expect(await notifications.getByRole('listitem').count()).toBe(1);
      if (download) expect((await download).suggestedFilename()).toMatch(/^usage-data-.*\.csv$/);
      // Scheduling and alerts open the page where they are managed; back to the dashboard.
      if (button === 'Schedule Auto Reports' || button === 'Manage Alerts') {
        await page.waitForURL(button === 'Manage Alerts' ? /\/alerts#alert-rules$/ : /\/reports#/);
        await page.goBack();
        await actions.waitFor();
      }
    }
    // The monthly report is real: it opens on the Reports page.
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.keyboard.press('F8');
    expect(
      await notifications.evaluate((element) => element.contains(document.activeElement)),
    ).toBe(true);
    await context.close();
  });
});
