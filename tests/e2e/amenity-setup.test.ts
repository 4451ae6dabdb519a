import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pngOf } from '../images';
import { expectAxeCleanInBothThemes } from './axe';
import { DESKTOP, PHONE, describeBrowser, openPage, useBrowser, useOwnServer } from './browser';

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
  const server = useOwnServer('amenities');

  it('the demo manager adds an amenity and sees it on the Amenities page', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
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

  it('the manager gives Solis Hall a photo, sees it on its card, then removes it', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
    try {
      await signIn(page, 'manager@willowcreek.example');
      await page.goto('/amenities');
      const card = page.getByRole('article', { name: 'Solis Hall' });
      await card.waitFor();
      expect(await card.getByRole('img').count()).toBe(0);

      await page.getByRole('button', { name: 'Settings: Solis Hall' }).click();
      const dialog = page.getByRole('dialog', { name: 'Solis Hall settings' });
      await dialog.getByRole('button', { name: 'Choose photo' }).waitFor();
      await dialog.getByTestId('amenity-photo-input').setInputFiles({
        name: 'solis-hall.png',
        mimeType: 'image/png',
        buffer: Buffer.from(pngOf(160, 90)),
      });
      await dialog.getByRole('img', { name: 'Chosen for Solis Hall: solis-hall.png' }).waitFor();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The card shows the stored photo, really loaded from the server.
      const photo = card.getByRole('img', { name: 'View of Solis Hall' });
      await photo.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () =>
          (document.querySelector('img[alt="View of Solis Hall"]') as HTMLImageElement | null)
            ?.naturalWidth === 160,
      );
      const src = (await photo.getAttribute('src')) ?? '';
      expect(src).toMatch(/^\/api\/amenities\/solis-hall\/photo\?v=[0-9a-f]{16}$/);
      const served = await page.request.get(src);
      expect(served.headers()['content-type']).toBe('image/png');
      // Stored on the server: after a reload it is still there.
      await page.reload();
      await card.getByRole('img', { name: 'View of Solis Hall' }).waitFor();

      await page.getByRole('button', { name: 'Settings: Solis Hall' }).click();
      await dialog.getByRole('img', { name: 'Current view of Solis Hall' }).waitFor();
      await dialog.getByRole('button', { name: 'Remove photo' }).click();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForFunction(
        () => document.querySelector('img[alt="View of Solis Hall"]') === null,
      );
      expect((await page.request.get(src)).status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('on a phone, the photo field and a card with a photo are axe-clean', async () => {
    // bypassCSP lets the test inject axe; the test above runs under the real CSP.
    const { page, context } = await openPage(browser(), {
      ...PHONE,
      baseURL: server().url,
      bypassCSP: true,
    });
    try {
      await signIn(page, 'manager@willowcreek.example');
      await page.goto('/amenities');
      await page.getByRole('button', { name: 'Settings: The Yard' }).click();
      const dialog = page.getByRole('dialog', { name: 'The Yard settings' });
      const choose = dialog.getByRole('button', { name: 'Choose photo' });
      // A touch target of at least 44 px.
      expect((await choose.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await dialog.getByTestId('amenity-photo-input').setInputFiles({
        name: 'yard.png',
        mimeType: 'image/png',
        buffer: Buffer.from(pngOf(120, 68)),
      });
      await dialog.getByRole('img', { name: 'Chosen for The Yard: yard.png' }).waitFor();
      await expectAxeCleanInBothThemes(page, 'the photo field with a preview');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const photo = page
        .getByRole('article', { name: 'The Yard' })
        .getByRole('img', { name: 'View of The Yard' });
      // Loaded in view (it is lazy), then checked from the top of the page: scrolled, whatever
      // control sits half under the sticky header would count as a small target for axe.
      await photo.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await photo.elementHandle(),
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAxeCleanInBothThemes(page, 'a card with a photo');
    } finally {
      await context.close();
    }
  });

  it('a Board member sees no Add Amenity and no Settings', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
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
