import { expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../../src/lib/route-paths';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, describeBrowser, openPage, useBrowser } from './browser';
import { APP_PAGES } from '../../src/lib/app-pages';

const APP_PATHS = [...APP_PAGES.map((page) => page.path), '/no-such-page'];

const VIEWS = [
  ['phone', 'light', PHONE],
  ['phone', 'dark', PHONE],
  ['desktop', 'light', DESKTOP],
  ['desktop', 'dark', DESKTOP],
] as const;

/**
 * Each view walks about 30 pages with axe: about a minute on an idle machine, longer on a busy
 * one (CI shares its two cores), so it gets more than the default minute.
 */
const WALK_TIMEOUT_MS = 240_000;

describeBrowser('accessibility (axe) on every route', () => {
  const browser = useBrowser();

  it.each(VIEWS)(
    '%s, %s theme: no violations',
    { timeout: WALK_TIMEOUT_MS },
    async (_size, scheme, device) => {
      // bypassCSP lets the test inject axe; the app itself runs under its real CSP elsewhere.
      const { page, context } = await openPage(browser(), {
        ...device,
        colorScheme: scheme,
        bypassCSP: true,
        serviceWorkers: 'block',
      });
      const failures: string[] = [];
      for (const path of [...PUBLIC_PATHS, ...APP_PATHS]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        // Cards below the fold render as they near the viewport (ui/deferred.tsx): scroll
        // through the page so that axe sees them too.
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        });
        await page.waitForTimeout(300);
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(() => document.documentElement.classList.contains('dark')),
          `${path} theme`,
        ).toBe(scheme === 'dark');
        for (const violation of await axeViolations(page)) failures.push(`${path} ${violation}`);
      }
      expect(failures).toEqual([]);
      await context.close();
    },
  );
});
