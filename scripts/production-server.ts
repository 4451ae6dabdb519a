import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The node arguments `npm start` runs the server with, read from package.json's start script
 * (its last step), so tests and benches run exactly what a user runs. Needs `npm run build` and
 * `npm run build:server` first.
 */
export function startCommandArgs(): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const last = pkg.scripts.start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  if (last[0] !== 'node') throw new Error(`Unexpected start script: ${pkg.scripts.start}`);
  return last.slice(1);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type RunningServer = { url: string; stop: () => Promise<void> };

/**
 * Starts the production server exactly as `npm start` does after its build, with its own data
 * directory and dist directory, and waits until the API answers.
 */
export async function startServer({
  port,
  dataDir,
  distDir,
  timeoutMs = 120_000,
  env = {},
}: {
  port: number;
  dataDir: string;
  distDir: string;
  timeoutMs?: number;
  /** More environment for the server (e.g. DEMO: '0'). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, startCommandArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The server exited with code ${child.exitCode}\n--- server output ---\n${log}`,
      );
    }
    try {
      // The health endpoint answers without a session (with DEMO=0 the data needs one).
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(
    `The server did not answer within ${timeoutMs / 1000} s\n--- server output ---\n${log}`,
  );
}
