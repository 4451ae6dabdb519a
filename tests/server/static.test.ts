import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '../../src/lib/theme-boot';
import { createApp } from '../../server/app';
import type { Community } from '../../server/community';
import type { Database } from '../../server/db/database';
import { acceptedEncodings, precompress } from '../../server/static/compression';
import { contentSecurityPolicy } from '../../server/static/csp';
import { loadStaticSite, type StaticSite } from '../../server/static/site';

/** Serving a tiny built app: routes, cache headers, compression, CSP and security headers. */

const head = `<meta charset="utf-8"><script>${THEME_BOOT_SCRIPT}</script>`;
const page = (title: string) =>
  `<!doctype html><html><head>${head}<title>${title}</title>` +
  `<script type="module" src="/assets/index-abc123.js"></script></head>` +
  `<body><main><h1>${title}</h1><p>${'Community amenities. '.repeat(80)}</p></main></body></html>`;

const FILES: Record<string, string> = {
  'app.html': page('App shell'),
  'index.html': page('Landing'),
  'about.html': page('About'),
  'api.html': page('Developer API'),
  'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(3000))});`,
  'assets/index-abc123.css': 'body{margin:0}',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': '{"name":"CommonGround"}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

// The static routes never touch the database.
const noDb = {} as Database;
const community: Community = {
  id: 1,
  slug: 'x',
  name: 'x',
  timeZone: 'UTC',
  code: 'X',
  address: '',
  currency: 'USD',
  createdAt: 0,
  amenities: [],
  archivedAmenities: [],
};

let dir: string;
let app: ReturnType<typeof createApp>['app'];
let site: StaticSite | null;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'commonground-dist-'));
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  site = loadStaticSite(dir);
  app = createApp({ db: noDb, community, ingestKey: 'k', site }).app;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
const titleOf = async (res: Response) => /<title>(.*?)<\/title>/.exec(await res.text())?.[1];

describe('routes', () => {
  it.each([
    ['/', 'Landing'],
    ['/about', 'About'],
    ['/api', 'Developer API'],
    ['/careers', 'App shell'], // public page not prerendered (yet): the SPA renders it
    ['/home', 'App shell'],
    ['/dashboard', 'App shell'],
    ['/amy-events', 'App shell'],
  ])('%s serves %s with status 200', async (url, title) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await titleOf(res)).toBe(title);
  });

  it('an unknown path gets the SPA shell with a 404 status (its 404 page)', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(await titleOf(res)).toBe('App shell');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('/api/... is the API: JSON 404 for unknown paths, never HTML', async () => {
    const res = await get('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it('redirects a trailing slash on a known route', async () => {
    const res = await get('/about/');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/about');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await app.request('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await app.request('/about', { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('serves other files as they are, with their types', async () => {
    const svg = await get('/favicon.svg');
    expect(svg.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(await svg.text()).toBe(FILES['favicon.svg']);
    expect((await get('/manifest.webmanifest')).headers.get('Content-Type')).toMatch(
      /^application\/manifest\+json/,
    );
  });
});

describe('cache headers', () => {
  it('hashed assets are immutable for a year', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/', '/about', '/dashboard', '/about.html'])(
    '%s must revalidate (no-cache)',
    async (url) => {
      expect((await get(url)).headers.get('Cache-Control')).toBe('no-cache');
    },
  );

  it('answers a matching If-None-Match with 304, per encoding', async () => {
    await precompress(site?.files.values() ?? []);
    const first = await get('/about');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/about', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const br = await get('/about', { 'Accept-Encoding': 'br' });
    const brTag = br.headers.get('ETag') ?? '';
    expect(brTag).not.toBe(etag);
    expect((await get('/about', { 'Accept-Encoding': 'br', 'If-None-Match': brTag })).status).toBe(
      304,
    );
    // The identity tag does not validate the brotli representation.
    expect((await get('/about', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(
      200,
    );
  });
});

describe('compression', () => {
  it('sends files as they are until their compressed copies are ready (never blocks)', async () => {
    const fresh = createApp({ db: noDb, community, ingestKey: 'k', site: loadStaticSite(dir) });
    const res = await fresh.app.request('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe(FILES['assets/index-abc123.js']);
  });

  it('sends brotli or gzip when accepted, and the same bytes when decoded', async () => {
    await precompress(site?.files.values() ?? []);
    const br = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const decoded = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(decoded).toBe(FILES['assets/index-abc123.js']);

    const gz = await get('/about', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(FILES['about.html']);

    const plain = await get('/about');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const tiny = await get('/sw.js', { 'Accept-Encoding': 'br' });
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect([...acceptedEncodings('gzip;q=1.0, br;q=0, *;q=0.1')]).toEqual(['gzip', '*']);
  });
});

describe('security headers', () => {
  const themeHash = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

  it.each(['/', '/dashboard', '/nowhere', '/sw.js'])(
    '%s carries the site CSP, nosniff and a referrer policy',
    async (url) => {
      const res = await get(url);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain(`script-src 'self' ${themeHash}`);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("img-src 'self' data:");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  // The policy that governs a script, a stylesheet or an image is its page's; its own would
  // matter only were it opened as a document (an SVG can script), where nothing may load.
  it.each([
    '/assets/index-abc123.js',
    '/assets/index-abc123.css',
    '/favicon.svg',
    '/manifest.webmanifest',
  ])('%s carries the short policy under which nothing may load, and nosniff', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const revalidated = await get(url, { 'If-None-Match': res.headers.get('ETag') ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('gives a JSON answer a policy under which nothing may load, with the other headers', async () => {
    const res = await get('/api/unknown');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('allows exactly the inline scripts and styles it finds, by hash', () => {
    const csp = contentSecurityPolicy([
      '<script>a()</script><script src="/x.js"></script><script type="module">b()</script>',
      '<style>p{color:red}</style><p style="color: blue">x</p>',
    ]);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const scripts = [hash('a()'), hash('b()')].sort().join(' ');
    expect(csp).toContain(`script-src 'self' ${scripts};`);
    expect(csp).toContain(`style-src 'self' ${hash('p{color:red}')};`);
    expect(csp).toContain(`style-src-attr 'unsafe-hashes' ${hash('color: blue')};`);
    expect(contentSecurityPolicy(['<p>plain</p>'])).not.toContain('style-src-attr');
  });
});

describe('without a built app', () => {
  it('serves the API only, and says so for other paths', async () => {
    const apiOnly = createApp({ db: noDb, community, ingestKey: 'k', site: null }).app;
    const res = await apiOnly.request('/dashboard');
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/not built/);
    expect(res.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(loadStaticSite(path.join(dir, 'missing'))).toBeNull();
  });
});
