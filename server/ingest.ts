import type { Reading } from '../src/api/contract';
import type { Amenity, Community } from './community';
import type { Database } from './db/database';
import { isUniqueViolation } from './db/database';
import { HttpError } from './errors';
import { refreshRollups } from './rollups';

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
  const amenityIds = rows.map((r) => r.amenityId);
  const times = rows.map((r) => r.time);
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.query<{ i: number }>(
        `SELECT b.i::int AS i
           FROM unnest($2::int[], $3::timestamptz[]) WITH ORDINALITY AS b (amenity_id, time, i)
           JOIN readings r ON r.community_id = $1 AND r.amenity_id = b.amenity_id
                          AND r.time = b.time
          ORDER BY b.i LIMIT 1`,
        [community.id, amenityIds, times],
      );
      if (existing) {
        const index = existing.i - 1;
        const reading = readings[index];
        throw new HttpError(
          400,
          `${reading ? label(index, reading) : `readings.${index}`}: a reading for this amenity and time already exists`,
        );
      }
      await tx.query(
        `INSERT INTO readings (community_id, amenity_id, time, occupancy, entries, dwell_minutes)
         SELECT $1, * FROM unnest($2::int[], $3::timestamptz[], $4::int[], $5::int[], $6::real[])`,
        [
          community.id,
          amenityIds,
          times,
          rows.map((r) => r.occupancy),
          rows.map((r) => r.entries),
          rows.map((r) => r.dwellMinutes),
        ],
      );
      await refreshRollups(tx, community.id, amenityIds, times);
    });
  } catch (error) {
    // Another batch wrote the same reading between our check and our insert.
    if (isUniqueViolation(error)) {
      throw new HttpError(400, 'a reading for the same amenity and time already exists');
    }
    throw error;
  }
  return rows.length;
}
