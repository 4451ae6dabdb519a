import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  describeBrowser,
  holdApiAnswers,
  openPage,
  useBrowser,
  waitForHydration,
} from './browser';

/** A readable name for the focused element, and whether its focus is visibly drawn. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const drawn =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    const name =
      element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return { key: `${element.tagName}:${name}`, drawn };
  });
}

/** Tabs through the whole page once, returning what received focus. */
async function tabThrough(page: Page, limit = 200) {
  const seen: { key: string; drawn: boolean }[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) continue;
    if (seen.some((entry) => entry.key === now.key) && seen[0]?.key === now.key) break;
    seen.push(now);
  }
  return seen;
}

describeBrowser('keyboard', () => {
  const browser = useBrowser();

  it('every control of the dashboard is reachable by Tab, with a visible focus ring', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Key metrics' }).waitFor();
    await page.waitForLoadState('networkidle');
    const controls = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), select, input:not([type=hidden]), [tabindex="0"]',
        ),
      ]
        .filter(
          (element) => element.offsetParent !== null && !element.closest('dialog:not([open])'),
        )
        .map(
          (element) =>
            `${element.tagName}:${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`,
        ),
    );
    expect(controls.length).toBeGreaterThan(15);
    const reached = await tabThrough(page);
    const keys = new Set(reached.map((entry) => entry.key));
    expect(controls.filter((control) => !keys.has(control))).toEqual([]);
    expect(reached.filter((entry) => !entry.drawn).map((entry) => entry.key)).toEqual([]);
    await context.close();
  });

  it('the usage chart has a data-table alternative operable by keyboard', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/dashboard');
    const table = page.getByRole('button', { name: 'Table', exact: true });
    await table.focus();
    await page.keyboard.press('Enter');
    const grid = page.getByRole('table').filter({ hasText: 'The Great Lawn' }).first();
    await grid.waitFor();
    expect(await grid.getByRole('row').count()).toBeGreaterThan(10);
    await context.close();
  });

  it('a report opened from the keyboard has the focus, and keeps it as its data arrives', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    // Its data comes after the report is on screen, as on a slow network.
    const answers = await holdApiAnswers(page);
    await page.goto('/reports');
    await waitForHydration(page);
    const generate = page.getByRole('button', { name: 'Generate Report' });
    // Disabled until the device's saved data is read: a disabled button takes no focus, and under
    // load the read can end after hydration (CI, 2026-12-07).
    await expect.poll(() => generate.isEnabled(), { timeout: 20_000 }).toBe(true);
    await generate.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Community Report — / }).waitFor();
    answers.release();
    await page.getByRole('heading', { name: 'Visits per amenity' }).waitFor();
    const focusedReport = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? null);
    expect(await focusedReport()).toBe('report-title');
    await context.close();
  });

  it('settings tabs move with the arrow keys', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await page.goto('/settings');
    await waitForHydration(page);
    const general = page.getByRole('tab', { name: 'General' });
    await general.focus();
    // Radix moves the focus in a timeout after the keydown (its roving focus avoids focusing
    // inside React's batch), so the press resolves before the tab is selected: poll, as a reader
    // would look a moment later. Read at once, this failed once in CI under load.
    await page.keyboard.press('ArrowRight');
    const notifications = page.getByRole('tab', { name: 'Notifications' });
    await expect.poll(() => notifications.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Notifications');
    await page.keyboard.press('End');
    const billing = page.getByRole('tab', { name: 'Billing' });
    await expect.poll(() => billing.getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('on a phone, no control Tab reaches is hidden under the header or the bars at the bottom', async () => {
    for (const path of ['/dashboard', '/settings', '/account']) {
      const { page, context } = await openPage(browser(), PHONE);
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const hidden: string[] = [];
      for (let i = 0; i < 80; i += 1) {
        await page.keyboard.press('Tab');
        const covered = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          // What is drawn at the top, middle and bottom of the control: a bar that stays on
          // screen while the page scrolls under it (the header, the bottom bar, the demo banner)
          // must not be in the way.
          const box = element.getBoundingClientRect();
          const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
          const under = [box.top + 2, box.top + box.height / 2, box.bottom - 2].some((y) => {
            const hit = document.elementFromPoint(x, y);
            if (!hit || element.contains(hit) || hit.contains(element)) return false;
            for (let node: Element | null = hit; node; node = node.parentElement) {
              const { position } = getComputedStyle(node);
              if (position === 'fixed' || position === 'sticky') return !node.contains(element);
            }
            return false;
          });
          return under
            ? `${element.tagName}:${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`
            : '';
        });
        if (covered) hidden.push(covered);
      }
      expect(hidden, path).toEqual([]);
      await context.close();
    }
  });
});
