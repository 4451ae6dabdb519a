/**
 * The one database interface the server uses, with two implementations: PGlite (PostgreSQL in
 * WebAssembly, in-process; the embedded default) and node-postgres (a real server, when
 * DATABASE_URL is set). The SQL is the same on both: every query casts what it returns (counts to
 * int, sums to float8, dates to text), so both drivers hand back the same JavaScript values.
 */

export type Row = Record<string, unknown>;

/** Column types the bulk loader understands. */
export type ColumnType = 'int' | 'real' | 'float8' | 'text' | 'date' | 'timestamptz';
export type Column = { name: string; type: ColumnType };
export type BulkValue = string | number | null;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Loads many rows at once (seeding): COPY on PGlite, multi-row INSERT … SELECT unnest on
   * PostgreSQL. Values are numbers, strings (ISO instants, yyyy-mm-dd dates, text) or null.
   */
  bulkInsert(
    table: string,
    columns: readonly Column[],
    rows: readonly (readonly BulkValue[])[],
  ): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Tells every server process on this database, this one included, that something changed
   * (`message`, at most NOTIFY_MAX_BYTES): PostgreSQL's NOTIFY, on a channel of this database's
   * schema. PGlite belongs to one process, so there it reaches this process's listeners only.
   */
  notify(message: string): Promise<void>;
  /**
   * Hears every `notify` from now on (as soon as this resolves). `onGap` is called when messages
   * may have been missed: the listening connection was lost and is back. Resolves to a function
   * that stops listening.
   */
  listen(onMessage: (message: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; ours are a few dozen. */
export const NOTIFY_MAX_BYTES = 7_999;

export function checkNotifyMessage(message: string): void {
  if (Buffer.byteLength(message) > NOTIFY_MAX_BYTES) {
    throw new RangeError(`A notification is at most ${NOTIFY_MAX_BYTES} bytes`);
  }
}

/** The embedded database's thread has failed or closed (pglite.ts): nothing more can be asked. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * How a failure to reach the database went, or null when `error` is something else (a query it
 * refused, a bug): `refused` when no connection could be had (refused, timed out, the server
 * starting or out of connections: nothing was asked of it), `lost` when one broke while in use
 * (a write may or may not have committed).
 */
export function databaseUnavailable(error: unknown): 'refused' | 'lost' | null {
  if (error instanceof DatabaseUnavailableError) return 'lost';
  if (typeof error !== 'object' || error === null) return null;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const message = error instanceof Error ? error.message : '';
  if (CONNECT_FAILURES.has(code) || /timeout exceeded when trying to connect/i.test(message)) {
    return 'refused';
  }
  // SQLSTATE class 08: connection exceptions; 57P01/57P02: the server shut down or crashed.
  if (LOST_CONNECTION.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02') {
    return 'lost';
  }
  if (
    /^Connection terminated|connection error and is not queryable|after calling end on the pool/i.test(
      message,
    )
  ) {
    return 'lost';
  }
  return null;
}

/** No connection was made: the network's errors, 57P03 (starting up), 53300 (too many). */
const CONNECT_FAILURES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03',
  '53300',
]);

const LOST_CONNECTION: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** A PostgreSQL unique-violation error (a duplicate key), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** Quotes one CSV field for COPY … (FORMAT csv): null is an empty unquoted field. */
export function csvField(value: BulkValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return `"${value.replaceAll('"', '""')}"`;
}

/**
 * int8 (bigint) from the database as a JavaScript number: exact up to 2^53, which the bounded
 * inputs never approach; a value past it is an error, never a silently rounded figure.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is beyond 2^53`);
  return value;
}
