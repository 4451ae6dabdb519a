/**
 * `npm run bench`: render and update timings of the usage chart (4 series x 2,160 points, 90 days
 * hourly) in real Chromium. Builds scripts/bench/ with Vite (production React, minified), serves it
 * on a free local port and drives /usr/bin/chromium (CHROMIUM_PATH overrides) with playwright-core.
 * Targets: issue 15's (a warm mount <= 5 ms, the page's first mount <= 15 ms) and issue 2's (an
 * update <= 5 ms). Prints figures and which miss; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium';
import { serveStatic } from './static-server';
import { build } from 'vite';
import { compileHintPlugin } from './vite-plugin-compile-hint';
import react from '@vitejs/plugin-react';
import type { BenchResult } from './bench/bench-entry';

const benchDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const outDir = mkdtempSync(path.join(tmpdir(), 'cg-bench-'));
const TARGETS = { coldMount: 15, warmMount: 5, update: 5 };

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main() {
  await build({
    configFile: false,
    root: benchDir,
    logLevel: 'warn',
    mode: 'production',
    // Compiled as the app ships the chart's code (vite.config.ts).
    plugins: [react(), compileHintPlugin()],
    build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  });

  const server = await serveStatic(outDir);

  const browser = await launchChromium();

  let missed = false;
  try {
    for (const device of [
      { name: 'desktop', width: 1280, height: 800, scale: 1 },
      { name: 'phone', width: 390, height: 844, scale: 3 },
    ]) {
      const page = await browser.newPage({
        viewport: { width: device.width, height: device.height },
        deviceScaleFactor: device.scale,
      });
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => typeof window.runBench === 'function');
      const result: BenchResult = await page.evaluate(() =>
        window.runBench({ mounts: 20, updates: 60 }),
      );
      await page.close();

      const [coldRender = 0, ...warmRenders] = result.firstRenderMs;
      const render = stats(warmRenders);
      const update = stats(result.updateMs);
      const shape = stats(result.shapeMs);
      console.log(
        `\nUsage chart, ${device.name} (${device.width}px at ${device.scale}x, chart ${result.width}px): ${result.series} series x ${result.points.toLocaleString('en-US')} points`,
      );
      console.log(
        `  data shaping (toUsageChartData)  median ${ms(shape.median)}  p95 ${ms(shape.p95)}`,
      );
      const verdict = (value: number, target: number) => {
        if (value <= target) return `target <= ${target} ms`;
        missed = true;
        return `MISSED target <= ${target} ms`;
      };
      console.log(
        `  first render, cold (1st mount)   ${ms(coldRender)}   ${verdict(coldRender, TARGETS.coldMount)}`,
      );
      console.log(
        `  first render, warm (${warmRenders.length} mounts)   median ${ms(render.median)}  p95 ${ms(render.p95)}   ${verdict(render.median, TARGETS.warmMount)}`,
      );
      console.log(
        `  update: shape + setData (${result.updateMs.length})  median ${ms(update.median)}  p95 ${ms(update.p95)}   ${verdict(update.median, TARGETS.update)}`,
      );
    }
    console.log(missed ? '\nA figure missed its target.' : '\nAll figures within target.');
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
