import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort, startServer } from '../../scripts/production-server';
import { expectAxeCleanInBothThemes } from './axe';
import { DESKTOP, DIST_DIR, describeBrowser, openPage, useBrowser } from './browser';

/**
 * Issue 14, end to end: a manager sets "tell me when Grand Lake reaches 100%", a sensor posts a
 * reading at it, and the alert reaches the shell's badge and the inbox. A server of its own,
 * with a known ingest key and no simulator, so only this test's reading moves the lake.
 */
const INGEST_KEY = 'e2e-alerts-ingest-key-7c1d2e9f';

describeBrowser('alerts', () => {
  const browser = useBrowser();

  // Starts (and seeds) a server of its own and runs axe six times: more than the default minute
  // on a busy two-core machine.
  it(
    'a rule set in the app fires on a posted reading and shows in the badge and inbox',
    { timeout: 180_000 },
    async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'commonground-alerts-'));
      const server = await startServer({
        port: await freePort(),
        dataDir: path.join(work, 'data'),
        distDir: DIST_DIR,
        env: { INGEST_API_KEY: INGEST_KEY, SIMULATE: '0' },
      });
      // bypassCSP lets the test inject axe (as tests/e2e/accessibility.test.ts does).
      const { page, context } = await openPage(browser(), {
        ...DESKTOP,
        baseURL: server.url,
        bypassCSP: true,
        serviceWorkers: 'block',
      });
      try {
        await page.goto('/sign-in');
        await page.getByLabel('Email').fill('manager@willowcreek.example');
        await page.getByLabel('Password').fill('commonground-demo');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

        // The quick actions are below the first screen, whose cards load as the reader nears them.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.getByRole('button', { name: 'Manage Alerts' }).click();
        await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
        const rules = page.getByRole('region', { name: 'Alert rules' });
        await rules.getByRole('button', { name: 'Edit Grand Lake Occupancy' }).click();
        const form = rules.getByRole('form', { name: 'Edit rule' });
        await form.getByLabel('Threshold').waitFor();
        await expectAxeCleanInBothThemes(page, 'alert rule form');
        await form.getByLabel('Threshold').fill('100');
        await form.getByLabel('Re-arm below').fill('90');
        await form.getByRole('button', { name: 'Save rule' }).click();
        await rules
          .getByText('At 100% of capacity, re-arms below 90% of capacity, cool-down 30 min')
          .waitFor();

        // A new rule is judged on the lake's latest readings at once, so its threshold sits above
        // anything the seeded day reaches (the simulator's lake peaks at ~149 of 150 on a summer
        // weekend, so 95% could fire first); 150 people at the lake (capacity 150) is 100%.
        const res = await fetch(`${server.url}/api/readings`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${INGEST_KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            readings: [
              {
                amenityId: 'grand-lake',
                time: new Date(Date.now() - 1000).toISOString(),
                occupancy: 150,
                entries: 30,
                dwellMinutes: 20,
              },
            ],
          }),
        });
        expect(res.status).toBe(200);

        await page.reload();
        const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
        // Chromium may set the visually hidden words apart with a space: "Alerts , 1 unread".
        await sidebar.getByRole('link', { name: /^Alerts\s*, \d+ unread$/ }).waitFor();
        const inbox = page.getByRole('region', { name: 'Inbox' });
        const alert = inbox
          .getByRole('listitem')
          .filter({ hasText: /Grand Lake.*100% of capacity/ });
        await alert.first().waitFor();
        expect(await alert.first().textContent()).toContain('Occupancy');
        await expectAxeCleanInBothThemes(page, 'inbox with an unread alert');

        await page.goto('/reports');
        const schedules = page.getByRole('region', { name: 'Scheduled Reports' });
        await schedules.getByRole('button', { name: 'New schedule' }).click();
        await schedules.getByRole('form', { name: 'New schedule' }).waitFor();
        await expectAxeCleanInBothThemes(page, 'schedule form');
      } finally {
        await context.close();
        await server.stop();
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
