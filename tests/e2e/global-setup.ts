import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../scripts/chromium';
import { freePort, startServer } from '../../scripts/production-server';

export type E2EContext =
  | { skip: true; reason: string }
  | { skip: false; baseURL: string; chromiumPath: string; distDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

/**
 * Starts the production server the way `npm start` does (after `npm run build`), on a free port,
 * with a data directory of its own, and hands its URL to the browser tests.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    const reason = 'no Chromium found (set CHROMIUM_PATH or apt-get install -y chromium)';
    if (process.env.REQUIRE_BROWSER === '1') {
      throw new Error(`REQUIRE_BROWSER=1 but ${reason}`);
    }
    console.warn(`\n${'!'.repeat(78)}\n!!! SKIPPING BROWSER TESTS: ${reason}\n${'!'.repeat(78)}\n`);
    project.provide('e2e', { skip: true, reason });
    return;
  }
  if (!existsSync('dist/app.html')) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm run test:e2e` does).');
  }

  const work = mkdtempSync(path.join(tmpdir(), 'commonground-e2e-'));
  const distDir = path.resolve('dist');
  const server = await startServer({
    port: await freePort(),
    dataDir: path.join(work, 'data'),
    distDir,
  });
  const baseURL = server.url;
  project.provide('e2e', { skip: false, baseURL, chromiumPath, distDir });

  return async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
