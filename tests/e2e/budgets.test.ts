import { expect, it } from 'vitest';
import { BUDGETS, measureFirstLoad } from '../../scripts/web-metrics';
import { BASE_URL, describeBrowser, useBrowser } from './browser';

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

  it('public pages load no React and no app code', async () => {
    for (const path of ['/', '/pricing']) {
      const load = await measureFirstLoad(browser(), BASE_URL, path);
      expect(load.files.filter((file) => file.endsWith('.js'))).toHaveLength(1);
    }
  });
});
