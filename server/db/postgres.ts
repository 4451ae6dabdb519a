import pg from 'pg';
import { parseInt8, type Database, type Queryable, type Row } from './database';

/** Rows per INSERT … SELECT unnest(…) statement while bulk loading. */
const INSERT_CHUNK = 20_000;

const parseNumber = (value: string) => Number(value);

/** int8 and numeric as numbers (the SQL keeps them in range), like the PGlite side. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return parseInt8;
    if (oid === 1700) return parseNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * A real PostgreSQL server. `schema` (optional) keeps every table in its own schema, created if
 * needed: the tests use one schema per run so they never touch each other's data.
 */
export async function openPostgres(
  connectionString: string,
  { schema, max = 8 }: { schema?: string; max?: number } = {},
): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  const options = ['-c TimeZone=UTC', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ');
  const pool = new pg.Pool({ connectionString, max, types, options });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
  try {
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    else await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }

  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(text, [...params]);
      return result.rows;
    },
    async bulkInsert(table, columns, rows) {
      const names = columns.map((c) => c.name).join(', ');
      const unnest = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const chunk = rows.slice(start, start + INSERT_CHUNK);
        const arrays = columns.map((_, i) => chunk.map((row) => row[i] ?? null));
        await target.query(
          `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})`,
          arrays,
        );
      }
    },
  });

  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
