import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillResidentSortKeys } from '../residents/store';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The SQL migrations in order: server/db/migrations/NNN_name.sql. */
export function readMigrations(dir = MIGRATIONS_DIR): { version: string; sql: string }[] {
  return readdirSync(dir)
    .filter((name) => /^\d+_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(dir, name), 'utf8'),
    }));
}

/** The advisory lock that serialises schema changes and first-start seeding across servers. */
export const SCHEMA_LOCK = 7406021;

/**
 * Applies the migrations not applied yet, each in its own transaction, on PGlite and PostgreSQL
 * alike. An advisory lock keeps two servers starting at once from racing on a shared database.
 * Then fills in what SQL cannot compute the server's way (the residents' sort keys, migration
 * 025); that fill is cheap when there is nothing to do, and safe beside a server at work.
 */
export async function migrate(db: Database): Promise<string[]> {
  // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can both miss the table and
  // collide in the catalog (a duplicate key error on pg_type) on a fresh PostgreSQL database.
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  });
  const applied: string[] = [];
  for (const migration of readMigrations()) {
    const done = await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
      const seen = await tx.query(`SELECT 1 FROM schema_migrations WHERE version = $1`, [
        migration.version,
      ]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query(`INSERT INTO schema_migrations (version) VALUES ($1)`, [migration.version]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  await fillResidentSortKeys(db);
  return applied;
}

/**
 * Splits a migration file into statements (prepared statements take one at a time). The files
 * are plain DDL: no semicolons inside strings or function bodies.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
