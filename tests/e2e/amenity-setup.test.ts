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

  it("on a phone, a camera's photo over 2 MB is made smaller on the device and saved as a 1,600 px JPEG", async () => {
    // 2,000 × 1,500 with a camera's grain: a PNG of several MB, as a phone would hand over.
    let seed = 7;
    const grain = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 24) - 12;
    const camera = pngOf(2000, 1500, {
      rgb: (x, y) => [90 + (x % 97) + grain(), 140 + (y % 61) + grain(), 120 + grain()],
    });
    expect(camera.length).toBeGreaterThan(2 * 1024 * 1024);
    const { page, context } = await openPage(browser(), { ...PHONE, baseURL: server().url });
    try {
      await signIn(page, 'manager@willowcreek.example');
      await page.goto('/amenities');
      await page.getByRole('button', { name: 'Settings: Grand Lake' }).click();
      const dialog = page.getByRole('dialog', { name: 'Grand Lake settings' });
      await dialog.getByTestId('amenity-photo-input').setInputFiles({
        name: 'IMG_2041.png',
        mimeType: 'image/png',
        buffer: Buffer.from(camera),
      });
      await dialog.getByRole('img', { name: 'Chosen for Grand Lake: IMG_2041.png' }).waitFor();
      const state = dialog.getByText(/^New photo: IMG_2041\.png/);
      expect(await state.textContent()).toMatch(
        /^New photo: IMG_2041\.png \(1,600 × 1,200\), made smaller on this device \(\d+(\.\d)? MB → \d+ KB\), saved with the form\.$/,
      );
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const photo = page
        .getByRole('article', { name: 'Grand Lake' })
        .getByRole('img', { name: 'View of Grand Lake' });
      await photo.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () =>
          (document.querySelector('img[alt="View of Grand Lake"]') as HTMLImageElement | null)
            ?.naturalWidth === 1600,
      );
      const served = await page.request.get((await photo.getAttribute('src')) ?? '');
      expect(served.headers()['content-type']).toBe('image/jpeg');
      const bytes = (await served.body()).length;
      expect(bytes).toBeLessThan(2 * 1024 * 1024);
      expect(bytes).toBeLessThan(camera.length / 4);
    } finally {
      await context.close();
    }
  });

  it('a photo the camera recorded sideways (EXIF orientation 6) is sent upright', async () => {
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
    try {
      await signIn(page, 'manager@willowcreek.example');
      // Chromium encodes a 2,000 × 1,000 JPEG; an EXIF segment then says "turn it 90° clockwise",
      // as a phone held upright writes it.
      const encoded = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 2000;
        canvas.height = 1000;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.fillStyle = '#3b7d4f';
        context.fillRect(0, 0, 2000, 1000);
        return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
      });
      const jpeg = Buffer.from(encoded, 'base64');
      const exif = Buffer.from(
        'ffe10022457869660000' +
          '4d4d002a00000008' +
          '0001' +
          '011200030000000100060000' +
          '00000000',
        'hex',
      );
      const sideways = Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);

      await page.goto('/amenities');
      await page.getByRole('button', { name: 'Settings: The Yard' }).click();
      const dialog = page.getByRole('dialog', { name: 'The Yard settings' });
      await dialog.getByTestId('amenity-photo-input').setInputFiles({
        name: 'sideways.jpg',
        mimeType: 'image/jpeg',
        buffer: sideways,
      });
      await dialog.getByRole('img', { name: 'Chosen for The Yard: sideways.jpg' }).waitFor();
      // Upright it is 1,000 × 2,000: made smaller, 800 × 1,600.
      await dialog.getByText(/^New photo: sideways\.jpg \(800 × 1,600\), made smaller/).waitFor();
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

  it('on a phone, a closure from today closes the amenity at once, for every reader', async () => {
    const { page, context } = await openPage(browser(), {
      ...PHONE,
      baseURL: server().url,
      bypassCSP: true,
    });
    try {
      await signIn(page, 'manager@willowcreek.example');
      await page.goto('/amenities');
      await page.getByRole('button', { name: 'Settings: Heritage Tree Area' }).click();
      const dialog = page.getByRole('dialog', { name: 'Heritage Tree Area settings' });
      const editor = dialog.getByRole('group', { name: 'Closures' });
      await editor.getByText('No closures.').waitFor();
      const add = editor.getByRole('button', { name: 'Add closure' });
      expect((await add.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await add.click();
      // From the community's today, one day.
      const today = await editor.getByLabel('Closure 1: first day').inputValue();
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await editor.getByLabel('Closure 1: last day').inputValue()).toBe(today);
      await editor.getByLabel('Closure 1: reason').fill('Storm cleanup');
      const remove = editor.getByRole('button', { name: 'Remove closure 1' });
      expect((await remove.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await expectAxeCleanInBothThemes(page, 'the closures editor with a closure');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const card = page.getByRole('article', { name: 'Heritage Tree Area' });
      const lastDay = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
      await card.getByText(`Closed for Storm cleanup through ${lastDay}`).waitFor();
      await card.getByText('Closed', { exact: true }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAxeCleanInBothThemes(page, 'a card with a closure');
    } finally {
      await context.close();
    }
    // A Board member, who cannot open the settings, is told too.
    const board = await openPage(browser(), { ...DESKTOP, baseURL: server().url });
    try {
      await signIn(board.page, 'board@willowcreek.example');
      await board.page.goto('/amenities');
      await board.page
        .getByRole('article', { name: 'Heritage Tree Area' })
        .getByText(/^Closed for Storm cleanup through /)
        .waitFor();
    } finally {
      await board.context.close();
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
