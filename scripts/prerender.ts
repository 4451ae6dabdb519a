import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';
import { firstAnswersScript } from '../src/api/first-answers';
import { THEME_BOOT_SCRIPT } from '../src/lib/theme-boot';
import { APP_PAGES } from '../src/lib/app-pages';
import { PUBLIC_PATHS, htmlFileFor, type AppPath, type PublicPath } from '../src/lib/route-paths';
import { COMPANY_DOMAIN, COMPANY_NAME } from '../src/site/content/company';
import { THEME_COLOR } from './manifest';
import type { RenderedAppPage } from './prerender-app-entry';
import type { RenderedPage } from './prerender-entry';

/** What the build produced for the public pages: the shared CSS and the island script. */
export type SiteAssets = {
  /** Root-relative URLs, e.g. /assets/index-abc.css. */
  css: readonly string[];
  island: string;
};

/** The public origin used by the sitemap and robots.txt; SITE_URL overrides it per deployment. */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_URL ?? `https://${COMPANY_DOMAIN}`).replace(/\/+$/, '');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One prerendered page. The only inline script is the theme boot script (the server hashes it
 * for its CSP); the island is an external module.
 */
export function pageDocument(page: RenderedPage, assets: SiteAssets): string {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta name="theme-color" content="${THEME_COLOR}">`,
    `<meta property="og:site_name" content="${COMPANY_NAME}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    '<link rel="manifest" href="/manifest.webmanifest">',
    `<script>${THEME_BOOT_SCRIPT}</script>`,
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<script type="module" src="${assets.island}"></script>`,
    '</head>',
    `<body>${page.html}</body>`,
    '</html>',
    '',
  ].join('\n');
}

/** Canonical public pages: /home is the same page as / and stays out of the sitemap. */
export function sitemapPaths(): PublicPath[] {
  return PUBLIC_PATHS.filter((p) => p !== '/home');
}

export function sitemapXml(origin: string): string {
  const urls = sitemapPaths()
    .map((p) => `  <url><loc>${origin}${p === '/' ? '/' : p}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** Renders every public route with the site's React components (through Vite's module runner). */
export async function renderPages(root: string): Promise<RenderedPage[]> {
  const { module } = await runnerImport<{ pages: RenderedPage[] }>(
    path.join(root, 'scripts/prerender-entry.ts'),
    { root, mode: 'production', logLevel: 'warn', oxc: { jsx: { development: false } } },
  );
  return module.pages;
}

/** Writes one flat HTML file per public path (htmlFileFor), the sitemap and robots.txt. */
export async function prerenderSite({
  root,
  outDir,
  assets,
  origin = siteOrigin(),
}: {
  root: string;
  outDir: string;
  assets: SiteAssets;
  origin?: string;
}): Promise<string[]> {
  const pages = await renderPages(root);
  const written: string[] = [];
  mkdirSync(outDir, { recursive: true });
  for (const publicPath of PUBLIC_PATHS) {
    const page = pages.find((p) => p.path === publicPath);
    if (!page) throw new Error(`Prerender: no page rendered for ${publicPath}`);
    const file = htmlFileFor(publicPath);
    writeFileSync(path.join(outDir, file), pageDocument(page, assets));
    written.push(file);
  }
  writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(origin));
  writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(origin));
  return written;
}

/** Renders every app route's first frame (scripts/prerender-app-entry.ts). */
async function renderAppPages(root: string): Promise<RenderedAppPage[]> {
  const { module } = await runnerImport<{ appPages: RenderedAppPage[] }>(
    path.join(root, 'scripts/prerender-app-entry.ts'),
    {
      root,
      mode: 'production',
      logLevel: 'warn',
      oxc: { jsx: { development: false } },
    },
  );
  return module.appPages;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>/;

/**
 * The app shell document (app.html) with a route's first frame inside #root, the route's own
 * title in the head, and one request for the answers to every API request the frame makes as
 * the app starts (src/api/first-answers.ts), so the data downloads alongside the scripts instead
 * of after them: what /dashboard and the other app routes are served and precached as.
 */
export function appPageDocument(
  shell: string,
  page: RenderedAppPage,
  pageScripts: readonly string[] = [],
): string {
  const title = /<title>(.*?)<\/title>/.exec(page.html)?.[1];
  const body = page.html.replace(/<title>.*?<\/title>/, '');
  const withRoot = shell.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (withRoot === shell) throw new Error('Prerender: app.html has no empty #root');
  // Low priority: on a slow network, at the default (high) priority, they shared the bandwidth
  // with the render-blocking stylesheet and put the first paint off (Lighthouse's FCP and LCP on
  // /reports 1.9 -> 2.1-2.6 s). Low, the browser fetches them after it, before the app asks.
  const scripts = pageScripts
    .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`)
    .join('');
  const withScripts = withRoot.replace('</head>', `${scripts}</head>`);
  // Above the stylesheet: a script below one waits for it to download, so the data was asked
  // for only once the CSS had arrived (~450 ms later on a slowed phone).
  const withPreloads = page.requests.length
    ? withScripts.replace(
        STYLESHEET_LINK,
        (link) => `<script>${firstAnswersScript(page.requests)}</script>${link}`,
      )
    : withScripts;
  if (page.requests.length && withPreloads === withScripts) {
    throw new Error('Prerender: app.html has no stylesheet link to put the first answers before');
  }
  return title
    ? withPreloads.replace(/<title>.*?<\/title>/, `<title>${title}</title>`)
    : withPreloads;
}

/** The scripts a document loads or preloads, as paths from its root (`assets/index-abc.js`). */
export function scriptsIn(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1] ?? ''),
  );
}

/**
 * Writes one flat HTML file per app route next to app.html. `pageScripts` names the scripts a
 * page needs beyond those app.html already loads (`loaded`), to preload from its HTML.
 */
export async function prerenderAppShells({
  root,
  outDir,
  pageScripts = () => [],
}: {
  root: string;
  outDir: string;
  pageScripts?: (pageId: string, loaded: ReadonlySet<string>) => string[];
}): Promise<string[]> {
  const shell = readFileSync(path.join(outDir, 'app.html'), 'utf8');
  const loaded = scriptsIn(shell);
  const pages = await renderAppPages(root);
  return pages.map((page) => {
    const file = htmlFileFor(page.path as AppPath);
    const id = APP_PAGES.find((candidate) => candidate.path === page.path)?.id;
    const scripts = id ? pageScripts(id, loaded) : [];
    writeFileSync(path.join(outDir, file), appPageDocument(shell, page, scripts));
    return file;
  });
}
