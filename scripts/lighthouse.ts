import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type LighthouseSummary = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** LCP of every run, seconds. */
  runs: number[];
};

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

/** Starts the local Chromium with a debugging port for Lighthouse to drive. */
export async function launchChrome(chromePath: string, port: number) {
  const profile = mkdtempSync(path.join(tmpdir(), 'cg-lighthouse-'));
  const proc = spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const close = async () => {
    if (proc.exitCode === null) {
      const exited = once(proc, 'exit');
      proc.kill();
      await exited;
    }
    // Chromium's helper processes can still write to the profile for a moment after it exits.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Left the Chrome profile ${profile}: ${String(error)}`);
    }
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`Chromium at ${chromePath} did not open its debugging port`);
}

/**
 * How Lighthouse slows the page: `simulate` (its default, and what issue 15's targets are read
 * from) loads the page at full speed and computes the timings a mid-range phone would see from
 * the trace (Lantern); `devtools` slows the network and the CPU while the page loads (the same
 * phone profile, applied by Chromium) and reports what was observed.
 */
export type Throttling = 'simulate' | 'devtools';

/**
 * Lighthouse mobile on one URL, `runs` times; the run with the median LCP is reported, as
 * Lighthouse's own guidance recommends for noisy machines.
 */
export async function runLighthouse(
  url: string,
  chromePort: number,
  runs: number,
  throttling: Throttling = 'simulate',
): Promise<LighthouseSummary> {
  const { default: lighthouse } = await import('lighthouse');
  const results: Lhr[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = (await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      throttlingMethod: throttling,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })) as { lhr: Lhr } | undefined;
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    results.push(result.lhr);
  }
  const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpOf = (lhr: Lhr) => numeric(lhr, 'largest-contentful-paint') / 1000;
  const sorted = [...results].sort((a, b) => lcpOf(a) - lcpOf(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run');
  const score = (id: string) => median.categories[id]?.score ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lcpOf(median),
    fcp: numeric(median, 'first-contentful-paint') / 1000,
    tbt: numeric(median, 'total-blocking-time'),
    cls: numeric(median, 'cumulative-layout-shift'),
    runs: results.map(lcpOf),
  };
}
