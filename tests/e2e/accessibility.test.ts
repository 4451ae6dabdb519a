import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PUBLIC_PATHS } from '../../src/lib/route-paths';
import { DESKTOP, PHONE, describeBrowser, openPage, useBrowser } from './browser';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const APP_PATHS = [
  '/dashboard',
  '/analytics',
  '/amy-events',
  '/reports',
  '/settings',
  '/amenities',
  '/community-management',
  '/no-such-page',
];

type Violation = { id: string; help: string; nodes: { target: string[] }[] };

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations;
  });
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

const VIEWS = [
  ['phone', 'light', PHONE],
  ['phone', 'dark', PHONE],
  ['desktop', 'light', DESKTOP],
  ['desktop', 'dark', DESKTOP],
] as const;

describeBrowser('accessibility (axe) on every route', () => {
  const browser = useBrowser();

  it.each(VIEWS)('%s, %s theme: no violations', async (_size, scheme, device) => {
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
      expect(
        await page.evaluate(() => document.documentElement.classList.contains('dark')),
        `${path} theme`,
      ).toBe(scheme === 'dark');
      for (const violation of await axeViolations(page)) failures.push(`${path} ${violation}`);
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
