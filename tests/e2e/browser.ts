import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject, onTestFailed } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/chromium';

const context = inject('e2e');

export const BASE_URL = context.skip ? '' : context.baseURL;
export const DIST_DIR = context.skip ? '' : context.distDir;
export const CHROMIUM_PATH = context.skip ? '' : context.chromiumPath;

/** describe() when a browser is available; skipped (loudly, by the global setup) otherwise. */
export const describeBrowser = context.skip ? describe.skip : describe;

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const TABLET: BrowserContextOptions = {
  viewport: { width: 820, height: 1180 },
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const ARTIFACTS = 'test-results';

/** One Chromium per test file. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (context.skip) return;
    browser = await chromium.launch({ executablePath: context.chromiumPath, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running');
    return browser;
  };
}

/**
 * A fresh browser context (its own service worker, storage and cache) and page. When the test
 * fails, a screenshot and a Playwright trace are left in test-results/ for a person to open
 * (`npx playwright show-trace test-results/<name>.zip`).
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ baseURL: BASE_URL, ...options });
  await ctx.tracing.start({ screenshots: true, snapshots: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  onTestFailed(async ({ task }) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const name = `${task.suite?.name ?? 'e2e'} ${task.name}`
      .replace(/[^a-z0-9]+/gi, '-')
      .slice(0, 120);
    await page
      .screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true })
      .catch(() => undefined);
    await ctx.tracing.stop({ path: `${ARTIFACTS}/${name}.zip` }).catch(() => undefined);
    if (errors.length) console.error(`Page errors in "${task.name}":\n${errors.join('\n')}`);
  });
  return { context: ctx, page };
}

/** Waits until the service worker controls the page (after the first visit it precaches). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        });
        // generateSW precaches in install; a reload is not needed when clientsClaim is set,
        // otherwise the next navigation is controlled.
        setTimeout(resolve, 5000);
      });
    }
    return registration.active?.state;
  });
}

/** Cuts the network: navigator.onLine is false and every request that reaches it fails. */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
}
