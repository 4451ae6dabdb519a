import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort, startServer } from '../../scripts/production-server';
import { DESKTOP, DIST_DIR, describeBrowser, openPage, useBrowser } from './browser';

async function signIn(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('commonground-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

// Its own server and database: the amenity it adds stays out of the other tests' community.
describeBrowser('amenity setup', () => {
  const browser = useBrowser();
  let work: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'commonground-amenities-'));
    const distDir = path.join(work, 'dist');
    cpSync(DIST_DIR, distDir, { recursive: true });
    server = await startServer({
      port: await freePort(),
      dataDir: path.join(work, 'data'),
      distDir,
      env: { SIMULATE: '0' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('the demo manager adds an amenity and sees it on the Amenities page', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server.url });
    try {
      await signIn(page, 'manager@willowcreek.example');
      await page.goto('/amenities');
      await page.getByRole('button', { name: 'Add Amenity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Amenity' });
      await dialog.getByLabel('Name').fill('Clubhouse Pool');
      await dialog.getByLabel('Type').selectOption('lake');
      await dialog.getByLabel('Capacity (people)').fill('40');
      await dialog.getByLabel(/Monthly operating cost/).fill('3100');
      await dialog.getByRole('button', { name: 'Add amenity' }).click();
      await page.getByRole('article', { name: 'Clubhouse Pool' }).waitFor();
      // Stored on the server: a fresh page load shows it too.
      await page.reload();
      await page.getByRole('article', { name: 'Clubhouse Pool' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a Board member sees no Add Amenity and no Settings', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server.url });
    try {
      await signIn(page, 'board@willowcreek.example');
      await page.goto('/amenities');
      await page.getByRole('article', { name: 'Solis Hall' }).waitFor();
      await page.getByText('Board Member').first().waitFor();
      expect(await page.getByRole('button', { name: 'Add Amenity' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Settings:/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
