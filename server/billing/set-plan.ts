/**
 * `npx tsx server/billing/set-plan.ts --community <slug> --plan Starter --price 299
 * --amenities 5 --day 1 [--card Visa:4242 | --no-card]`: the operator sets the plan CommonGround
 * bills a community for, which Settings → Billing shows (GET /api/billing). `--show` prints it,
 * `--remove` takes it off file; `--help` says everything. The app never writes it.
 *
 * The database is the server's: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR
 * (default ./data), which must already hold a database (the server's first start makes it) and
 * must not be open in a running server. Migrations are applied first, as at server start.
 * Exits 0 when done, 2 for wrong arguments, 1 when the database refused or could not be opened.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkDataDir, DataDirError } from '../db/data-dir';
import type { Database } from '../db/database';
import { openDatabase } from '../server';
import { runPlanCommand } from './operator';
import { parsePlanArgs, PlanCommandError, SET_PLAN_USAGE, type PlanCommand } from './plan-args';

function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/** The server's database, never a new one: an empty or missing DATA_DIR is refused. */
async function openServerDatabase(): Promise<Database> {
  const url = env('DATABASE_URL');
  if (url) return openDatabase({ url });
  const dataDir = path.resolve(env('DATA_DIR') ?? 'data');
  if (!existsSync(dataDir) || !checkDataDir(dataDir).existing) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} holds no CommonGround database. Point DATA_DIR at the server's data ` +
        'directory (or DATABASE_URL at its PostgreSQL database); a new one is made by starting ' +
        'the server once.',
    );
  }
  try {
    return await openDatabase({ dataDir });
  } catch (error) {
    if (error instanceof DataDirError && /in use by another server/.test(error.message)) {
      throw new DataDirError(
        `${error.message} On PGlite only one process may open the data directory: stop the ` +
          'server, set the plan, then start it again.',
      );
    }
    throw error;
  }
}

async function main(args: readonly string[]): Promise<number> {
  let command: PlanCommand;
  try {
    command = parsePlanArgs(args);
  } catch (error) {
    if (!(error instanceof PlanCommandError)) throw error;
    console.error(`${error.message}\n\n${SET_PLAN_USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(SET_PLAN_USAGE);
    return 0;
  }
  // Data files readable by this user only, as the server keeps them (PGlite: 0666 - umask).
  process.umask(0o077);
  let db: Database;
  try {
    db = await openServerDatabase();
  } catch (error) {
    console.error(`Could not open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    console.log(await runPlanCommand(db, command, Date.now()));
    return 0;
  } catch (error) {
    console.error(
      error instanceof PlanCommandError
        ? error.message
        : `The database refused the change: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  },
);
