import type { Reading } from '../src/api/contract';
import type { Amenity, Community } from './community';
import type { Database } from './db/database';
import { isUniqueViolation } from './db/database';
import { HttpError } from './errors';
import { ADD_TO_BUCKET, localDayOf, READING_AGGREGATES, ROLLUP_COLUMNS } from './rollups';

/** A reading may be stamped this far ahead of the server's clock (sensor clock drift). */
export const FUTURE_TOLERANCE_MS = 60_000;
/** Occupancy above this multiple of capacity is a sensor fault, not a crowd. */
export const MAX_OVER_CAPACITY = 1.5;

export type ValidReading = {
  amenityId: number;
  time: string;
  occupancy: number;
  entries: number;
  dwellMinutes: number;
};

const label = (index: number, reading: Reading) =>
  `readings.${index} (${reading.amenityId} at ${reading.time})`;

/**
 * Checks a whole batch before anything is written; the first bad reading rejects it with a
 * message that names it and says why. Returns the rows to insert.
 */
export function validateReadings(
  readings: readonly Reading[],
  amenities: readonly Amenity[],
  now: number,
): ValidReading[] {
  const bySlug = new Map(amenities.map((a) => [a.slug, a]));
  const seen = new Map<string, number>();
  return readings.map((reading, index) => {
    const amenity = bySlug.get(reading.amenityId);
    const fail = (reason: string) => new HttpError(400, `${label(index, reading)}: ${reason}`);
    if (!amenity) throw fail(`unknown amenity "${reading.amenityId}"`);
    const ms = Date.parse(reading.time);
    if (!Number.isFinite(ms)) throw fail('time is not a valid instant');
    if (ms > now + FUTURE_TOLERANCE_MS) throw fail('time is in the future');
    if (reading.occupancy < 0) throw fail(`occupancy ${reading.occupancy} is negative`);
    if (reading.entries < 0) throw fail(`entries ${reading.entries} is negative`);
    if (reading.dwellMinutes < 0) throw fail(`dwellMinutes ${reading.dwellMinutes} is negative`);
    if (reading.occupancy > amenity.capacity * MAX_OVER_CAPACITY) {
      throw fail(
        `occupancy ${reading.occupancy} is far over the capacity of ${amenity.capacity} ` +
          `(more than ${Math.round(MAX_OVER_CAPACITY * 100)}%)`,
      );
    }
    const key = `${amenity.id}|${ms}`;
    const first = seen.get(key);
    if (first !== undefined) throw fail(`duplicates readings.${first} (same amenity and time)`);
    seen.set(key, index);
    return {
      amenityId: amenity.id,
      time: new Date(ms).toISOString(),
      occupancy: reading.occupancy,
      entries: reading.entries,
      dwellMinutes: reading.dwellMinutes,
    };
  });
}

/**
 * One statement writes the batch and adds it to its hourly and daily buckets. A reading that is
 * already stored is skipped by ON CONFLICT; the statement then reports the first one, and the
 * caller rolls the transaction back.
 */
const WRITE_BATCH = `
  WITH batch AS (
    SELECT * FROM unnest($2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::real[])
      WITH ORDINALITY AS b (amenity_id, time, occupancy, entries, dwell_minutes, i)
  ),
  inserted AS (
    INSERT INTO readings (community_id, amenity_id, time, occupancy, entries, dwell_minutes)
    SELECT $1, amenity_id, time, occupancy, entries, dwell_minutes FROM batch
    ON CONFLICT DO NOTHING
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
  SELECT CASE WHEN (SELECT count(*) FROM inserted) < $8::int THEN (
           SELECT min(b.i) FROM batch b
            WHERE NOT EXISTS (SELECT 1 FROM inserted x
                               WHERE x.amenity_id = b.amenity_id AND x.time = b.time))
         END::int AS duplicate`;

/**
 * Validates and writes a batch in one transaction with its rollups: all of it, or (on any
 * error) none of it. Returns how many readings were written.
 */
export async function ingestReadings(
  db: Database,
  community: Community,
  readings: readonly Reading[],
  now: number,
): Promise<number> {
  const rows = validateReadings(readings, community.amenities, now);
  const duplicate = new HttpError(400, 'a reading for the same amenity and time already exists');
  try {
    await db.transaction(async (tx) => {
      const [result] = await tx.query<{ duplicate: number | null }>(WRITE_BATCH, [
        community.id,
        rows.map((r) => r.amenityId),
        rows.map((r) => r.time),
        rows.map((r) => r.occupancy),
        rows.map((r) => r.entries),
        rows.map((r) => r.dwellMinutes),
        community.timeZone,
        rows.length,
      ]);
      if (result?.duplicate != null) {
        const index = result.duplicate - 1;
        const reading = readings[index];
        throw new HttpError(
          400,
          `${reading ? label(index, reading) : `readings.${index}`}: ` +
            'a reading for this amenity and time already exists',
        );
      }
    });
  } catch (error) {
    // Another batch wrote the same reading at the same moment (PostgreSQL, concurrent writers).
    if (isUniqueViolation(error)) throw duplicate;
    throw error;
  }
  return rows.length;
}
