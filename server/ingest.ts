import type { Reading } from '../src/api/contract';
import type { Amenity, Community } from './community';
import { isUniqueViolation, type Database, type Queryable } from './db/database';
import { asReal } from './db/real';
import { HttpError } from './errors';
import { ADD_TO_BUCKET, localDayOf, READING_AGGREGATES, ROLLUP_COLUMNS } from './rollups';
import { currentSettings } from './settings-lock';

/**
 * The plausible range of every ingested field. A reading outside it is a sensor or client fault,
 * refused with a 400 that names the field, before anything reaches the database (whose int and
 * real columns would otherwise overflow into a 500).
 */
/** A reading may be stamped this far ahead of the server's clock (sensor clock drift). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Occupancy above this multiple of capacity is a sensor fault, not a crowd. */
export const MAX_OVER_CAPACITY = 1.5;
/**
 * Entries since the previous reading above this multiple of capacity are a fault: ten full
 * turnovers of the amenity between two readings (readings come every few minutes).
 */
export const MAX_ENTRIES_PER_CAPACITY = 10;
/** A mean visit longer than a day is a fault. */
export const MAX_DWELL_MINUTES = 1440;

export type ValidReading = {
  amenityId: number;
  /** The reading's instant, epoch milliseconds. */
  ms: number;
  occupancy: number;
  entries: number;
  dwellMinutes: number;
};

/** What a batch did: readings newly stored, and identical readings that were already stored. */
export type IngestResult = { accepted: number; duplicates: number };

const label = (index: number, reading: Reading) =>
  `readings.${index} (${reading.amenityId} at ${reading.time})`;

/**
 * Why one reading of a known amenity cannot be stored, or null when it can: `time` when it is
 * dated where the amenity cannot have a reading (in the future, before the community was created,
 * before the amenity was added), `bounds` when a figure is outside its plausible range. The
 * reason reads after the reading's label ("entries 446 is more than 10 times the capacity of 40").
 */
export function readingProblem(
  reading: Reading,
  amenity: Amenity,
  now: number,
  createdAt = Number.NEGATIVE_INFINITY,
): { kind: 'time' | 'bounds'; reason: string } | null {
  const time = (reason: string) => ({ kind: 'time', reason }) as const;
  const bounds = (reason: string) => ({ kind: 'bounds', reason }) as const;
  const ms = Date.parse(reading.time);
  if (!Number.isFinite(ms)) return time('time is not a valid instant');
  if (ms > now + FUTURE_TOLERANCE_MS) {
    return time(`time is in the future (more than ${FUTURE_TOLERANCE_MS / 60_000} minutes ahead)`);
  }
  if (ms < createdAt) {
    return time(`time is before the community was created (${new Date(createdAt).toISOString()})`);
  }
  // Coverage, gaps and the reports hold that an amenity did not exist before it was added, so a
  // reading from then would be counted where every statement about the period says there was none.
  if (typeof amenity.createdAt === 'number' && ms < amenity.createdAt) {
    return time(
      `time is before ${amenity.name} was added (${new Date(amenity.createdAt).toISOString()})`,
    );
  }
  if (reading.occupancy < 0) return bounds(`occupancy ${reading.occupancy} is negative`);
  if (reading.entries < 0) return bounds(`entries ${reading.entries} is negative`);
  if (!(reading.dwellMinutes >= 0)) {
    return bounds(`dwellMinutes ${reading.dwellMinutes} is negative`);
  }
  if (reading.occupancy > amenity.capacity * MAX_OVER_CAPACITY) {
    return bounds(
      `occupancy ${reading.occupancy} is far over the capacity of ${amenity.capacity} ` +
        `(more than ${Math.round(MAX_OVER_CAPACITY * 100)}%)`,
    );
  }
  if (reading.entries > amenity.capacity * MAX_ENTRIES_PER_CAPACITY) {
    return bounds(
      `entries ${reading.entries} is more than ${MAX_ENTRIES_PER_CAPACITY} times the ` +
        `capacity of ${amenity.capacity}`,
    );
  }
  if (reading.dwellMinutes > MAX_DWELL_MINUTES) {
    return bounds(
      `dwellMinutes ${reading.dwellMinutes} is more than ${MAX_DWELL_MINUTES} (a whole day)`,
    );
  }
  return null;
}

/**
 * Checks a whole batch before anything is written; the first bad reading rejects it with a
 * message that names it and says why. Returns the rows to insert.
 */
export function validateReadings(
  readings: readonly Reading[],
  amenities: readonly Amenity[],
  now: number,
  createdAt = Number.NEGATIVE_INFINITY,
): ValidReading[] {
  const bySlug = new Map(amenities.map((a) => [a.slug, a]));
  const seen = new Map<string, number>();
  return readings.map((reading, index) => {
    const amenity = bySlug.get(reading.amenityId);
    const fail = (reason: string) => new HttpError(400, `${label(index, reading)}: ${reason}`);
    if (!amenity) throw fail(`unknown amenity "${reading.amenityId}"`);
    const problem = readingProblem(reading, amenity, now, createdAt);
    if (problem) throw fail(problem.reason);
    const ms = Date.parse(reading.time);
    const key = `${amenity.id}|${ms}`;
    const first = seen.get(key);
    if (first !== undefined) throw fail(`duplicates readings.${first} (same amenity and time)`);
    seen.set(key, index);
    return {
      amenityId: amenity.id,
      ms,
      occupancy: reading.occupancy,
      entries: reading.entries,
      dwellMinutes: asReal(reading.dwellMinutes),
    };
  });
}

/**
 * An instant sent as epoch milliseconds (an int8), as a timestamptz: exact (whole
 * milliseconds), and cheaper for the database than parsing ISO text, and for both threads than
 * formatting and copying it.
 */
const instant = (ms: string) => `('epoch'::timestamptz + ${ms} * interval '1 millisecond')`;

const BATCH = `unnest($2::int[], $3::int8[], $4::int[], $5::int[], $6::real[])
      WITH ORDINALITY AS b (amenity_id, ms, occupancy, entries, dwell_minutes, i)`;

/**
 * The batch's readings that differ from what is stored for their amenity and time. Run after
 * WRITE_BATCH, so every reading of the batch is stored by then: either as sent (new, or an
 * identical duplicate) or, for a conflict, with the values stored before.
 */
const FIND_CONFLICTS = `
  SELECT b.i::int AS i, r.occupancy, r.entries, r.dwell_minutes::float8 AS dwell_minutes
    FROM ${BATCH}
    JOIN readings r
      ON r.community_id = $1 AND r.amenity_id = b.amenity_id AND r.time = ${instant('b.ms')}
   WHERE NOT (r.occupancy = b.occupancy AND r.entries = b.entries
              AND r.dwell_minutes = b.dwell_minutes)
   ORDER BY b.i
   LIMIT 1`;

/**
 * One statement writes the readings not stored yet (a reading already stored, identical or not,
 * is skipped) and adds them to their hourly and daily buckets.
 */
const WRITE_BATCH = `
  WITH inserted AS (
    INSERT INTO readings (community_id, amenity_id, time, occupancy, entries, dwell_minutes)
    SELECT $1, amenity_id, ${instant('ms')}, occupancy, entries, dwell_minutes FROM ${BATCH}
    ON CONFLICT (community_id, amenity_id, time) DO NOTHING
    RETURNING amenity_id, time, occupancy, entries, dwell_minutes
  ),
  hourly AS (
    INSERT INTO readings_hourly AS t (community_id, hour, amenity_id, ${ROLLUP_COLUMNS})
    SELECT $1, date_trunc('hour', r.time, 'UTC'), r.amenity_id, ${READING_AGGREGATES}
      FROM inserted r GROUP BY 2, 3
    ON CONFLICT (community_id, hour, amenity_id) ${ADD_TO_BUCKET}
  ),
  daily AS (
    INSERT INTO readings_daily AS t (community_id, day, amenity_id, ${ROLLUP_COLUMNS})
    SELECT $1, ${localDayOf('r.time', '$7::text')}, r.amenity_id, ${READING_AGGREGATES}
      FROM inserted r GROUP BY 2, 3
    ON CONFLICT (community_id, day, amenity_id) ${ADD_TO_BUCKET}
  )
  SELECT count(*)::int AS written FROM inserted`;

const params = (community: Community, rows: readonly ValidReading[]) => [
  community.id,
  rows.map((r) => r.amenityId),
  rows.map((r) => r.ms),
  rows.map((r) => r.occupancy),
  rows.map((r) => r.entries),
  rows.map((r) => r.dwellMinutes),
  community.timeZone,
];

/** One hourly bucket's share of a batch: what ADD_TO_BUCKET adds to the stored bucket. */
export type HourlyShare = {
  /** The UTC hour's start, epoch ms. */
  hour: number;
  amenityId: number;
  readings: number;
  entries: number;
  occupancySum: number;
  occupancyMax: number;
  /** Sum of entries x dwell minutes as stored (a real, so rounded to single precision first). */
  dwellTotal: number;
};

const HOUR_MS = 3_600_000;

/**
 * The rollup aggregates of new readings per UTC hour and amenity, as READING_AGGREGATES computes
 * them in the database (same order of addition), so the request thread does it instead of the
 * database thread.
 */
export function hourlyShares(rows: readonly ValidReading[]): HourlyShare[] {
  const buckets = new Map<string, HourlyShare>();
  for (const row of rows) {
    const hour = Math.floor(row.ms / HOUR_MS) * HOUR_MS;
    const key = `${hour}|${row.amenityId}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = {
        hour,
        amenityId: row.amenityId,
        readings: 0,
        entries: 0,
        occupancySum: 0,
        occupancyMax: 0,
        dwellTotal: 0,
      };
      buckets.set(key, bucket);
    }
    bucket.readings++;
    bucket.entries += row.entries;
    bucket.occupancySum += row.occupancy;
    bucket.occupancyMax = Math.max(bucket.occupancyMax, row.occupancy);
    bucket.dwellTotal += row.entries * asReal(row.dwellMinutes);
  }
  return [...buckets.values()];
}

/**
 * The common case, a batch of readings none of which is stored yet: a plain INSERT (no
 * speculative insertion, one index descent and two WAL records per reading instead of three),
 * with the rollups added from the batch's hourly shares (a few rows) rather than aggregated from
 * the readings in the database. A reading already stored makes it fail with a unique violation
 * (23505) and nothing is written; ingestBatch then takes the idempotent path.
 */
const WRITE_NEW = `
  WITH inserted AS (
    INSERT INTO readings (community_id, amenity_id, time, occupancy, entries, dwell_minutes)
    SELECT $1, amenity_id, ${instant('ms')}, occupancy, entries, dwell_minutes
      FROM unnest($2::int[], $3::int8[], $4::int[], $5::int[], $6::real[])
        AS b (amenity_id, ms, occupancy, entries, dwell_minutes)
  ),
  shares AS (
    SELECT * FROM unnest($8::timestamptz[], $9::int[], $10::int[], $11::bigint[], $12::bigint[],
                         $13::int[], $14::float8[])
      AS h (hour, amenity_id, ${ROLLUP_COLUMNS})
  ),
  hourly AS (
    INSERT INTO readings_hourly AS t (community_id, hour, amenity_id, ${ROLLUP_COLUMNS})
    SELECT $1, hour, amenity_id, ${ROLLUP_COLUMNS} FROM shares
    ON CONFLICT (community_id, hour, amenity_id) ${ADD_TO_BUCKET}
  )
  INSERT INTO readings_daily AS t (community_id, day, amenity_id, ${ROLLUP_COLUMNS})
  SELECT $1, ${localDayOf('h.hour', '$7::text')}, h.amenity_id, sum(h.readings)::int,
         sum(h.entries)::bigint, sum(h.occupancy_sum)::bigint, max(h.occupancy_max)::int,
         sum(h.dwell_total)::float8
    FROM shares h GROUP BY 2, 3
  ON CONFLICT (community_id, day, amenity_id) ${ADD_TO_BUCKET}`;

async function writeNew(
  tx: Queryable,
  community: Community,
  rows: readonly ValidReading[],
): Promise<IngestResult> {
  const shares = hourlyShares(rows);
  await tx.query(WRITE_NEW, [
    ...params(community, rows),
    shares.map((s) => new Date(s.hour).toISOString()),
    shares.map((s) => s.amenityId),
    shares.map((s) => s.readings),
    shares.map((s) => s.entries),
    shares.map((s) => s.occupancySum),
    shares.map((s) => s.occupancyMax),
    shares.map((s) => s.dwellTotal),
  ]);
  return { accepted: rows.length, duplicates: 0 };
}

type ConflictRow = { i: number; occupancy: number; entries: number; dwell_minutes: number };

async function writeOnce(
  tx: Queryable,
  community: Community,
  readings: readonly Reading[],
  rows: readonly ValidReading[],
): Promise<IngestResult> {
  const values = params(community, rows);
  const [result] = await tx.query<{ written: number }>(WRITE_BATCH, values);
  const written = result?.written ?? 0;
  if (written < rows.length) {
    // Some were stored already: identical ones are duplicates; a different one is a 409 and the
    // transaction (this batch's new readings included) rolls back.
    const [conflict] = await tx.query<ConflictRow>(FIND_CONFLICTS, values.slice(0, 6));
    if (conflict) {
      const index = conflict.i - 1;
      const reading = readings[index];
      throw new HttpError(
        409,
        `${reading ? label(index, reading) : `readings.${index}`}: a different reading for this ` +
          `amenity and time is already stored (occupancy ${conflict.occupancy}, entries ` +
          `${conflict.entries}, dwellMinutes ${conflict.dwell_minutes})`,
      );
    }
  }
  return { accepted: written, duplicates: rows.length - written };
}

/**
 * Validates and writes readings inside the caller's transaction (an uplink writes its reading
 * with its dedupe row and device state): the same checks and rollups as ingestBatch. The caller
 * invalidates the response cache after commit.
 */
export async function ingestInTransaction(
  tx: Queryable,
  community: Community,
  readings: readonly Reading[],
  now: number,
): Promise<IngestResult> {
  await currentSettings(tx, community);
  const rows = validateReadings(readings, community.amenities, now, community.createdAt);
  return writeOnce(tx, community, readings, rows);
}

/**
 * The readings as judged by the settings this transaction holds: judged again when another
 * process had changed them since (an amenity archived, a capacity lowered, a new zone).
 */
async function judged(
  tx: Queryable,
  community: Community,
  readings: readonly Reading[],
  rows: readonly ValidReading[],
  now: number,
): Promise<readonly ValidReading[]> {
  return (await currentSettings(tx, community))
    ? validateReadings(readings, community.amenities, now, community.createdAt)
    : rows;
}

/**
 * The readings judged by this process's copy of the settings, so a bad batch costs no
 * transaction; a refusal is judged again by the current settings first (an amenity added or
 * restored through another process a moment ago).
 */
async function validated(
  db: Database,
  community: Community,
  readings: readonly Reading[],
  now: number,
): Promise<ValidReading[]> {
  try {
    return validateReadings(readings, community.amenities, now, community.createdAt);
  } catch (error) {
    const reloaded =
      error instanceof HttpError && (await db.transaction((tx) => currentSettings(tx, community)));
    if (!reloaded) throw error;
    return validateReadings(readings, community.amenities, now, community.createdAt);
  }
}

/** The fast path first, then (some readings already stored) the idempotent path. */
async function writeValid(
  db: Database,
  community: Community,
  readings: readonly Reading[],
  rows: readonly ValidReading[],
  now: number,
): Promise<IngestResult> {
  try {
    return await db.transaction(async (tx) =>
      writeNew(tx, community, await judged(tx, community, readings, rows, now)),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Some readings were stored already (a retry, or another writer storing some of the same
  // readings at once): the insert skips what is stored, then the check judges it.
  return db.transaction(async (tx) =>
    writeOnce(tx, community, readings, await judged(tx, community, readings, rows, now)),
  );
}

/**
 * Validates and writes a batch in one transaction with its rollups: all of it, or (on any
 * error) none of it. Idempotent: a reading already stored with the same values is counted as a
 * duplicate and not written again; one stored with different values is a 409 naming it.
 */
export async function ingestBatch(
  db: Database,
  community: Community,
  readings: readonly Reading[],
  now: number,
): Promise<IngestResult> {
  const rows = await validated(db, community, readings, now);
  return writeValid(db, community, readings, rows, now);
}

/** What became of one batch of a group: its result, or the error it is answered with. */
export type BatchOutcome = { ok: true; result: IngestResult } | { ok: false; error: unknown };

/**
 * Group commit: several batches that arrived together, each judged as ingestBatch would judge
 * it alone (all or nothing, the same results and errors), written in one transaction when they
 * can be: one commit (and one flush of the write-ahead log) instead of one per batch. A batch
 * that fails validation is answered on its own. If the joint write fails for any reason (a
 * reading already stored, the same reading in two batches of the group, …), nothing of it is
 * written and each batch is written on its own, in order, as if it had come alone.
 */
export async function ingestBatches(
  db: Database,
  community: Community,
  batches: readonly (readonly Reading[])[],
  now: number,
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  const valid: { index: number; readings: readonly Reading[]; rows: ValidReading[] }[] = [];
  for (const [index, readings] of batches.entries()) {
    try {
      valid.push({ index, readings, rows: await validated(db, community, readings, now) });
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  if (valid.length > 1) {
    try {
      await db.transaction(async (tx) => {
        // Judged by settings another process has changed since: each is judged again below.
        if (await currentSettings(tx, community)) throw new Error('The settings changed');
        await writeNew(
          tx,
          community,
          valid.flatMap((batch) => batch.rows),
        );
      });
      for (const { index, rows } of valid) {
        outcomes[index] = { ok: true, result: { accepted: rows.length, duplicates: 0 } };
      }
      return outcomes;
    } catch {
      // Each on its own below, which answers each batch as if it had come alone.
    }
  }
  for (const { index, readings, rows } of valid) {
    try {
      outcomes[index] = { ok: true, result: await writeValid(db, community, readings, rows, now) };
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  return outcomes;
}

/** ingestBatch for callers that only need the number of readings written (the simulator). */
export async function ingestReadings(
  db: Database,
  community: Community,
  readings: readonly Reading[],
  now: number,
): Promise<number> {
  return (await ingestBatch(db, community, readings, now)).accepted;
}
