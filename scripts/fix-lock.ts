/**
 * `npx tsx scripts/fix-lock.ts package-lock.json`: puts back the lock entries of other platforms'
 * optional native builds (rollup, Tailwind's oxide, esbuild…). This registry has no copies of
 * them, so an `npm install` here leaves them out, and `npm ci` then refuses the lock.
 */
import { readFileSync, writeFileSync } from 'node:fs';

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  cpu?: string[];
  os?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

const PLATFORM =
  /-(android|darwin|freebsd|linux|openbsd|openharmony|win32|wasm32)-?([a-z0-9]+)?(?:-(gnu|musl|gnueabihf|musleabihf|msvc|eabi|wasi))?$/;

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
const added: string[] = [];
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `node_modules/${name}`;
    if (packages[where]) continue;
    const match = PLATFORM.exec(name);
    if (!match) {
      console.error(`cannot place ${name}`);
      continue;
    }
    const [, os = '', cpu = '', abi] = match;
    const placed: LockEntry = { version, optional: true, license: 'MIT' };
    if (entry.dev) placed.dev = true;
    if (os === 'wasm32') placed.cpu = ['wasm32'];
    else {
      placed.cpu = [cpu];
      placed.os = [os];
    }
    if (abi === 'musl' || abi === 'musleabihf') placed.libc = ['musl'];
    if (abi === 'gnu' || abi === 'gnueabihf') placed.libc = ['glibc'];
    packages[where] = placed;
    added.push(where);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added.length} entries`);
