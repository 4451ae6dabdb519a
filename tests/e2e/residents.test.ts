import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, describeBrowser, openPage, useBrowser, useOwnServer } from './browser';

async function signIn(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('commonground-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

const CSV = 'Name,Unit,Email\r\nNadia Haddad,F-101,nadia@example.org\r\n"Okafor, Chidi",F-102,\r\n';

// Its own server and database: the residents it imports stay out of the other tests' community.
describeBrowser('residents directory', () => {
  const browser = useBrowser();
  const server = useOwnServer('residents');

  it('the demo manager imports a 2-row CSV, sees the residents, and exports', async () => {
    const { page, context } = await openPage(browser(), {
      ...DESKTOP,
      baseURL: server().url,
      acceptDownloads: true,
    });
    try {
      await signIn(page, 'manager@willowcreek.example');
      await page.goto('/community-management');
      const list = page.getByRole('list', { name: 'Residents' });
      await list.getByText('Emily Rodriguez').waitFor();

      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import residents from CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'new-residents.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      await dialog.getByText('new-residents.csv: 2 residents, no problems').waitFor();
      await dialog.getByRole('button', { name: 'Import 2 residents' }).click();
      await page.getByText('Import complete').waitFor();
      await list.getByText('Okafor, Chidi').waitFor();
      await list.getByText('Nadia Haddad').waitFor();

      // Search goes to the server and into the URL.
      await page.getByRole('searchbox', { name: 'Search residents' }).fill('f-10');
      await page.getByText('2 of 12 residents match.').waitFor();
      expect(page.url()).toMatch(/\?q=f-10$/);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^residents-willow-creek-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await file.path()) ?? '', 'utf8');
      expect(
        text.startsWith('\uFEFFName,Unit,Email,Phone,Household size,Status,Joined,Notes'),
      ).toBe(true);
      expect(text).toContain('"Okafor, Chidi",F-102,');
      expect(text.trimEnd().split('\r\n')).toHaveLength(13);
    } finally {
      await context.close();
    }
  });

  const sizes: [string, 'light' | 'dark', BrowserContextOptions][] = [
    ['phone 320 px', 'light', { ...PHONE, viewport: { width: 320, height: 700 } }],
    ['desktop', 'dark', DESKTOP],
  ];
  it.each(sizes)(
    'the directory and the import preview: no axe violations, no sideways scroll (%s, %s)',
    async (_, colorScheme, size) => {
      const { page, context } = await openPage(browser(), {
        ...size,
        colorScheme,
        baseURL: server().url,
        // bypassCSP lets the test inject axe (as tests/e2e/accessibility.test.ts does).
        bypassCSP: true,
      });
      try {
        await signIn(page, 'manager@willowcreek.example');
        await page.goto('/community-management');
        await page.getByRole('list', { name: 'Residents' }).getByText('Emily Rodriguez').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        const overflow = () =>
          page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(await overflow()).toBeLessThanOrEqual(0);

        await page.getByRole('button', { name: 'Import CSV' }).click();
        const dialog = page.getByRole('dialog', { name: 'Import residents from CSV' });
        await dialog.getByLabel('CSV file').setInputFiles({
          name: 'bad.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('Name,Unit,Email\n,A-1,emily.rodriguez@example.com\n'),
        });
        await dialog.getByText('bad.csv: 1 row, 1 with problems').waitFor();
        expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect(await overflow()).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    },
  );

  it('a Board member sees who may open the directory, and no write controls', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
    try {
      await signIn(page, 'board@willowcreek.example');
      await page.goto('/community-management');
      await page.getByText(/only HOA Managers and Administrators/).waitFor();
      expect(await page.getByRole('button', { name: 'Import CSV' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add Resident' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
