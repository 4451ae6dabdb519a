import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, onTestFailed } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import type { QueryKey } from '@tanstack/react-query';
import { CHROMIUM_ARGS } from '../../scripts/chromium';
import { freePort, startServer } from '../../scripts/production-server';
import { API_PATHS } from '../../src/api/contract';
import { urlFromKey } from '../../src/api/query-fn';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/auth/demo-accounts';
import { base32Decode, totp } from '../../server/auth/totp';

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

type OwnServer = Awaited<ReturnType<typeof startServer>>;

/**
 * A server of the test file's own, with its own database and copy of the build and no simulator,
 * started before its tests and stopped after: what they change stays out of the other tests'
 * community. `name` tells its temporary folder apart; `env` adds to the server's environment.
 */
export function useOwnServer(name: string, env: Record<string, string> = {}): () => OwnServer {
  let work = '';
  let server: OwnServer | undefined;
  beforeAll(async () => {
    if (context.skip) return;
    work = mkdtempSync(path.join(tmpdir(), `commonground-${name}-`));
    const distDir = path.join(work, 'dist');
    cpSync(DIST_DIR, distDir, { recursive: true });
    server = await startServer({
      port: await freePort(),
      dataDir: path.join(work, 'data'),
      distDir,
      env: { SIMULATE: '0', ...env },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error('The test server is not running');
    return server;
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

// Where the app keeps its offline snapshot: createSnapshotPersister's default database and
// store, and SNAPSHOT_KEY, in src/api/persist.ts.
const SNAPSHOT = { database: 'commonground', store: 'snapshot', key: 'query-snapshot' };
const SAVED_PATHS: readonly string[] = Object.values(API_PATHS);

type StoredQuery = { queryKey: QueryKey; state: { data?: unknown } };

/**
 * The query keys the offline snapshot in IndexedDB holds data for, or null when there is no
 * snapshot record at all (never saved, or wiped by sign-out).
 */
export async function storedQueryKeys(page: Page): Promise<QueryKey[] | null> {
  const snapshot = await page.evaluate(
    ({ database, store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(database);
        // No database yet: abort, so this read does not create one without the app's store.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const connection = open.result;
          if (!connection.objectStoreNames.contains(store)) {
            connection.close();
            resolve(undefined);
            return;
          }
          const read = connection.transaction(store).objectStore(store).get(key);
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error ?? new Error('snapshot read failed'));
          read.transaction?.addEventListener('complete', () => connection.close());
        };
      }),
    SNAPSHOT,
  );
  if (snapshot === undefined) return null;
  const queries =
    (snapshot as { clientState?: { queries?: StoredQuery[] } }).clientState?.queries ?? [];
  return queries.filter((query) => query.state.data !== undefined).map((q) => q.queryKey);
}

/**
 * Waits until the offline snapshot in IndexedDB holds every API answer the page has received,
 * and an answer from each of `paths` (the persister writes a moment after the data arrives).
 */
export async function waitForSnapshot(page: Page, paths: readonly string[]) {
  await expect.poll(() => notYetSaved(page, paths), { timeout: 20_000, interval: 100 }).toEqual([]);
}

/** The answered API URLs, and the required paths, that the snapshot does not hold yet. */
async function notYetSaved(page: Page, paths: readonly string[]): Promise<string[]> {
  const answered = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter(
        (entry): entry is PerformanceResourceTiming =>
          entry instanceof PerformanceResourceTiming &&
          entry.initiatorType === 'fetch' &&
          entry.responseStatus === 200,
      )
      .map((entry) => new URL(entry.name))
      .map((url) => url.pathname + url.search),
  );
  const stored = (await storedQueryKeys(page)) ?? [];
  const saved = new Set(stored.map((queryKey) => urlFromKey(queryKey)));
  const savedPaths = new Set([...saved].map((url) => url.split('?')[0]));
  return [...new Set(answered.filter((url) => SAVED_PATHS.includes(url.split('?')[0] ?? '')))]
    .filter((url) => !saved.has(url))
    .concat(paths.filter((path) => !savedPaths.has(path)));
}

/**
 * Waits until the app has adopted the prerendered frame (the `cg:hydrated` mark of
 * src/lib/hydration.ts): before that, keys pressed on the frame reach no handler.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('cg:hydrated').length > 0);
}

/**
 * Signs a demo account in through /sign-in (the Admin with a code from its documented TOTP
 * secret) and waits for the page it lands on. A code is accepted once: sign the Admin in at most
 * once per 30 s on one server.
 */
export async function signIn(page: Page, email: string, landing = 'Dashboard') {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
  if (account?.totpSecret) {
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await code.fill(totp(base32Decode(account.totpSecret) ?? Buffer.alloc(0), Date.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.getByRole('heading', { level: 1, name: landing }).waitFor();
}

/**
 * Sends a request from the page itself, as its own code would: with the session cookie and the
 * page's Origin (Chromium adds it to every non-GET fetch). The status and the JSON `error`, if any.
 */
export async function requestFromPage(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; error: string | null; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON
      }
      const error =
        json && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
          ? json.error
          : null;
      return { status: res.status, error, json };
    },
    { method, path, body },
  );
}

/** Cuts the network: navigator.onLine is false and every request that reaches it fails. */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
}

/**
 * "Saved copy from … ago" notes in the Live Amenity Status card. Not online, the banner dates the
 * data once; this card, refreshed with the newest data, adds no age of its own.
 */
export function liveStatusAgeNotes(page: Page): Promise<number> {
  return page
    .getByRole('region', { name: 'Live Amenity Status' })
    .getByText(/Saved copy from/)
    .count();
}

/**
 * The visible selects too narrow for their longest option, by label: a native select cuts the
 * chosen text under its arrow ("Last Mont"). Measured with the select's own font. With `arrow`,
 * the room is also less the arrow's width, the select's own: what Chromium adds to the longest
 * option, its padding and its border when the select is as wide as it wants (max-content), about
 * 22 px. Without it (the older checks), text that ends under the arrow still passes.
 */
export async function clippedSelects(
  page: Page,
  { arrow = false }: { arrow?: boolean } = {},
): Promise<string[]> {
  return page.locator('select:visible').evaluateAll((elements, withArrow) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['(no canvas to measure with)'];
    return elements.flatMap((element) => {
      if (!(element instanceof HTMLSelectElement)) return [];
      const style = getComputedStyle(element);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const widest = Math.max(
        ...[...element.options].map((option) => context.measureText(option.text).width),
      );
      const px = (...names: string[]) =>
        names.reduce((sum, name) => sum + parseFloat(style.getPropertyValue(name)), 0);
      const padding = px('padding-left', 'padding-right');
      let arrowWidth = 0;
      if (withArrow) {
        // Read and put back in one task: nothing is drawn in between.
        const { width, minWidth, maxWidth } = element.style;
        Object.assign(element.style, { width: 'max-content', minWidth: '0', maxWidth: 'none' });
        const wanted = element.getBoundingClientRect().width;
        Object.assign(element.style, { width, minWidth, maxWidth });
        const border = px('border-left-width', 'border-right-width');
        arrowWidth = Math.max(0, wanted - widest - padding - border);
      }
      const room = element.clientWidth - padding - arrowWidth;
      const label = element.labels?.[0]?.textContent ?? element.name;
      return widest > room + 1 ? [`${label}: ${Math.ceil(widest)} px in ${Math.floor(room)}`] : [];
    });
  }, arrow);
}

/** Holds every API request the page makes, as on a slow network, until `release` is called. */
export async function holdApiAnswers(page: Page): Promise<{ release: () => void }> {
  let held = true;
  await page.route('**/api/**', async (route) => {
    while (held) await new Promise((resolve) => setTimeout(resolve, 50));
    await route.continue();
  });
  return { release: () => (held = false) };
}

/**
 * Starts recording the page's layout shifts from its first paint (call before navigating): each
 * shift's value and what moved, so a failing test names the element and how far it went.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Source = {
      node?: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    };
    const shifts: { value: number; moved: string }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    const describe = ({ node, previousRect: from, currentRect: to }: Source) => {
      const element = node instanceof Element ? node : node?.parentElement;
      const text = (node?.textContent ?? '').trim().slice(0, 40);
      const box = (rect: DOMRectReadOnly) =>
        `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
      return `<${element?.tagName.toLowerCase() ?? '?'}> "${text}" ${box(from)} -> ${box(to)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!('value' in entry) || typeof entry.value !== 'number') continue;
        const sources = 'sources' in entry && Array.isArray(entry.sources) ? entry.sources : [];
        shifts.push({
          value: entry.value,
          moved: `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${(sources as Source[]).map(describe).join('; ')}`,
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What moved in each layout shift recorded so far (recordLayoutShifts), for a failure message. */
export async function layoutShiftSources(page: Page): Promise<string> {
  return page.evaluate(() =>
    ('layoutShifts' in window ? (window.layoutShifts as { moved: string }[]) : [])
      .map((shift) => shift.moved)
      .join('\n'),
  );
}

/** The sum of the layout shifts recorded so far (recordLayoutShifts). */
export async function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() =>
    ('layoutShifts' in window ? (window.layoutShifts as { value: number }[]) : []).reduce(
      (sum, { value }) => sum + value,
      0,
    ),
  );
}
