import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { UsagePoint } from '../../src/api/contract';
import { toUsageChartData, USAGE_LINES, type UsageChartData } from '../../src/lib/usage-chart';
import { USAGE_CHART_HEIGHT, usageChartOptions } from '../../src/ui/charts/usage-chart';
import { UPlotChart, type ChartOptions } from '../../src/ui/charts/uplot-chart';

/**
 * The usage chart in a real browser: the app's uPlot wrapper with the app's chart options, fed
 * 4 series x 2,160 points (90 days hourly). Each timing runs from the React render call to the
 * end of uPlot's draw (its `draw` hook), so it covers React, the wrapper, uPlot's path building
 * and the canvas calls; an update also includes shaping the new points (toUsageChartData).
 * The four lines are the spec's series (USAGE_LINES), as the demo community draws them by default.
 */

const shape = (points: readonly UsagePoint[]): UsageChartData =>
  toUsageChartData(points, USAGE_LINES);

export type BenchResult = {
  points: number;
  series: number;
  width: number;
  shapeMs: number[];
  firstRenderMs: number[];
  updateMs: number[];
};

declare global {
  interface Window {
    runBench: (options: { mounts: number; updates: number }) => Promise<BenchResult>;
  }
}

const HOURS = 90 * 24;
const START = Date.parse('2026-08-24T00:00:00Z');

function makePoints(seed: number): UsagePoint[] {
  return Array.from({ length: HOURS }, (_, i) => {
    const hour = i % 24;
    const shape = 0.1 + Math.exp(-((hour - 8) ** 2) / 6) * 0.6 + Math.exp(-((hour - 18) ** 2) / 8);
    const wobble = (k: number) => 1 + 0.2 * Math.sin((i + seed * 7 + k * 13) / 17);
    return {
      time: new Date(START + i * 3_600_000).toISOString(),
      lawn: Math.round(140 * shape * wobble(1)),
      hall: Math.round(80 * shape * wobble(2)),
      yard: Math.round(45 * shape * wobble(3)),
      lake: Math.round(70 * shape * wobble(4)),
    };
  });
}

const labels = () => ({ period: 'month' as const, timeZone: 'America/Los_Angeles' });
let drawnAt = 0;
const options: ChartOptions = {
  ...usageChartOptions(labels, USAGE_LINES),
  hooks: { draw: [() => (drawnAt = performance.now())] },
};

const nextDraw = () =>
  new Promise<number>((resolve) => {
    const check = () => (drawnAt > 0 ? resolve(drawnAt) : queueMicrotask(check));
    queueMicrotask(check);
  });

window.runBench = async ({ mounts, updates }) => {
  const host = document.getElementById('root');
  if (!host) throw new Error('no #root');
  const datasets = [0, 1, 2, 3].map(makePoints);
  const shapeMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    shape(datasets[i % datasets.length] ?? []);
    shapeMs.push(performance.now() - t0);
  }
  const shaped = datasets.map((points) => shape(points));

  const firstRenderMs: number[] = [];
  const updateMs: number[] = [];
  for (let m = 0; m < mounts; m++) {
    const root = createRoot(host);
    drawnAt = 0;
    const t0 = performance.now();
    flushSync(() =>
      root.render(
        <UPlotChart
          options={options}
          data={shaped[0]?.columns ?? [[]]}
          height={USAGE_CHART_HEIGHT}
        />,
      ),
    );
    firstRenderMs.push((await nextDraw()) - t0);

    if (m === mounts - 1) {
      for (let u = 0; u < updates; u++) {
        const points = datasets[(u % 3) + 1] ?? [];
        drawnAt = 0;
        const t1 = performance.now();
        // An update is new query data: shaped for the chart (as UsageChartCard does), then drawn.
        const next = shape(points).columns;
        flushSync(() =>
          root.render(<UPlotChart options={options} data={next} height={USAGE_CHART_HEIGHT} />),
        );
        updateMs.push((await nextDraw()) - t1);
        // Let the browser paint between updates, as it would between refetches.
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    } else {
      root.unmount();
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return {
    points: shaped[0]?.times.length ?? 0,
    series: (shaped[0]?.columns.length ?? 1) - 1,
    width: host.clientWidth,
    shapeMs,
    firstRenderMs,
    updateMs,
  };
};
