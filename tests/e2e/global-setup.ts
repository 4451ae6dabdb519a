import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';

export type E2EContext =
  | { skip: true; reason: string }
  | { skip: false; baseURL: string; chromiumPath: string; distDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts the production server the way `npm start` does (after `npm run build`), on a free port,
 * with its own data directory and a private copy of dist/ (the update test rewrites sw.js there).
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
  const distDir = path.join(work, 'dist');
  cpSync('dist', distDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DIST_DIR: distDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await waitForServer(`${baseURL}/api/dashboard/metrics`, server, 120_000);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log}`);
  }
  project.provide('e2e', { skip: false, baseURL, chromiumPath, distDir });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(null);
      else server.once('exit', resolve);
    });
    rmSync(work, { recursive: true, force: true });
  };
}
