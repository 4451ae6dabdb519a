/**
 * Renders the PWA icons (public/icons/*.png) from the favicon artwork in headless Chromium.
 * Run once when the artwork changes: `tsx scripts/render-icons.ts`; the PNGs are committed.
 *
 * Each is then reduced to a palette (pngquant, quality 90-100: a flat two-colour glyph shows no
 * difference) and recompressed (optipng), about half the bytes: a phone fetches the 192 px icon
 * with the manifest on every first visit, while the page's own code is still downloading.
 * Needs Debian's pngquant and optipng (`apt-get install -y pngquant optipng`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { launchChromium } from './chromium';

const leaf = readFileSync('public/favicon.svg', 'utf8');
const glyph = leaf
  .replace(/^<svg[^>]*>/, '')
  .replace('</svg>', '')
  .replace(/<rect[^>]*\/>/, '');

function page(size: number, maskable: boolean): string {
  // Maskable icons keep the glyph inside the 80% safe zone on a full-bleed background.
  const scale = maskable ? 0.62 : 1;
  const offset = (64 - 64 * scale) / 2;
  const rect = maskable
    ? '<rect width="64" height="64" fill="#0f766e"/>'
    : '<rect width="64" height="64" rx="14" fill="#0f766e"/>';
  return `<html><body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${rect}<g transform="translate(${offset} ${offset}) scale(${scale})">${glyph}</g></svg></body></html>`;
}

const browser = await launchChromium();
for (const [name, size, maskable] of [
  ['icon-192', 192, false],
  ['icon-512', 512, false],
  ['icon-maskable-512', 512, true],
] as const) {
  const p = await browser.newPage({ viewport: { width: size, height: size } });
  await p.setContent(page(size, maskable));
  const file = `public/icons/${name}.png`;
  await p.screenshot({ path: file, omitBackground: !maskable });
  await p.close();
  execFileSync('pngquant', ['--quality=90-100', '--speed', '1', '--strip', '-f', '-o', file, file]);
  execFileSync('optipng', ['-quiet', '-o7', file]);
}
await browser.close();
console.log('icons written to public/icons');
