/**
 * `npm run test:stress`: proof that no test depends on timing. While a CPU hog keeps one core
 * busy, runs the unit + UI suite 10 times in a row, then builds the app and the server once and
 * runs the browser suite 3 times in a row. Stops at the first failure, prints one line per run
 * and always stops the hog.
 *
 *   npm run test:stress                  # 10 unit + UI runs, then build, then 3 e2e runs
 *   npm run test:stress -- --unit-only   # the 10 unit + UI runs only
 *   npm run test:stress -- --unit-runs 3 --e2e-runs 1
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    'unit-only': { type: 'boolean', default: false },
    'unit-runs': { type: 'string', default: '10' },
    'e2e-runs': { type: 'string', default: '3' },
  },
});

function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
}
const unitRuns = count('unit-runs', options['unit-runs']);
const e2eRuns = count('e2e-runs', options['e2e-runs']);

type Step = { label: string; command: string; args: string[] };

const steps: Step[] = [];
for (let run = 1; run <= unitRuns; run += 1) {
  steps.push({
    label: `unit+ui ${run}/${unitRuns}`,
    command: 'npm',
    args: ['run', '--silent', 'test:unit', '--', '--reporter=dot'],
  });
}
if (!options['unit-only']) {
  // The browser suite runs against the production build: build once, then run it repeatedly.
  steps.push({ label: 'build', command: 'npm', args: ['run', '--silent', 'build'] });
  steps.push({ label: 'build:server', command: 'npm', args: ['run', '--silent', 'build:server'] });
  for (let run = 1; run <= e2eRuns; run += 1) {
    steps.push({
      label: `e2e ${run}/${e2eRuns}`,
      command: 'npx',
      args: ['vitest', 'run', '--configLoader', 'runner', '--project', 'e2e', '--reporter=dot'],
    });
  }
}

/**
 * One core kept busy. The loop also ends by itself if this script dies without cleaning up
 * (its parent changes), so a killed stress run never leaves a hog behind.
 */
function startHog(): ChildProcess {
  const loop = `const parent = process.ppid; for (let i = 1; ; i++) { if (i % 1e8 === 0 && process.ppid !== parent) process.exit(0); }`;
  return spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
}

const hog = startHog();
let current: ChildProcess | null = null;
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const stopHog = () => {
  if (running(hog)) hog.kill('SIGKILL');
};
process.on('exit', stopHog);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (current && running(current)) current.kill(signal);
    stopHog();
    process.exit(130);
  });
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Runs one step with its output passed through; resolves with its exit code and a summary. */
function runStep(step: Step): Promise<{ code: number; tests: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('close', (code, signal) => {
      const tests = /^\s*Tests\s+(.+)$/m.exec(tail.replace(ANSI, ''))?.[1]?.trim() ?? '';
      resolve({ code: code ?? (signal ? 1 : 0), tests });
    });
  });
}

const lines: string[] = [];
let failed: string | null = null;
const started = Date.now();
console.log(`CPU hog running (pid ${hog.pid}); ${steps.length} steps`);
for (const step of steps) {
  const start = Date.now();
  const { code, tests } = await runStep(step);
  const seconds = ((Date.now() - start) / 1000).toFixed(1).padStart(6);
  const line = `${step.label.padEnd(14)} ${code === 0 ? 'pass' : 'FAIL'} ${seconds} s  ${tests}`;
  lines.push(line);
  console.log(`\n[stress] ${line}\n`);
  if (code !== 0) {
    failed = step.label;
    break;
  }
}
stopHog();

console.log('\nStress summary (one core busy with a CPU hog throughout):');
for (const line of lines) console.log(`  ${line}`);
const total = ((Date.now() - started) / 1000).toFixed(0);
if (failed) {
  console.log(`Stopped at the first failure: ${failed} (${total} s)`);
  process.exitCode = 1;
} else {
  console.log(`All ${lines.length} steps passed (${total} s)`);
}
