import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startServer } from '../../scripts/production-server';
import { rebuildRollups } from '../../server/rollups';
import { ensureDemoCommunity } from '../../server/first-start';
import { openDatabase } from '../../server/server';
import { USAGE_SERIES, formatUsageTime } from '../../src/lib/usage-chart';
import { SETTINGS_KEY } from '../../src/lib/storage-keys';
import { DESKTOP, DIST_DIR, describeBrowser, openPage, useBrowser } from './browser';

const HOUR = 3_600_000;
/** Grand Lake's counter says nothing for these whole hours, counted back from the current one. */
const SILENT_HOURS = [6, 5, 4] as const;

/**
 * Issue 12, "gaps drawn as breaks": the demo community with Grand Lake's counter silent for three
 * hours (its readings of those hours removed before the server starts, as if never sent). The
 * Daily usage chart reads out "No data" there, not 0, and its table lists the same gap, while the
 * other amenities, and the lake before and after, have their counts.
 */
describeBrowser('gaps in the usage data', () => {
  const browser = useBrowser();
  let work: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  /** The start of the hour the readings were removed in, and the community's zone. */
  let top: number;
  let timeZone: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'commonground-gaps-'));
    const dataDir = path.join(work, 'data');
    const db = await openDatabase({ dataDir });
    try {
      // One instant for the seed and the hour: the hour may turn while the seed runs, and the
      // newest hour then has no reading at all.
      const now = Date.now();
      const { community } = await ensureDemoCommunity(db, now, {
        days: 3,
        eventDays: 30,
      });
      const lake = community.amenities.find((amenity) => amenity.slug === 'grand-lake');
      timeZone = community.timeZone;
      top = Math.floor(now / HOUR) * HOUR;
      await db.query(
        `DELETE FROM readings WHERE community_id = $1 AND amenity_id = $2
            AND time >= $3 AND time < $4`,
        [
          community.id,
          lake?.id,
          new Date(top - Math.max(...SILENT_HOURS) * HOUR).toISOString(),
          new Date(top - (Math.min(...SILENT_HOURS) - 1) * HOUR).toISOString(),
        ],
      );
      await rebuildRollups(db, community.id);
    } finally {
      await db.close();
    }
    server = await startServer({
      port: await freePort(),
      dataDir,
      distDir: DIST_DIR,
      env: { SIMULATE: '0' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('a silent period is a break in the chart and "No data" in its table, never 0', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server.url });
    try {
      // One fetch for the table and the chart: a refresh after the hour turned would move every
      // row of the chart by one between reading the table and hovering its hours.
      await page.addInitScript(
        (key) => localStorage.setItem(key, JSON.stringify({ autoRefresh: false })),
        SETTINGS_KEY,
      );
      await page.goto('/dashboard');
      const card = page.getByRole('region', { name: 'Amenity Usage Over Time' });
      await card.getByRole('button', { name: 'Daily', exact: true }).click();
      const legend = card.getByRole('list', { name: 'Usage legend' });
      await card.getByText(/^Latest · /).waitFor();
      const lakeColumn = USAGE_SERIES.findIndex((series) => series.key === 'lake');

      // The table: one row an hour, oldest first; the lake's cell says "No data" in the gap.
      await card.getByRole('button', { name: 'Table', exact: true }).click();
      const rows = card.getByRole('table').getByRole('row');
      await expect.poll(() => rows.count()).toBe(25);
      const table = await rows.evaluateAll((list) =>
        list.slice(1).map((row) => ({
          // The current hour's row reads "Thu 11:00 PM (so far)"; its hour is what is compared.
          hour: (row.querySelector('th')?.textContent ?? '').replace(/ \(so far\)$/, ''),
          cells: [...row.querySelectorAll('td')].map((td) => td.textContent),
        })),
      );
      // Rows are found by their hour, not their place: the hour may turn between the removal
      // and this read, and every row then moves up one, with a new hour no counter has
      // reported in yet at the bottom.
      const label = (ms: number) => formatUsageTime(ms, 'day', 'long', timeZone);
      const silent = SILENT_HOURS.map((back) => label(top - back * HOUR));
      const sinceRemoval = [1, 2].map((ahead) => label(top + ahead * HOUR));
      const lakeGaps = table.flatMap((row, i) =>
        row.cells[lakeColumn] === 'No data' && !sinceRemoval.includes(row.hour) ? [i] : [],
      );
      expect(lakeGaps.map((i) => table[i]?.hour)).toEqual(silent);
      for (const i of lakeGaps) {
        expect(table[i]?.cells.filter((cell) => cell === 'No data')).toHaveLength(1);
      }
      const [first = 0, middle = 0, last = 0] = lakeGaps;
      // Counted before and after the silence: a break, not the end of the line.
      expect(table[first - 1]?.cells[lakeColumn]).toMatch(/^\d/);
      expect(table[last + 1]?.cells[lakeColumn]).toMatch(/^\d/);

      // The chart: the cursor on a silent hour reads out "No data" for the lake, and a number
      // for the lawn; one hour earlier the lake has its count again.
      await card.getByRole('button', { name: 'Chart', exact: true }).click();
      const plot = card.locator('.u-over');
      await plot.waitFor();
      const box = await plot.boundingBox();
      if (!box) throw new Error('the chart has no plot area');
      // The line has the 23 complete hours (the current one is read out, not drawn).
      const hoverRow = async (row: number) => {
        await page.mouse.move(box.x + (box.width * row) / 22, box.y + box.height / 2);
      };
      const lake = legend.getByRole('listitem').filter({ hasText: 'Grand Lake' });
      const lawn = legend.getByRole('listitem').filter({ hasText: 'The Great Lawn' });
      await hoverRow(middle);
      await expect.poll(() => lake.textContent()).toBe('Grand LakeNo data');
      expect(await lawn.textContent()).toMatch(/^The Great Lawn\d/);
      await hoverRow(first - 1);
      await expect.poll(() => lake.textContent()).toMatch(/^Grand Lake\d/);
    } finally {
      await context.close();
    }
  });
});
