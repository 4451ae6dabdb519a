/**
 * `npm run build:server`: the server as `npm start` runs it, in
 * node_modules/.cache/commonground/server:
 *
 * 1. `main.mjs`, `initialise.mjs` (the first start's short-lived process) and
 *    `pglite-worker.mjs` (the database thread): server/main.ts, server/initialise.ts and
 *    server/db/pglite-worker.ts bundled with esbuild, packages left to node_modules;
 * 2. `migrations/`: server/db/migrations, which the bundle reads beside itself;
 * 3. `pgdata-template/`: the PGlite data directory a first start copies instead of running
 *    initdb (server/db/template.ts), made by initdb and the migrations above. Building it takes
 *    a few seconds and PGlite's initdb memory (about 800 MB), once, here instead of at every
 *    first start.
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makeTemplate, TEMPLATE_NAME } from '../server/db/template';

const OUT = 'node_modules/.cache/commonground/server';

async function main() {
  await build({
    entryPoints: ['server/main.ts', 'server/initialise.ts', 'server/db/pglite-worker.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    outdir: OUT,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
  });
  rmSync(path.join(OUT, 'migrations'), { recursive: true, force: true });
  cpSync('server/db/migrations', path.join(OUT, 'migrations'), { recursive: true });
  await makeTemplate(path.join(OUT, TEMPLATE_NAME));
}

main().catch((error: Error) => {
  console.error(`build:server failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
