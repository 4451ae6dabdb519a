import { expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../../src/lib/route-paths';
import { BASE_URL, DESKTOP, PHONE, describeBrowser, openPage, signIn, useBrowser } from './browser';

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

  it('the dashboard takes over its prerendered first frame instead of building it again', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // A range chosen on an earlier visit: the first frame shows the default, the app the choice.
    await context.addInitScript(() => localStorage.setItem('cg.dashboard.range', '7'));
    // The heading the browser parsed from the HTML, before any script of the app ran.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const heading = document.querySelector('h1');
        if (!heading) return;
        Object.assign(window, { parsedHeading: heading });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/dashboard');
    await page.getByText('Monthly amenity value').waitFor();
    expect(
      await page.evaluate(
        () => 'parsedHeading' in window && window.parsedHeading === document.querySelector('h1'),
      ),
    ).toBe(true);
    await expect.poll(() => page.getByLabel('Date range').inputValue()).toBe('7');
    // Hydrated event handlers work: the range is still chosen here.
    await page.getByLabel('Date range').selectOption('90');
    expect(await page.evaluate(() => localStorage.getItem('cg.dashboard.range'))).toBe('90');
    expect(errors.filter((text) => !/Service Worker/i.test(text))).toEqual([]);
    await context.close();
  });

  it.each([
    ['/reports?report=financial', 'region', 'Financial Impact Report — Last Month'],
    ['/analytics?amenity=great-lawn', 'heading', 'The Great Lawn'],
  ] as const)(
    '%s (a link a push or a report opens) takes over its frame without a mismatch',
    async (path, role, name) => {
      const { page, context } = await openPage(browser(), PHONE);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(path);
      // The query still applies: the report is open, the amenity in focus.
      await page.getByRole(role, { name }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(errors.filter((text) => !/Service Worker/i.test(text))).toEqual([]);
      await context.close();
    },
  );

  it('a tap on the first frame before the app has started is acted on once it has', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, serviceWorkers: 'block' });
    // The app's code held back, as on a phone with poor signal: only the prerendered frame shows.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/settings', { waitUntil: 'commit' });
    const integrations = page.getByRole('tab', { name: 'Integrations' });
    await integrations.click();
    expect(await page.evaluate(() => performance.getEntriesByName('cg:hydrated').length)).toBe(0);
    expect(await integrations.getAttribute('aria-selected')).toBe('false');

    release();
    await page
      .getByRole('tabpanel', { name: 'Integrations' })
      .getByRole('heading', { name: 'Integrations' })
      .waitFor();
    expect(await integrations.getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it.each(Object.keys(APP_HEADINGS))(
    '%s takes over its prerendered frame on a visit with a saved snapshot too',
    async (path) => {
      // No service worker: the page's scripts come from the network, as on a first install.
      const { page, context } = await openPage(browser(), { ...PHONE, serviceWorkers: 'block' });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.addInitScript(() => {
        const observer = new MutationObserver(() => {
          const heading = document.querySelector('h1');
          if (!heading) return;
          Object.assign(window, { parsedHeading: heading });
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await signIn(page, 'manager@willowcreek.example');
      // The second visit restores the first's snapshot, which is ready before the page has
      // hydrated: shown then, it made React discard the frame and build the page again.
      for (const visit of ['first', 'second', 'third']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        expect(
          await page.evaluate(
            () =>
              'parsedHeading' in window && window.parsedHeading === document.querySelector('h1'),
          ),
          `${visit} visit`,
        ).toBe(true);
      }
      expect(errors.filter((text) => !/Service Worker/i.test(text))).toEqual([]);
      await context.close();
    },
  );

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
