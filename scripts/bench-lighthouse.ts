/**
 * Lighthouse (mobile) on the prerendered public pages: `npm run bench:lighthouse [outDir]`.
 * Builds into outDir (default dist) when it has no build yet, serves it with a small static
 * server that maps /about to about.html (as the API server does), runs Lighthouse 12 in the local
 * Chromium and prints the category scores, LCP and the first-visit JS and CSS of each page.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PUBLIC_PATHS, htmlFileFor, type PublicPath } from '../src/lib/route-paths';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The file a request path is answered with: public pages by their flat file, else the SPA shell. */
export function fileForRequest(dir: string, urlPath: string): { file: string; status: number } {
  const pathname = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  if ((PUBLIC_PATHS as readonly string[]).includes(pathname)) {
    return { file: path.join(dir, htmlFileFor(pathname as PublicPath)), status: 200 };
  }
  const direct = path.join(dir, path.normalize(pathname));
  if (direct.startsWith(dir) && existsSync(direct) && statSync(direct).isFile()) {
    return { file: direct, status: 200 };
  }
  return { file: path.join(dir, 'app.html'), status: pathname.startsWith('/assets/') ? 404 : 200 };
}

/** A static server for a built dist/ with gzip, like a production host. */
export function serveDist(dir: string, port: number): Promise<Server> {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    const { file, status } = fileForRequest(root, req.url ?? '/');
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    const headers: Record<string, string> = { 'Content-Type': type };
    if (file.includes(`${path.sep}assets${path.sep}`)) {
      headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    } else {
      headers['Cache-Control'] = 'no-cache';
    }
    if (
      /gzip/.test(String(req.headers['accept-encoding'])) &&
      /text|javascript|json|xml|svg/.test(type)
    ) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
    }
    res.writeHead(status, headers);
    res.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Bytes of JS and CSS (gzip) a first visit to a prerendered page downloads. */
export function firstVisitBytes(dir: string, page: PublicPath): { js: number; css: number } {
  const html = readFileSync(path.join(dir, htmlFileFor(page)), 'utf8');
  const gz = (href: string) => gzipSync(readFileSync(path.join(dir, href))).length;
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  const sum = (list: string[]) => list.reduce((total, href) => total + gz(href), 0);
  return { js: sum([...scripts, ...preloads]), css: sum(styles) };
}

/** Starts the local Chromium with a debugging port for Lighthouse to drive. */
async function launchChrome(
  chromePath: string,
  port: number,
): Promise<{ proc: ChildProcess; close: () => Promise<void> }> {
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
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { proc, close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`Chromium at ${chromePath} did not open its debugging port`);
}

type LighthouseResult = {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
  };
};

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const pages: PublicPath[] = ['/', '/pricing'];
  if (!existsSync(path.join(outDir, 'sw.js'))) {
    console.log(`No build in ${outDir}: building…`);
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const port = Number(process.env.PORT ?? 5231);
  const server = await serveDist(outDir, port);
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchChrome(process.env.CHROME_PATH ?? '/usr/bin/chromium', port + 1);
  // Lighthouse's simulated timings move with the machine's load: take the median of several runs,
  // as Lighthouse's own guidance recommends.
  const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
  let failed = false;
  try {
    for (const page of pages) {
      const results: LighthouseResult['lhr'][] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = (await lighthouse(`http://127.0.0.1:${port}${page}`, {
          port: port + 1,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })) as LighthouseResult | undefined;
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        results.push(result.lhr);
      }
      const lcpOf = (lhr: LighthouseResult['lhr']) =>
        (lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity) / 1000;
      const sorted = [...results].sort((a, b) => lcpOf(a) - lcpOf(b));
      const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? sorted[0];
      if (!median) throw new Error('no Lighthouse run');
      const { categories, audits } = median;
      const score = (id: string) => categories[id]?.score ?? 0;
      const seconds = (id: string) => (audits[id]?.numericValue ?? 0) / 1000;
      const lcp = lcpOf(median);
      const { js, css } = firstVisitBytes(outDir, page);
      const ok =
        score('performance') >= 0.95 &&
        score('accessibility') === 1 &&
        score('best-practices') === 1 &&
        score('seo') === 1 &&
        lcp <= 1.2 &&
        js <= 30 * 1024 &&
        css <= 15 * 1024;
      failed ||= !ok;
      console.log(
        [
          page.padEnd(9),
          `performance ${score('performance').toFixed(2)}`,
          `accessibility ${score('accessibility').toFixed(2)}`,
          `best-practices ${score('best-practices').toFixed(2)}`,
          `seo ${score('seo').toFixed(2)}`,
          `LCP ${lcp.toFixed(2)} s (runs: ${results.map((r) => lcpOf(r).toFixed(2)).join(', ')})`,
          `FCP ${seconds('first-contentful-paint').toFixed(2)} s`,
          `CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
          `TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
          `JS ${(js / 1024).toFixed(1)} KB gz`,
          `CSS ${(css / 1024).toFixed(1)} KB gz`,
          ok ? 'ok' : 'BELOW TARGET',
        ].join('  '),
      );
      if (!ok) {
        for (const [id, audit] of Object.entries(audits)) {
          if (audit.score !== null && audit.score < 1) {
            console.log(`    ${id}: ${audit.title} (${audit.score})`);
          }
        }
      }
    }
  } finally {
    await chrome.close();
    server.close();
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
