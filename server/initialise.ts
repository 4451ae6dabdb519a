/**
 * The short-lived process of a first start on PGlite, forked by main.ts on an empty DATA_DIR (or
 * one whose first start did not finish): makes it a seeded database (initialiseDataDir in
 * first-start.ts, from the template beside this script when there is one), then exits, giving
 * back the memory PGlite took. A program of its own so that it loads none of the HTTP server.
 * Environment: DATA_DIR. Exits 1 with a sentence on stderr if it could not.
 */
import path from 'node:path';
import { DataDirError } from './db/data-dir';
import { templateBeside } from './db/template';
import { initialiseDataDir } from './first-start';
import { ownCommunityFromEnv } from './own-community';

async function initialise() {
  // Data files readable by this user only (PGlite creates them 0666 minus the umask).
  process.umask(0o077);
  // Stop if the server that started us is gone (its IPC channel closes with it).
  process.on('disconnect', () => process.exit(1));
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || 'data');
  const started = performance.now();
  // main.ts has checked these before starting this process.
  const own = ownCommunityFromEnv(process.env);
  const done = await initialiseDataDir(dataDir, {
    template: templateBeside(import.meta.url),
    ownCommunity: own && !('error' in own) ? own : undefined,
    now: Date.now(),
    onFailure: (error) => {
      console.error(
        `The database stopped while DATA_DIR ${dataDir} was being made: ${error.message}`,
      );
      process.exit(1);
    },
  });
  if (done && own && !('error' in own)) {
    console.log(`New database in ${dataDir}, with the community ${own.name}, empty`);
  } else if (done) {
    console.log(
      `New database in ${dataDir} (${done.fromTemplate ? 'copied from the template' : 'initdb'}, ` +
        `ready in ${((performance.now() - started) / 1000).toFixed(1)} s): seeded ` +
        `${done.readings.toLocaleString('en-US')} readings and a year of events in ` +
        `${(done.seededInMs / 1000).toFixed(1)} s`,
    );
  }
  process.exit(0);
}

initialise().catch((error: Error) => {
  console.error(error instanceof DataDirError ? error.message : (error.stack ?? error.message));
  process.exit(1);
});
