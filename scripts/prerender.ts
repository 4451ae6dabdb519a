import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';
import { THEME_BOOT_SCRIPT } from '../src/lib/theme-boot';
import { PUBLIC_PATHS, htmlFileFor, type PublicPath } from '../src/lib/route-paths';
import { COMPANY_DOMAIN, COMPANY_NAME } from '../src/site/content/company';
import { THEME_COLOR } from './manifest';
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
