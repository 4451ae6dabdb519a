import type { Browser, CDPSession } from 'playwright-core';

/** CPU slowdown of a mid-range phone against this machine, as Lighthouse's mobile profile. */
export const CPU_SLOWDOWN = 4;

export type MainThread = {
  /** Main-thread task time from navigation to the end of the window, ms (CDP TaskDuration). */
  mainThreadMs: number;
  /** Total Blocking Time: the part over 50 ms of every long task after the first paint, ms. */
  tbtMs: number;
  /** The longest task, ms. */
  longestTaskMs: number;
  /** Main-thread time per second once the page has settled and is left open, ms/s. */
  leftOpenMsPerSecond: number;
};

/** How long a settled page is watched for the work it keeps doing (timers, animations). */
export const LEFT_OPEN_MS = 3000;

type PageStats = { fcp: number; tasks: { start: number; duration: number }[] };

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
  }
}

/**
 * How the main thread's time is counted. `wall`: how long its tasks took, as Lighthouse and
 * DevTools count them, waits included. `cpu`: the thread's own CPU time in those tasks (CDP's
 * thread ticks), without the moments it waited: for a core taken by another process (on this
 * 2-core machine the server, the browser's other processes and threads, the bench itself) or on
 * another process's answer.
 */
export type MainThreadClock = 'wall' | 'cpu';

/**
 * One cold load of `url` on a phone (390 x 844, touch, CPU slowed CPU_SLOWDOWN times through
 * CDP, no service worker): the page is followed until it shows `waitForText` (if given) and the
 * network has been idle (and shows the element `waitForTestId`, if given), then for `settleMs` more, so work after the data arrives counts too.
 * Long tasks come from a PerformanceObserver installed before any page script runs. With
 * `leftOpen` false the page is closed at the end of the window (leftOpenMsPerSecond is then 0).
 */
export async function measureMainThread(
  browser: Browser,
  url: string,
  {
    waitForText,
    waitForTestId,
    settleMs = 1500,
    clock = 'wall',
    leftOpen = true,
  }: {
    waitForText?: string;
    waitForTestId?: string;
    settleMs?: number;
    clock?: MainThreadClock;
    leftOpen?: boolean;
  } = {},
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
    await cdp.send('Performance.enable', {
      timeDomain: clock === 'cpu' ? 'threadTicks' : 'timeTicks',
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (waitForText) {
      await waitInPage(cdp, `document.body.textContent.includes(${JSON.stringify(waitForText)})`);
    }
    if (waitForTestId) {
      await waitInPage(
        cdp,
        `document.querySelector('[data-testid=${JSON.stringify(waitForTestId)}]') !== null`,
      );
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(settleMs);
    const taskSeconds = await taskDurationSeconds(cdp);
    const stats: PageStats = await page.evaluate(() => ({
      fcp:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ??
        Number.POSITIVE_INFINITY,
      tasks: window.__longTasks ?? [],
    }));
    // Outside the load's window, so the ratio stays what it was; a manager's phone pays it for as
    // long as the page stays open (an endless CSS animation cost ~37 ms/s at CPU 4x).
    let leftOpenSeconds = 0;
    if (leftOpen) {
      // From here, so the evaluation above (Playwright's own script) is not counted either.
      const settled = await taskDurationSeconds(cdp);
      await page.waitForTimeout(LEFT_OPEN_MS);
      leftOpenSeconds = (await taskDurationSeconds(cdp)) - settled;
    }
    const blocking = stats.tasks
      .filter((task) => task.start + task.duration > stats.fcp)
      .map((task) => Math.max(0, task.duration - 50));
    return {
      mainThreadMs: taskSeconds * 1000,
      tbtMs: blocking.reduce((sum, ms) => sum + ms, 0),
      longestTaskMs: Math.max(0, ...stats.tasks.map((task) => task.duration)),
      leftOpenMsPerSecond: (leftOpenSeconds * 1000) / (LEFT_OPEN_MS / 1000),
    };
  } finally {
    await context.close();
  }
}

/**
 * Polls `expression` in the page until it is true. Not Playwright's locators: their first use
 * evaluates Playwright's injected script in the page, ~35-55 ms of main thread at CPU 4x, and a
 * text locator then walks the whole document (~28 ms on the dashboard), all inside the window
 * being timed. A poll costs well under 1 ms, and every page, the reference included, pays it
 * alike.
 */
async function waitInPage(cdp: CDPSession, expression: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting in the page for: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function taskDurationSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}
