import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium';
import { freePort, startServer } from './production-server';
import sm from 'source-map-js';
const dist = process.env.DIST ?? '/tmp/dist-sm';
const work = mkdtempSync(path.join(tmpdir(), 'fl-'));
const server = await startServer({ port: await freePort(), dataDir: path.join(work, 'data'), distDir: dist });
const browser = await launchChromium();
const p = process.argv[2] ?? '/dashboard';
const totals = new Map<string, number>(); const fnTotals = new Map<string, number>();
const consumers = new Map<string, sm.SourceMapConsumer | null>();
const consumer = (url: string) => {
  const file = new URL(url).pathname;
  if (!consumers.has(file)) { try { consumers.set(file, new sm.SourceMapConsumer(JSON.parse(readFileSync(dist + file + '.map', 'utf8')))); } catch { consumers.set(file, null); } }
  return consumers.get(file);
};
const runs = Number(process.argv[3] ?? 3);
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(server.url + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const dt: number[] = profile.timeDeltas;
  const self = new Map<number, number>();
  profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0) / 1000));
  for (const [id, ms] of self) {
    const n: any = byId.get(id); const cf = n.callFrame;
    let src = cf.url ? new URL(cf.url).pathname : `(${cf.functionName || 'native'})`;
    let fname = cf.functionName;
    const c = cf.url ? consumer(cf.url) : null;
    if (c) { const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); if (o.source) { src = o.source.replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/'); fname = (o.name ?? fname) + ':' + o.line; } }
    if (cf.functionName === (process.env.WHO ?? 'appendChild')) { let q: any = n; const chain: string[] = []; const parentOf = new Map(profile.nodes.flatMap((x: any) => (x.children ?? []).map((c: number) => [c, x]))); for (let i = 0; i < 6 && q; i++) { q = parentOf.get(q.id); if (q) chain.push((q.callFrame.functionName || '?') + '@' + (q.callFrame.url.split('/').pop() || '') + ':' + q.callFrame.lineNumber); } console.log('  ', ms.toFixed(1), chain.join(' < ')); }
    totals.set(src, (totals.get(src) ?? 0) + ms / runs);
    fnTotals.set(src + ' ' + fname, (fnTotals.get(src + ' ' + fname) ?? 0) + ms / runs);
  }
  await context.close();
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(7)}  ${k}`).join('\n');
console.log('BY FILE\n' + top(totals, 40)); console.log('BY FUNCTION\n' + top(fnTotals, 50));
await browser.close(); await server.stop();
