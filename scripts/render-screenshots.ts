/**
 * Takes the manifest's install-sheet screenshots (public/screenshots/*.png) of the live dashboard.
 * Run against a started server when the dashboard's look changes, and commit the PNGs:
 *   PORT=5050 npm run serve & tsx scripts/render-screenshots.ts http://127.0.0.1:5050
 */
import { launchChromium } from './chromium';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const browser = await launchChromium();
for (const [name, width, height, mobile] of [
  ['dashboard-narrow', 390, 844, true],
  ['dashboard-wide', 1280, 800, false],
] as const) {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: mobile,
    hasTouch: mobile,
    colorScheme: 'light',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto(`${base}/dashboard`);
  await page.getByText('Monthly amenity value').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `public/screenshots/${name}.png` });
  await context.close();
}
await browser.close();
console.log('screenshots written to public/screenshots');
