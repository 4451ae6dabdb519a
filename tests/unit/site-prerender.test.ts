import { describe, expect, it } from 'vitest';
import {
  appPageDocument,
  pageDocument,
  robotsTxt,
  scriptsIn,
  siteOrigin,
  sitemapXml,
} from '../../scripts/prerender';
import { firstAnswersScript } from '../../src/api/first-answers';
import { THEME_BOOT_SCRIPT } from '../../src/lib/theme-boot';
import { withDarkMode } from '../../src/site/islands/theme';

const page = {
  path: '/pricing',
  title: 'Pricing & Plans',
  description: 'Plans from $299 a month "for HOAs"',
  html: '<main id="main"><h1>Pricing</h1></main>',
};
const assets = { css: ['/assets/index-abc.css'], island: '/assets/site-xyz.js' };

describe('prerendered page document', () => {
  const html = pageDocument(page, assets);

  it('has its language, title, description, viewport, theme colour and manifest', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Pricing &amp; Plans</title>');
    expect(html).toContain(
      '<meta name="description" content="Plans from $299 a month &quot;for HOAs&quot;">',
    );
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1');
    expect(html).toContain('<meta name="theme-color" content="#0f766e">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('has exactly one inline script, the theme boot script, in the head', () => {
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([THEME_BOOT_SCRIPT]);
    expect(html.indexOf(THEME_BOOT_SCRIPT)).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toMatch(/ on[a-z]+="/);
  });

  it('links the shared stylesheet and the island module, and holds the rendered page', () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-abc.css">');
    expect(html).toContain('<script type="module" src="/assets/site-xyz.js"></script>');
    expect(html).toContain('<body><main id="main"><h1>Pricing</h1></main></body>');
  });
});

describe('sitemap and robots.txt', () => {
  it('lists every canonical public page once, with absolute URLs, /home left out', () => {
    const xml = sitemapXml('https://example.org');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(15);
    expect(locs).toContain('https://example.org/');
    expect(locs).toContain('https://example.org/pricing');
    expect(locs).toContain('https://example.org/community');
    expect(locs).not.toContain('https://example.org/home');
  });

  it('points robots.txt at the sitemap and keeps crawlers off the API', () => {
    const robots = robotsTxt('https://example.org');
    expect(robots).toContain('Sitemap: https://example.org/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).not.toMatch(/Disallow: \/\s*$/m);
  });

  it('takes the origin from SITE_URL without a trailing slash', () => {
    expect(siteOrigin({ SITE_URL: 'https://hoa.example.net/' })).toBe('https://hoa.example.net');
    expect(siteOrigin({})).toMatch(/^https:\/\/[a-z.]+$/);
  });
});

describe('theme toggle record', () => {
  it('sets darkMode and keeps every other saved setting', () => {
    const saved = JSON.stringify({ communityName: 'Oak Valley', darkMode: false });
    expect(JSON.parse(withDarkMode(saved, true))).toEqual({
      communityName: 'Oak Valley',
      darkMode: true,
    });
  });

  it('starts a record when there is none or it is damaged', () => {
    expect(JSON.parse(withDarkMode(null, true))).toEqual({ darkMode: true });
    expect(JSON.parse(withDarkMode('{oops', false))).toEqual({ darkMode: false });
    expect(JSON.parse(withDarkMode('[1]', false))).toEqual({ darkMode: false });
  });
});

describe('prerendered app page document', () => {
  const shell =
    '<!doctype html><html><head><title>CommonGround</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>';
  const html = appPageDocument(shell, {
    path: '/dashboard',
    html: '<title>Dashboard</title><div><h1>Dashboard</h1></div>',
    requests: ['/api/me', '/api/usage/gaps?days=30&x=<1>'],
  });

  it('holds the first frame in #root under the page title', () => {
    expect(html).toContain('<div id="root"><div><h1>Dashboard</h1></div></div>');
    expect(html).toContain('<title>Dashboard</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("asks for the frame's API answers as the page parses, in one request", () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<script>${firstAnswersScript(['/api/me', '/api/usage/gaps?days=30&x=<1>'])}</script>`,
    );
    // No URL can close the script element early.
    expect(head).not.toContain('<1>');
  });

  it('asks for them before the stylesheet, which would hold the script until it has downloaded', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('<script>')).toBeGreaterThan(-1);
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
  });

  it("preloads the page's own scripts in the head at low priority", () => {
    const withScripts = appPageDocument(
      shell,
      { path: '/analytics', html: '<div></div>', requests: ['/api/me'] },
      ['/assets/analytics-page-abc.js', '/assets/badge-def.js'],
    );
    const head = withScripts.slice(0, withScripts.indexOf('</head>'));
    const preloads = [
      ...head.matchAll(
        /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
      ),
    ].map((match) => match[1]);
    expect(preloads).toEqual(['/assets/analytics-page-abc.js', '/assets/badge-def.js']);
    expect(html).not.toContain('modulepreload');
  });

  it('refuses a shell with no stylesheet to put the API answers before', () => {
    expect(() =>
      appPageDocument('<html><head></head><body><div id="root"></div></body></html>', {
        path: '/dashboard',
        html: '<div></div>',
        requests: ['/api/me'],
      }),
    ).toThrow(/no stylesheet link/);
  });

  it('refuses a shell without an empty #root', () => {
    expect(() =>
      appPageDocument('<html><head></head><body></body></html>', {
        path: '/dashboard',
        html: '',
        requests: [],
      }),
    ).toThrow(/no empty #root/);
  });
});

describe('scripts a document already loads', () => {
  it('are its module scripts and modulepreload links, as paths from the root', () => {
    const shell =
      '<head><script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-b.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/app-layer-c.js">' +
      '<link rel="icon" href="/favicon.svg"></head>';
    expect([...scriptsIn(shell)]).toEqual(['assets/index-a.js', 'assets/app-layer-c.js']);
  });
});
