import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort, startServer } from '../../scripts/production-server';
import { DEMO_COMMUNITY } from '../../server/simulator/demo';
import { ALERTS_API_PATHS, type ReportSchedule } from '../../src/api/contract';
import { urlFromKey } from '../../src/api/query-fn';
import { WEEKDAYS } from '../../src/features/reports/schedule-draft';
import { cellsOf } from '../csv-cells';
import {
  DESKTOP,
  DIST_DIR,
  describeBrowser,
  goOffline,
  goOnline,
  openPage,
  requestFromPage,
  signIn,
  storedQueryKeys,
  useBrowser,
  waitForSnapshot,
} from './browser';

/** The scheduler looks for due schedules this often (server/jobs/scheduler.ts). */
const SCHEDULER_INTERVAL_MS = 30_000;

const communityClock = new Intl.DateTimeFormat('en-US', {
  timeZone: DEMO_COMMUNITY.timeZone,
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The weekday and HH:MM, in the community's time zone, of the first whole minute at least
 * `leadMs` from now: a weekly schedule at that time is due within a couple of minutes. `repeated`
 * when that minute is the second of its name on the night the clocks go back: a schedule's time
 * means the first (server/schedules/due.ts), already past, so it is due a week later.
 */
function soonInCommunityTime(leadMs: number) {
  const at = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
  const parts = communityClock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAYS.indexOf(part('weekday') as (typeof WEEKDAYS)[number]),
    time: `${part('hour')}:${part('minute')}`,
    at,
    repeated: communityClock.format(at - 3_600_000) === communityClock.format(at),
  };
}

/** Whether the offline snapshot holds the archive list, and the CSV of entry `id`. */
async function archiveSaved(page: Page, id: number) {
  const urls = ((await storedQueryKeys(page)) ?? []).map((key) => urlFromKey(key));
  return {
    list: urls.includes(ALERTS_API_PATHS.reportArchive),
    csv: urls.includes(`${ALERTS_API_PATHS.reportArchive}/${id}`),
  };
}

/** Waits until the service worker is active (it precaches the app shell for offline reloads). */
async function serviceWorkerReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
      { timeout: 30_000, interval: 250 },
    )
    .toBe('activated');
}

/**
 * Issue 14, "the scheduled report appears in the archive and opens offline": a manager schedules
 * the weekly usage report for a minute from now, the server's own scheduler builds it (nothing
 * is triggered by the test), it appears in the Reports page's archive, and after going offline
 * and reloading it still opens and downloads from the device, marked as a saved copy with its
 * age. Signing out, even offline, then leaves nothing of it on the device, and the session ends
 * on the server once it can be reached.
 */
describeBrowser('report archive', () => {
  const browser = useBrowser();

  it(
    'a scheduled report appears in the archive, opens offline, and sign-out removes it',
    { timeout: 300_000 },
    async ({ skip }) => {
      const work = mkdtempSync(path.join(tmpdir(), 'commonground-archive-'));
      const server = await startServer({
        port: await freePort(),
        dataDir: path.join(work, 'data'),
        distDir: DIST_DIR,
        env: { SIMULATE: '0' },
      });
      const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server.url });
      try {
        await signIn(page, 'manager@willowcreek.example');
        await page.goto('/reports');
        await serviceWorkerReady(page);
        const archive = page.getByRole('region', { name: 'Report archive' });
        await archive.getByText('No archived reports yet').waitFor();

        // A weekly schedule for today, a minute or two from now (community time).
        const soon = soonInCommunityTime(40_000);
        // One hour a year (the clocks going back) no minute is due within this test's time.
        if (soon.repeated) skip(`${soon.time} comes twice tonight in the community's time zone`);
        const schedules = page.getByRole('region', { name: 'Scheduled Reports' });
        await schedules.getByRole('button', { name: 'New schedule' }).click();
        const form = schedules.getByRole('form', { name: 'New schedule' });
        await form.getByRole('combobox', { name: 'Frequency' }).selectOption('weekly');
        await form
          .getByRole('combobox', { name: 'Day of the week' })
          .selectOption(String(soon.weekday));
        await form.getByRole('textbox', { name: 'Time of day' }).fill(soon.time);
        await form.getByRole('button', { name: 'Save schedule' }).click();
        const described = `${WEEKDAYS[soon.weekday]}s at ${soon.time}`;
        await schedules.getByRole('button', { name: `Edit: ${described}` }).waitFor();
        const saved = await requestFromPage(page, 'GET', ALERTS_API_PATHS.reportSchedules);
        const nextRunAt = Date.parse((saved.json as ReportSchedule[])[0]?.nextRunAt ?? '');
        expect(nextRunAt).toBe(soon.at);

        // The server builds it at its time: wait for the archive entry, then see it in the app.
        await expect
          .poll(
            async () =>
              (
                (await requestFromPage(page, 'GET', ALERTS_API_PATHS.reportArchive)).json as
                  unknown[] | null
              )?.length ?? 0,
            {
              timeout: Math.max(0, nextRunAt - Date.now()) + SCHEDULER_INTERVAL_MS + 30_000,
              interval: 2_000,
            },
          )
          .toBe(1);
        await page.reload();
        const open = archive.getByRole('button', { name: /^Open: Usage report, week of / });
        await open.waitFor();
        const title = ((await open.getAttribute('aria-label')) ?? '').replace(/^Open: /, '');
        const entries = (await requestFromPage(page, 'GET', ALERTS_API_PATHS.reportArchive))
          .json as { id: number }[];
        const id = entries[0]?.id ?? 0;

        await open.click();
        const dialog = page.getByRole('dialog', { name: title });
        const summary = dialog.getByRole('definition').first();
        const total = await summary.textContent();
        expect(total).toMatch(/^[\d,]+$/);
        // The readings of its period, from the server: their Entries add up to its total.
        const readingsButton = dialog.getByRole('button', { name: `Download readings: ${title}` });
        const [readings] = await Promise.all([
          page.waitForEvent('download'),
          readingsButton.click(),
        ]);
        const lines = cellsOf(readFileSync(await readings.path(), 'utf8'));
        const rows = lines.slice(lines.findIndex((cells) => cells[0] === 'Amenity') + 1);
        expect(rows.length).toBeGreaterThan(7 * 24 * 7);
        const visits = rows.reduce((sum, row) => sum + Number(row[6]), 0);
        expect(visits).toBe(Number(total?.replace(/,/g, '')));
        await dialog.getByRole('button', { name: 'Close' }).last().click();

        // On the device: the list and the CSV (fetched in the background while online).
        await waitForSnapshot(page, []);
        await expect.poll(() => archiveSaved(page, id)).toEqual({ list: true, csv: true });

        // Offline, after a reload: listed (the banner gives the saved data's age), opens,
        // downloads from the device.
        await goOffline(context);
        await page.reload();
        await open.waitFor({ timeout: 15_000 });
        await page
          .getByText(
            /(You are offline\. Showing|Can't reach CommonGround · showing) data saved .+ ago/,
          )
          .waitFor();
        await open.click();
        expect(await summary.textContent()).toBe(total);
        await dialog.getByRole('term').filter({ hasText: 'Built' }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByRole('button', { name: `Download CSV: ${title}` }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-to-.+\.csv$/);
        expect(readFileSync(await download.path(), 'utf8')).toContain('Grand Lake');
        // The readings are the server's alone: offline, the dialog says so where it was asked.
        await readingsButton.click();
        await dialog
          .getByRole('alert')
          .filter({ hasText: 'The readings file comes from the server: connect to download it.' })
          .waitFor();
        await dialog.getByRole('button', { name: 'Close' }).last().click();

        // Signing out (still offline, as on a shared tablet with no network) wipes it.
        const signOut = page
          .getByRole('complementary', { name: 'Sidebar' })
          .getByRole('button', { name: 'Sign out' });
        await signOut.click();
        await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
        // No snapshot record, or one without any data: a cache event after the wipe (the
        // sign-in page asking who is looking) may write the empty cache again (as auth.test.ts).
        await expect
          .poll(async () => (await storedQueryKeys(page)) ?? [], { timeout: 10_000 })
          .toEqual([]);
        await page.goto('/reports');
        await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
        await expect
          .poll(() => archive.textContent(), { timeout: 15_000 })
          .toMatch(/No saved copy of this yet|Not loaded yet/);
        expect(await open.count()).toBe(0);

        // Back online, the sign-out reaches the server before anything else: the session is
        // over (the HttpOnly cookie only the server could end), so this is the demo again.
        await goOnline(context);
        await page.goto('/dashboard');
        await page
          .getByRole('region', { name: 'Demo' })
          .waitFor()
          .catch(async (error: unknown) => {
            // Where the page was instead (the context is closed before any artifact is taken).
            const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
            const me = await requestFromPage(page, 'GET', '/api/me');
            throw new Error(
              `No demo banner on ${page.url()}: heading "${heading}", /api/me ${JSON.stringify(me)}, storage ${JSON.stringify(await page.evaluate(() => ({ ...localStorage })))}, cookies ${JSON.stringify(await context.cookies())}`,
              { cause: error },
            );
          });
        expect(await requestFromPage(page, 'GET', '/api/me')).toMatchObject({
          status: 200,
          json: { demo: true },
        });
      } finally {
        await context.close();
        await server.stop();
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
