import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * How `npm start` runs the server after building, read from package.json's start script (its
 * last step: environment assignments, then `node` and its arguments), so tests and benches run
 * exactly what a user runs. Spawn `process.execPath` with `args` and an environment ending with
 * `env` (as in the shell, the script's assignments win). Needs `npm run build` and
 * `npm run build:server` first.
 */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  let assignment: RegExpExecArray | null;
  while ((assignment = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(words[0] ?? ''))) {
    env[assignment[1] ?? ''] = assignment[2] ?? '';
    words.shift();
  }
  if (words[0] !== 'node') throw new Error(`Unexpected start script: ${pkg.scripts.start}`);
  return { env, args: words.slice(1) };
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

export type RunningServer = {
  url: string;
  stop: () => Promise<void>;
  /** What the server has printed so far (its log: the first Admin's link, for one). */
  output: () => string;
};

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
  const command = startCommand();
  const child: ChildProcess = spawn(process.execPath, command.args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: '',
      ...env,
      ...command.env,
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
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop, output: () => log };
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
