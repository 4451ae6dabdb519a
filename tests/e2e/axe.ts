import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = { id: string; help: string; nodes: { target: string[] }[] };

/** The WCAG 2.2 AA and best-practice violations axe finds on the page, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
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

/**
 * Axe-clean in both themes, switched in place so an open form or dialog stays open. Buttons fade
 * their colours (`transition-colors`), so axe runs once those transitions end: mid-fade, a button
 * is half light, half dark, a contrast no reader sees for longer than 150 ms.
 */
export async function expectAxeCleanInBothThemes(page: Page, where: string): Promise<void> {
  for (const dark of [false, true]) {
    await page.evaluate(async (on) => {
      document.documentElement.classList.toggle('dark', on);
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    }, dark);
    expect(await axeViolations(page), `${where}, ${dark ? 'dark' : 'light'}`).toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}
