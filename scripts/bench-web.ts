/**
 * `npm run bench:web`: builds, serves the build the way `npm start` does, and prints per page the
 * first-load JS and CSS (gzip), Lighthouse mobile scores with LCP, TBT and CLS, and the time from
 * an offline reload of /dashboard to its values on screen.
 *
 * Options: --no-build (use the existing dist/ and server bundle), LH_RUNS (Lighthouse runs per page, default 3),
 * OFFLINE_RUNS (default 5). Exits 1 when a size budget is exceeded; the timings are printed only
 * (they move with the machine's load).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { findChromium, launchChromium } from './chromium';
import { launchChrome, runLighthouse, type LighthouseSummary } from './lighthouse';
import { freePort, startServer } from './production-server';
import { BUDGETS, kb, measureFirstLoad, type FirstLoad } from './web-metrics';

const CHROMIUM = findChromium() ?? '/usr/bin/chromium';
const PAGES = [
  { path: '/', jsBudget: BUDGETS.publicJs, ready: undefined },
  { path: '/pricing', jsBudget: BUDGETS.publicJs, ready: undefined },
  { path: '/dashboard', jsBudget: BUDGETS.dashboardJs, ready: 'Monthly amenity value' },
] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** Milliseconds from the start of an offline reload of /dashboard to its metric values painted. */
async function offlineReloadToValues(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('list', { name: 'Key metrics' }).waitFor();
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
  );
  await page.waitForTimeout(1500); // the snapshot is saved a moment after the data arrives
  await context.setOffline(true);
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('list', { name: 'Key metrics' }).waitFor();
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

function line(cells: (string | number)[]) {
  console.log(`| ${cells.join(' | ')} |`);
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
    execFileSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  }
  const work = mkdtempSync(path.join(tmpdir(), 'commonground-bench-web-'));
  const server = await startServer({
    port: await freePort(),
    dataDir: path.join(work, 'data'),
    distDir: path.resolve('dist'),
  });
  const browser = await launchChromium();
  const chromePort = await freePort();
  const chrome = await launchChrome(CHROMIUM, chromePort);
  let overBudget = false;
  try {
    const loads: FirstLoad[] = [];
    for (const page of PAGES) {
      loads.push(await measureFirstLoad(browser, server.url, page.path, page.ready));
    }
    const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
    const lighthouse: LighthouseSummary[] = [];
    for (const page of PAGES) {
      lighthouse.push(await runLighthouse(`${server.url}${page.path}`, chromePort, runs));
    }
    const offlineRuns = Math.max(1, Number(process.env.OFFLINE_RUNS ?? 5));
    const offline: number[] = [];
    for (let run = 0; run < offlineRuns; run += 1) {
      offline.push(await offlineReloadToValues(browser, server.url));
    }

    console.log(`\nFirst load and Lighthouse mobile (median of ${runs} runs per page)\n`);
    line(['page', 'JS gzip', 'CSS gzip', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS']);
    line(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---']);
    PAGES.forEach((page, index) => {
      const load = loads[index];
      const lh = lighthouse[index];
      if (!load || !lh) return;
      const jsOk = load.js <= page.jsBudget;
      const cssOk = load.css <= BUDGETS.css;
      overBudget ||= !jsOk || !cssOk;
      line([
        page.path,
        `${kb(load.js)}${jsOk ? '' : ` OVER ${kb(page.jsBudget)}`}`,
        `${kb(load.css)}${cssOk ? '' : ` OVER ${kb(BUDGETS.css)}`}`,
        lh.performance.toFixed(2),
        lh.accessibility.toFixed(2),
        lh.bestPractices.toFixed(2),
        lh.seo.toFixed(2),
        `${lh.lcp.toFixed(2)} s`,
        `${Math.round(lh.tbt)} ms`,
        lh.cls.toFixed(3),
      ]);
    });
    console.log(
      `\nOffline reload of /dashboard to values on screen: median ${Math.round(median(offline))} ms ` +
        `(runs: ${offline.map((ms) => Math.round(ms)).join(', ')} ms)`,
    );
    console.log(
      `Budgets: public JS <= ${kb(BUDGETS.publicJs)}, dashboard JS <= ${kb(BUDGETS.dashboardJs)}, ` +
        `CSS <= ${kb(BUDGETS.css)}; targets: performance >= 0.95, a11y and best practices 1.0, ` +
        'LCP <= 1.2 s public / 2.0 s dashboard, CLS <= 0.02, offline reload <= 1000 ms.',
    );
  } finally {
    await chrome.close();
    await browser.close();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  if (overBudget) {
    console.error('\nA size budget is exceeded.');
    process.exitCode = 1;
  }
}

await main();
