import { createHash } from 'node:crypto';
import {
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePrivate } from './data-dir';
import { migrate, readMigrations } from './migrate';
import { openPglite, pgliteDist } from './pglite';

/**
 * The PGlite template data directory: a database made by initdb and migrated, once, at build
 * time (`npm run build:server` puts it beside the bundled server). A first start copies it into
 * the empty DATA_DIR instead of running PGlite's initdb, which takes about 800 MB of memory for
 * a few seconds. Every installation from one build starts from the same copy, so migrations must
 * not create anything that has to differ between installations (secrets are made at run time).
 */
export const TEMPLATE_NAME = 'pgdata-template';

/** What a template is made from: PGlite's version and the migrations, as a hash. */
function templateKey(): string {
  const pglite = JSON.parse(
    readFileSync(path.join(pgliteDist(), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const hash = createHash('sha256').update(`PGlite ${pglite.version}\n`);
  for (const { version, sql } of readMigrations()) hash.update(`${version}\n${sql}\n`);
  return hash.digest('hex');
}

/**
 * Makes the template at `dir` with openPglite, as the server opens a data directory (the same
 * WebAssembly, thread and settings; PGlite rewrites postgresql.conf at every start anyway), and
 * the migrations. Made under a temporary name and renamed when complete, so a half-made template
 * is never found. `dir.key` records what it was made from (templateKey): a template made from
 * the same PGlite and migrations is kept (returns false), any other replaced (returns true).
 */
export async function makeTemplate(dir: string): Promise<boolean> {
  const keyFile = `${dir}.key`;
  const key = templateKey();
  if (existsSync(path.join(dir, 'PG_VERSION')) && existsSync(keyFile)) {
    if (readFileSync(keyFile, 'utf8').trim() === key) return false;
  }
  rmSync(keyFile, { force: true });
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const db = await openPglite(partial);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  makePrivate(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  writeFileSync(keyFile, `${key}\n`);
  return true;
}

/** The template beside a script (the bundled server's main.mjs), or null when there is none. */
export function templateBeside(scriptUrl: string): string | null {
  const dir = path.join(path.dirname(fileURLToPath(scriptUrl)), TEMPLATE_NAME);
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

/**
 * Copies the template's files into `dataDir` (which holds only the lock and the first-start
 * marker), directories 0700 and files 0600: a copy-on-write clone where the file system can.
 * (fs.cp took 1.8 s for its 1,150 files and 40 MB; this, about 0.1 s.)
 */
export function copyTemplate(template: string, dataDir: string): void {
  for (const entry of readdirSync(template, { withFileTypes: true })) {
    const from = path.join(template, entry.name);
    const to = path.join(dataDir, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(to, { mode: 0o700 });
      copyTemplate(from, to);
    } else if (entry.isFile()) {
      copyFileSync(from, to, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      chmodSync(to, 0o600);
    }
  }
  chmodSync(dataDir, 0o700);
}
