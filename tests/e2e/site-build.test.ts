/**
 * Checks the built dist/ (run after `npm run build`; DIST_DIR points elsewhere): every public
 * route has its prerendered flat HTML file, each is in the service worker's precache, and each
 * stays within the first-visit budgets (JS <= 30 KB gzip, no React; CSS <= 15 KB gzip).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../../scripts/vite-plugin-compile-hint';
import { APP_PAGES } from '../../src/lib/app-pages';
import { PUBLIC_PATHS, htmlFileFor } from '../../src/lib/route-paths';
import { THEME_BOOT_SCRIPT } from '../../src/lib/theme-boot';
import { PAGE_META } from '../../src/site/content/navigation';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');
const gzipBytes = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

let precached: Set<string>;

beforeAll(() => {
  if (!existsSync(path.join(dist, 'sw.js'))) {
    throw new Error(`No build in ${dist}: run \`npm run build\` first.`);
  }
  const sw = read('sw.js');
  precached = new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1] ?? ''));
});

describe.each(PUBLIC_PATHS.map((p) => [p, htmlFileFor(p)]))('%s → %s', (publicPath, file) => {
  it('is prerendered with its own head and the page content', () => {
    expect(existsSync(path.join(dist, file))).toBe(true);
    const html = read(file);
    const meta = PAGE_META[publicPath];
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    expect(html).toContain(`<title>${escape(meta.title)}</title>`);
    expect(html).toContain(`<meta name="description" content="${escape(meta.description)}">`);
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain('<meta name="theme-color"');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('id="main"');
  });

  it('has one inline script, the theme boot script, and no inline handlers', () => {
    const html = read(file);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([THEME_BOOT_SCRIPT]);
    expect(html).not.toMatch(/\son[a-z]+="/i);
  });

  it('is in the precache manifest, with its stylesheet and island script', () => {
    const html = read(file);
    expect(precached.has(file)).toBe(true);
    const assets = [...html.matchAll(/(?:href|src)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(existsSync(path.join(dist, asset)), asset).toBe(true);
      expect(precached.has(asset), asset).toBe(true);
    }
  });

  it('loads at most 30 KB gzip of JavaScript (no React) and 15 KB gzip of CSS', () => {
    const html = read(file);
    const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((m) => m[1] ?? '');
    const preloads = [...html.matchAll(/rel="modulepreload" href="\/([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    const styles = [...html.matchAll(/rel="stylesheet" href="\/([^"]+)"/g)].map((m) => m[1] ?? '');
    const js = [...scripts, ...preloads];
    expect(js.reduce((sum, f) => sum + gzipBytes(f), 0)).toBeLessThanOrEqual(30 * 1024);
    expect(styles.reduce((sum, f) => sum + gzipBytes(f), 0)).toBeLessThanOrEqual(15 * 1024);
    for (const script of js) {
      const code = read(script);
      expect(code).not.toContain('react.element');
      expect(code).not.toMatch(/from\s*["']\.\/(index|react)/);
    }
  });
});

describe('app pages', () => {
  const preloadsOf = (file: string) =>
    [
      ...read(file).matchAll(
        /rel="modulepreload"( fetchpriority="low")? crossorigin href="\/([^"]+)"/g,
      ),
    ].map((m) => ({ file: m[2] ?? '', low: m[1] !== undefined }));

  it.each(APP_PAGES.map((page) => [page.path, htmlFileFor(page.path)]))(
    "%s preloads its page's scripts from its HTML, each built and precached",
    (_pagePath, file) => {
      const links = preloadsOf(file);
      const preloads = links.map((link) => link.file);
      // The boot stages every app page runs, with the bundler's runtime they import, at the
      // default priority: the first frame waits for them.
      const boot = links.filter((link) => /^assets\/(app-layer|rolldown-runtime)-/.test(link.file));
      expect(boot.map((link) => link.low)).toEqual([false, false]);
      // Its own page's chunk (the dashboard's is named `dashboard`), at low priority, after the
      // stylesheet the first paint waits for.
      const own = links.filter((link) =>
        /^assets\/([\w-]+-page|dashboard)-[\w-]{8}\.js$/.test(link.file),
      );
      expect(own.map((link) => link.low)).toEqual([true]);
      expect(new Set(preloads).size).toBe(preloads.length);
      for (const asset of preloads) {
        expect(existsSync(path.join(dist, asset)), asset).toBe(true);
        expect(precached.has(asset), asset).toBe(true);
      }
    },
  );

  // Over HTTP/1.1 the browser opens six connections to a server: every six more files cost a
  // round trip before the page runs (vite.config.ts, SHARED_MERGE_BELOW_BYTES). Reports started
  // with 25 when the bundler cut one file per set of sharing pages.
  it.each(APP_PAGES.map((page) => [page.path, htmlFileFor(page.path)]))(
    '%s starts from at most 12 script files',
    (_pagePath, file) => {
      const html = read(file);
      const entry = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)];
      expect(entry).toHaveLength(1);
      expect(entry.length + preloadsOf(file).length).toBeLessThanOrEqual(12);
    },
  );
});

describe('site files around the pages', () => {
  it('keeps the SPA shell as app.html and precaches it', () => {
    expect(read('app.html')).toContain('<div id="root">');
    expect(precached.has('app.html')).toBe(true);
    expect(read('sw.js')).toContain('"app.html"');
  });

  it('has a sitemap of the canonical pages and a robots.txt pointing to it', () => {
    const sitemap = read('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(new Set(locs)).toEqual(new Set(PUBLIC_PATHS.filter((p) => p !== '/home')));
    expect(read('robots.txt')).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(precached.has('sitemap.xml')).toBe(true);
    expect(precached.has('robots.txt')).toBe(true);
  });

  it("writes the theme's values into the stylesheet's rules, leaving var() to Tailwind's own", () => {
    const sheets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(0);
    const lookups = sheets.flatMap((file) =>
      [...read(`assets/${file}`).matchAll(/var\((--[\w-]+)/g)].map((m) => m[1] ?? ''),
    );
    // Per-element compositions (shadows, rings, borders, line height) stay variables.
    expect(lookups.filter((name) => name.startsWith('--tw-')).length).toBeGreaterThan(0);
    expect(lookups.filter((name) => !name.startsWith('--tw-'))).toEqual([]);
  });

  it('marks every script of the app and the site for eager compilation, at its first line', () => {
    const scripts = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    const unmarked = scripts.filter(
      (file) => read(`assets/${file}`).split('\n', 1)[0] !== COMPILE_HINT,
    );
    expect(unmarked).toEqual([]);
  });
});
