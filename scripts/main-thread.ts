import type { Browser } from 'playwright-core';

/** CPU slowdown of a mid-range phone against this machine, as Lighthouse's mobile profile. */
export const CPU_SLOWDOWN = 4;

export type MainThread = {
  /** Main-thread task time from navigation to the end of the window, ms (CDP TaskDuration). */
  mainThreadMs: number;
  /** Total Blocking Time: the part over 50 ms of every long task after the first paint, ms. */
  tbtMs: number;
  /** The longest task, ms. */
  longestTaskMs: number;
};

type PageStats = { fcp: number; tasks: { start: number; duration: number }[] };

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
  }
}

/**
 * One cold load of `url` on a phone (390 x 844, touch, CPU slowed CPU_SLOWDOWN times through
 * CDP, no service worker): the page is followed until it shows `waitForText` (if given) and the
 * network has been idle (and shows the element `waitForTestId`, if given), then for `settleMs` more, so work after the data arrives counts too.
 * Long tasks come from a PerformanceObserver installed before any page script runs.
 */
export async function measureMainThread(
  browser: Browser,
  url: string,
  {
    waitForText,
    waitForTestId,
    settleMs = 1500,
  }: { waitForText?: string; waitForTestId?: string; settleMs?: number } = {},
): Promise<MainThread> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      window.__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tasks.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'networkidle' });
    if (waitForText) await page.getByText(waitForText).first().waitFor();
    if (waitForTestId) await page.getByTestId(waitForTestId).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(settleMs);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const taskSeconds = metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    const stats: PageStats = await page.evaluate(() => ({
      fcp:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
        Number.POSITIVE_INFINITY,
      tasks: window.__longTasks ?? [],
    }));
    const blocking = stats.tasks
      .filter((task) => task.start + task.duration > stats.fcp)
      .map((task) => Math.max(0, task.duration - 50));
    return {
      mainThreadMs: taskSeconds * 1000,
      tbtMs: blocking.reduce((sum, ms) => sum + ms, 0),
      longestTaskMs: Math.max(0, ...stats.tasks.map((task) => task.duration)),
    };
  } finally {
    await context.close();
  }
}
