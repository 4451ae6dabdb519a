import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium';
import { freePort, startServer } from './production-server';
const work = mkdtempSync(path.join(tmpdir(), 'sh-'));
const server = await startServer({ port: await freePort(), dataDir: path.join(work, 'data'), distDir: path.resolve('dist') });
const browser = await launchChromium();
const context = await browser.newContext({ baseURL: server.url, viewport: { width: 320, height: 700 }, serviceWorkers: 'block' });
const page = await context.newPage();
for (const r of ['/dashboard', '/amenities', '/community-management', '/analytics', '/reports', '/amy-events', '/alerts', '/settings']) {
  await page.goto(r);
  await page.waitForLoadState('networkidle');
  const out = await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll('select')].map((s) => {
      const cs = getComputedStyle(s);
      canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const widest = Math.max(...[...s.options].map((o) => canvas.measureText(o.text).width));
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      return `${s.labels?.[0]?.textContent ?? s.getAttribute('aria-label')}: width ${s.clientWidth}, room ${room.toFixed(0)}, widest option ${widest.toFixed(0)} ${widest > room ? 'CLIPPED' : ''}`;
    });
  });
  console.log(r, out);
}
await browser.close(); await server.stop();
