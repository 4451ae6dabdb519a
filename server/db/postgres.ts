import pg from 'pg';
import { checkNotifyMessage, parseInt8, type Database, type Queryable, type Row } from './database';

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
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    options,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
  let channel: string;
  try {
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    channel = (await pool.query<{ channel: string }>(CHANNEL_QUERY)).rows[0]?.channel ?? '';
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listeners = new Set<pg.Client>();
  let closing = false;

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
    async notify(message) {
      checkNotifyMessage(message);
      await pool.query('SELECT pg_notify($1, $2)', [channel, message]);
    },
    async listen(onMessage, onGap) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: ReturnType<typeof setTimeout> | undefined;

      const connect = async (): Promise<void> => {
        const next = new pg.Client({
          connectionString,
          types,
          options,
          application_name: LISTENER_NAME,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        next.on('notification', (notification) => {
          if (notification.channel === channel) onMessage(notification.payload ?? '');
        });
        // A lost connection (the server restarted, the connection was ended) is opened again.
        next.on('error', () => lost(next));
        next.on('end', () => lost(next));
        listeners.add(next);
        try {
          await next.connect();
          await next.query(`LISTEN ${quoteIdentifier(channel)}`);
        } catch (error) {
          listeners.delete(next);
          await next.end().catch(() => undefined);
          throw error;
        }
        client = next;
      };
      const lost = (which: pg.Client) => {
        if (stopped || closing || client !== which) return;
        client = null;
        listeners.delete(which);
        which.end().catch(() => undefined);
        retry = setTimeout(reconnect, LISTEN_RETRY_MS).unref();
      };
      const reconnect = async () => {
        if (stopped || closing) return;
        try {
          await connect();
        } catch {
          if (!stopped) retry = setTimeout(reconnect, LISTEN_RETRY_MS).unref();
          return;
        }
        // Whatever was said while no one listened is lost: the caller catches up.
        onGap?.();
      };

      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const open = client;
        client = null;
        if (open) {
          listeners.delete(open);
          // A connection to a server that went silent would hold `end` (and a shutdown) for the
          // system's TCP timeout: it is left to close by itself after a moment.
          await Promise.race([
            open.end().catch(() => undefined),
            new Promise((resolve) => setTimeout(resolve, LISTEN_END_WAIT_MS).unref()),
          ]);
        }
      };
    },
    async close() {
      closing = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * The channel of this database's notifications: one per schema, so the tests' schemas (and two
 * installations sharing a PostgreSQL database) do not hear each other.
 */
const CHANNEL_QUERY = `SELECT 'commonground_changes_' || current_schema() AS channel`;

/**
 * How long a request waits for a connection to the database: an unreachable server (a network
 * that drops packets) would otherwise hold it for the operating system's minutes-long connect
 * timeout; after this it is a 503 (app.ts).
 */
const CONNECT_TIMEOUT_MS = 5_000;

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'commonground-listen';

/** How long stopping waits for the listening connection to close. */
const LISTEN_END_WAIT_MS = 1_000;

/** After a lost listening connection, the wait before opening it again. */
const LISTEN_RETRY_MS = 1_000;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
