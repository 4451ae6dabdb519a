import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, describeBrowser, openPage, useBrowser } from './browser';
import { freePort, startServer, type RunningServer } from '../../scripts/production-server';

async function activeWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
}

describeBrowser('a new deployment', () => {
  const browser = useBrowser();

  it('shows the update prompt for a waiting worker; accepting reloads into the new version', async () => {
    // A deployment of its own (same origin before and after), so the shared server is untouched.
    const work = mkdtempSync(path.join(tmpdir(), 'commonground-update-'));
    const distDir = path.join(work, 'dist');
    const dataDir = path.join(work, 'data');
    cpSync('dist', distDir, { recursive: true });
    const port = await freePort();
    let server: RunningServer | undefined = await startServer({ port, dataDir, distDir });
    const { page, context } = await openPage(browser(), { ...DESKTOP, baseURL: server.url });
    try {
      await page.goto('/dashboard');
      await expect
        .poll(async () => (await activeWorker(page)).active, { timeout: 30_000 })
        .toBe('activated');
      await page.reload();
      await expect.poll(async () => (await activeWorker(page)).controlled).toBe(true);
      expect(await page.getByText('A new version of CommonGround is available').count()).toBe(0);

      // Deploy version 2: a changed service worker, served after a restart.
      await server.stop();
      appendFileSync(path.join(distDir, 'sw.js'), '\nself.__COMMONGROUND_DEPLOYMENT = 2;\n');
      server = await startServer({ port, dataDir, distDir });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const prompt = page.getByRole('alertdialog', {
        name: 'A new version of CommonGround is available',
      });
      await prompt.waitFor({ timeout: 30_000 });
      expect((await activeWorker(page)).waiting).toBe('installed');

      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        prompt.getByRole('button', { name: 'Reload now' }).click(),
      ]);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      const after = await activeWorker(page);
      expect(after).toEqual({ active: 'activated', waiting: null, controlled: true });
      const deployments = await Promise.all(
        context
          .serviceWorkers()
          .map((worker) =>
            worker.evaluate(
              () =>
                (self as unknown as { __COMMONGROUND_DEPLOYMENT?: number })
                  .__COMMONGROUND_DEPLOYMENT,
            ),
          ),
      );
      expect(deployments).toContain(2);
      expect(await prompt.count()).toBe(0);
    } finally {
      await context.close();
      await server?.stop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
