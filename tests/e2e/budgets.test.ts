import { expect, it } from 'vitest';
import { BUDGETS, measureFirstLoad } from '../../scripts/web-metrics';
import { API_PATHS, FIRST_ANSWERS_PATH, ME_PATH } from '../../src/api/contract';
import { BASE_URL, PHONE, describeBrowser, openPage, useBrowser } from './browser';

// Sizes are stable, so CI holds them; timings are printed by `npm run bench:web` instead.
describeBrowser('size budgets (first load, gzip)', () => {
  const browser = useBrowser();

  it.each([
    ['/', BUDGETS.publicJs, undefined],
    ['/pricing', BUDGETS.publicJs, undefined],
    ['/dashboard', BUDGETS.dashboardJs, 'Monthly amenity value'],
  ] as const)('%s stays within its JavaScript and CSS budgets', async (path, jsBudget, ready) => {
    const load = await measureFirstLoad(browser(), BASE_URL, path, ready);
    expect(load.files.length).toBeGreaterThan(0);
    expect(load.js, `${path} JS: ${load.files.join(', ')}`).toBeLessThanOrEqual(jsBudget);
    expect(load.css, `${path} CSS`).toBeLessThanOrEqual(BUDGETS.css);
  });

  it("/reports downloads its report document's code only when a report is opened", async () => {
    const { page, context } = await openPage(browser(), { ...PHONE, serviceWorkers: 'block' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto('/reports');
    await page.waitForFunction(() => performance.getEntriesByName('cg:hydrated').length > 0);
    await page.waitForLoadState('networkidle');
    const isDocument = (path: string) => /\/report-document-[\w-]+\.js$/.test(path);
    expect(scripts.filter(isDocument)).toEqual([]);
    // The report list hydrates without the code below it (the report data, the scheduled reports
    // and the archive: 20 KB gzip), which comes once the page has painted.
    const beforeHydration = await page.evaluate(() => {
      const hydrated = performance.getEntriesByName('cg:hydrated')[0]?.startTime ?? 0;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < hydrated)
        .map((entry) => new URL(entry.name).pathname);
    });
    const isBelowTheList = (path: string) => /\/reports-more-[\w-]+\.js$/.test(path);
    expect(beforeHydration.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
    expect(beforeHydration.filter(isBelowTheList)).toEqual([]);
    expect(scripts.filter(isBelowTheList)).toHaveLength(1);

    await page.getByRole('button', { name: 'Preview: Amenity Usage Report' }).click();
    await page.getByRole('heading', { name: 'Visits per amenity' }).waitFor();
    expect(scripts.filter(isDocument)).toHaveLength(1);
    await context.close();
  });

  it('public pages load no React and no app code', async () => {
    for (const path of ['/', '/pricing']) {
      const load = await measureFirstLoad(browser(), BASE_URL, path);
      expect(load.files.filter((file) => file.endsWith('.js'))).toHaveLength(1);
    }
  });
});

describeBrowser('a page left open', () => {
  const browser = useBrowser();

  // A manager leaves the dashboard open in a pocket: an endless animation (the live dot's ping,
  // a placeholder pulsing off screen) kept a slowed phone's main thread ~35 ms busy every second.
  it.each([
    ['/dashboard', 'Monthly amenity value'],
    ['/analytics', 'Amenity Popularity'],
  ])('%s runs no endless animation once its figures are in', async (path, ready) => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto(path);
    await page.getByText(ready).first().waitFor();
    await page.getByText('Live Data').waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity)
              .map((animation) =>
                animation instanceof CSSAnimation ? animation.animationName : 'script animation',
              ),
          ),
        { timeout: 10_000 },
      )
      .toEqual([]);
    await context.close();
  });
});

describeBrowser('the requests of a first visit', () => {
  const browser = useBrowser();

  // Each API request costs a phone's main thread tasks of its own and, on a slow network, a
  // round trip in the browser's queue: the first frame's answers come in one request.
  it.each([
    // The usage chart's coverage (the last 24 hours: 2 local days of gaps) comes with it.
    [
      '/dashboard',
      'Monthly amenity value',
      [ME_PATH, API_PATHS.metrics, API_PATHS.sensors, `${API_PATHS.gaps}?days=2`],
    ],
    [
      '/analytics',
      'Amenity Popularity',
      [ME_PATH, API_PATHS.amenityAnalytics, `${API_PATHS.gaps}?days=2`],
    ],
    // The scheduled reports and the archive below the report list ask once the page has painted.
    ['/reports', 'Available Reports', [ME_PATH]],
  ])(
    '%s asks for its first answers in one request, and none of them again',
    async (path, ready, expected) => {
      const { page, context } = await openPage(browser(), {
        ...PHONE,
        serviceWorkers: 'block',
      });
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
      });
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      const batches = asked.filter((url) => url.startsWith(`${FIRST_ANSWERS_PATH}?`));
      expect(batches).toHaveLength(1);
      const inBatch = new URL(batches[0] ?? '', BASE_URL).searchParams.getAll('path');
      expect(inBatch).toEqual(expect.arrayContaining(expected));
      expect(asked.filter((url) => inBatch.includes(url))).toEqual([]);
      await context.close();
    },
  );
});
