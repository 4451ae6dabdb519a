import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { freePort, startServer } from '../../scripts/production-server';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from '../../server/auth/demo-accounts';
import { base32Decode, totp } from '../../server/auth/totp';
import { addDays } from '../../src/lib/calendar-date';
import { todayIn } from '../../src/lib/zoned-time';
import { axeViolations } from './axe';
import { DESKTOP, DIST_DIR, PHONE, describeBrowser, openPage, useBrowser } from './browser';

/**
 * Issue 11, the community profile and the audit log: the demo Admin renames the community in
 * Settings → General, every view names it so (the user card), and Settings → Audit log lists the
 * change. A server of its own, so the Admin's one-time code and the new name touch no other test.
 */
describeBrowser('community profile and audit log', () => {
  const browser = useBrowser();

  async function signInAsAdmin(page: Page) {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('admin@willowcreek.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await code.fill(totp(base32Decode(DEMO_ADMIN_TOTP_SECRET) ?? Buffer.alloc(0), Date.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  }

  it(
    'an Admin renames the community: the user card shows it, the audit log lists it',
    { timeout: 300_000 },
    async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'commonground-profile-'));
      const distDir = path.join(work, 'dist');
      cpSync(DIST_DIR, distDir, { recursive: true });
      const server = await startServer({
        port: await freePort(),
        dataDir: path.join(work, 'data'),
        distDir,
        env: { SIMULATE: '0' },
      });
      const views: [string, BrowserContextOptions][] = [
        ['desktop light', { ...DESKTOP, colorScheme: 'light' }],
        ['phone dark', { ...PHONE, colorScheme: 'dark' }],
      ];
      const failures: string[] = [];
      try {
        const { page, context } = await openPage(browser(), {
          ...DESKTOP,
          baseURL: server.url,
          bypassCSP: true,
          serviceWorkers: 'block',
        });
        await signInAsAdmin(page);
        const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
        await sidebar.getByText('Willow Creek', { exact: true }).waitFor();

        await page.goto('/settings');
        const name = page.getByLabel('Community name');
        await expect.poll(() => name.inputValue()).toBe('Willow Creek');
        await name.fill('Willow Creek Commons');
        await page.getByRole('button', { name: 'Save profile' }).click();
        await page.getByText('Community profile saved').first().waitFor();
        // The user card reads the stored profile, not this device's settings.
        await sidebar.getByText('Willow Creek Commons', { exact: true }).waitFor();
        await page.reload();
        await sidebar.getByText('Willow Creek Commons', { exact: true }).waitFor();

        await page.getByRole('tab', { name: 'Audit log' }).click();
        const panel = page.getByRole('tabpanel', { name: 'Audit log' });
        const row = panel.getByRole('listitem').filter({ hasText: 'Community profile changed' });
        await row.first().waitFor();
        const text = (await row.first().textContent()) ?? '';
        expect(text).toContain('by Alex Rivera');
        expect(text).toContain('Willow Creek Commons');
        // Sign-ins are listed too, with no secret in the page.
        await panel.getByText('Signed in').first().waitFor();
        expect(await panel.textContent()).not.toContain(DEMO_ADMIN_TOTP_SECRET);
        // A period of the community's days: up to yesterday holds none of today's entries.
        const today = todayIn('America/Los_Angeles');
        await panel.getByLabel(/^To/).fill(addDays(today, -1));
        await panel.getByText('Nothing recorded in this period.').waitFor();
        await panel.getByLabel(/^From/).fill(today);
        await panel.getByText(/The period ends before it starts/).waitFor();
        await panel.getByLabel(/^To/).fill(today);
        await row.first().waitFor();
        // The same entries as a file that says what it holds.
        const download = page.waitForEvent('download');
        await panel.getByRole('button', { name: 'Download CSV' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^audit-log-willow-creek-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = readFileSync((await file.path()) ?? '', 'utf8');
        expect(csv.startsWith('\uFEFFReport,Audit log\r\nCommunity,Willow Creek Commons\r\n')).toBe(
          true,
        );
        expect(csv).toContain(`Period,${today}\r\n`);
        expect(csv).toContain('Community profile changed,community.update');
        expect(csv).not.toContain(DEMO_ADMIN_TOTP_SECRET);

        // axe on the Admin's own sections (not routes, so the route walk cannot reach them).
        for (const [label, device] of views) {
          const view = await openPage(browser(), {
            ...device,
            baseURL: server.url,
            bypassCSP: true,
            serviceWorkers: 'block',
          });
          await view.context.addCookies(await context.cookies());
          await view.page.goto('/settings');
          await view.page.getByLabel('Community name').waitFor();
          await view.page.waitForLoadState('networkidle');
          for (const violation of await axeViolations(view.page)) {
            failures.push(`${label} general ${violation}`);
          }
          await view.page.getByRole('tab', { name: 'Audit log' }).click();
          await view.page.getByText('Community profile changed').first().waitFor();
          for (const violation of await axeViolations(view.page)) {
            failures.push(`${label} audit ${violation}`);
          }
          await view.context.close();
        }
        await context.close();
      } finally {
        await server.stop();
        rmSync(work, { recursive: true, force: true });
      }
      expect(failures).toEqual([]);
    },
  );
});
