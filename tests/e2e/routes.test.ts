import { expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../../src/lib/route-paths';
import { BASE_URL, DESKTOP, describeBrowser, openPage, useBrowser } from './browser';

const APP_HEADINGS: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/amenities': 'Amenities Management',
  '/community-management': 'Community Management',
  '/analytics': 'Analytics',
  '/reports': 'Reports',
  '/amy-events': 'Amy Events',
  '/alerts': 'Alerts',
  '/settings': 'Settings',
};

describeBrowser('route table in the browser', () => {
  const browser = useBrowser();

  it.each(PUBLIC_PATHS)('public page %s answers and renders its main heading', async (path) => {
    const { page, context } = await openPage(browser(), DESKTOP);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.first().textContent()).toMatch(/\S/);
    expect(await page.title()).not.toBe('');
    await context.close();
  });

  it.each(Object.entries(APP_HEADINGS))('app page %s renders "%s"', async (path, name) => {
    const { page, context } = await openPage(browser(), DESKTOP);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await context.close();
  });

  it('an unknown path shows the 404 texts with a 404 status', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await context.close();
  });

  it('an unknown /api path is a JSON 404, never the app', async () => {
    const res = await fetch(`${BASE_URL}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
