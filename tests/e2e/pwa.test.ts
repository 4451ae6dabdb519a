import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/chromium';
import {
  BASE_URL,
  CHROMIUM_PATH,
  DESKTOP,
  PHONE,
  describeBrowser,
  openPage,
  useBrowser,
} from './browser';

type ManifestIcon = { src: string; sizes: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: ManifestIcon[];
  screenshots: { src: string; sizes: string; form_factor: string }[];
};

describeBrowser('installable PWA', () => {
  const browser = useBrowser();

  it('serves a complete manifest whose images exist', async () => {
    const manifest = (await (await fetch(`${BASE_URL}/manifest.webmanifest`)).json()) as Manifest;
    expect(manifest.name).toMatch(/CommonGround/);
    expect(manifest.short_name).toBe('CommonGround');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const res = await fetch(`${BASE_URL}${image.src}`);
      expect(res.status, image.src).toBe(200);
      expect(res.headers.get('content-type'), image.src).toMatch(/image\/png/);
    }
    const start = await fetch(`${BASE_URL}${manifest.start_url}`);
    expect(start.status).toBe(200);
  });

  it('installs its service worker and Chromium reports no installability errors', async () => {
    // Installability is only judged outside incognito: use a real (temporary) profile.
    const profile = mkdtempSync(path.join(tmpdir(), 'commonground-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: BASE_URL,
      viewport: DESKTOP.viewport,
    });
    try {
      const page = await context.newPage();
      await page.goto('/dashboard');
      await page.getByText('Monthly amenity value').waitFor();
      await expect
        .poll(
          () =>
            page.evaluate(
              async () => (await navigator.serviceWorker.getRegistration())?.active?.state,
            ),
          { timeout: 20_000, interval: 250 },
        )
        .toBe('activated');
      const cdp = await context.newCDPSession(page);
      const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
      expect(errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('the installed app opens on /start, which lands on the default view', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await page.goto('/start');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });
});
