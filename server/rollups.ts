import type { Queryable } from './db/database';

/**
 * The hourly and daily rollups the endpoints read. Hourly buckets are UTC hours (local hours in
 * every whole-hour zone); a daily bucket is a local date in the community's zone, summed from its
 * hours. Buckets are recomputed from the readings, never incremented, so a rollup is always
 * exactly what its readings say.
 */

const HOURLY_COLUMNS = `community_id, hour, amenity_id, readings, entries, occupancy_sum,
                        occupancy_max, dwell_total`;

const HOURLY_AGGREGATES = `count(*)::int, sum(r.entries)::int, sum(r.occupancy)::bigint,
                           max(r.occupancy)::int, sum(r.entries * r.dwell_minutes)::float8`;

const UPSERT = `DO UPDATE SET readings = excluded.readings, entries = excluded.entries,
                occupancy_sum = excluded.occupancy_sum, occupancy_max = excluded.occupancy_max,
                dwell_total = excluded.dwell_total`;

const DAILY_FROM_HOURLY = `sum(h.readings)::int, sum(h.entries)::int, sum(h.occupancy_sum)::bigint,
                           max(h.occupancy_max)::int, sum(h.dwell_total)::float8`;

/** Rebuilds every rollup of a community from all its readings (after bulk seeding). */
export async function rebuildRollups(db: Queryable, communityId: number): Promise<void> {
  await db.query(`DELETE FROM readings_hourly WHERE community_id = $1`, [communityId]);
  await db.query(`DELETE FROM readings_daily WHERE community_id = $1`, [communityId]);
  await db.query(
    `INSERT INTO readings_hourly (${HOURLY_COLUMNS})
     SELECT r.community_id, date_trunc('hour', r.time, 'UTC'), r.amenity_id, ${HOURLY_AGGREGATES}
       FROM readings r
      WHERE r.community_id = $1
      GROUP BY 1, 2, 3`,
    [communityId],
  );
  await db.query(
    `INSERT INTO readings_daily (${HOURLY_COLUMNS.replace('hour', 'day')})
     SELECT h.community_id, (h.hour AT TIME ZONE c.time_zone)::date, h.amenity_id,
            ${DAILY_FROM_HOURLY}
       FROM readings_hourly h JOIN communities c ON c.id = h.community_id
      WHERE h.community_id = $1
      GROUP BY 1, 2, 3`,
    [communityId],
  );
}

/**
 * Recomputes the hourly and daily buckets that new readings fell into: the readings' amenity ids
 * and ISO times, as ingested.
 */
export async function refreshRollups(
  db: Queryable,
  communityId: number,
  amenityIds: readonly number[],
  times: readonly string[],
): Promise<void> {
  await db.query(
    `WITH touched AS (
       SELECT DISTINCT b.amenity_id, date_trunc('hour', b.time, 'UTC') AS hour
         FROM unnest($2::int[], $3::timestamptz[]) AS b (amenity_id, time)
     )
     INSERT INTO readings_hourly (${HOURLY_COLUMNS})
     SELECT $1, t.hour, t.amenity_id, ${HOURLY_AGGREGATES}
       FROM touched t
       JOIN readings r ON r.community_id = $1 AND r.amenity_id = t.amenity_id
                      AND r.time >= t.hour AND r.time < t.hour + interval '1 hour'
      GROUP BY t.hour, t.amenity_id
     ON CONFLICT (community_id, hour, amenity_id) ${UPSERT}`,
    [communityId, amenityIds, times],
  );
  await db.query(
    `WITH touched AS (
       SELECT DISTINCT b.amenity_id, c.time_zone,
              (date_trunc('hour', b.time, 'UTC') AT TIME ZONE c.time_zone)::date AS day
         FROM unnest($2::int[], $3::timestamptz[]) AS b (amenity_id, time)
         JOIN communities c ON c.id = $1
     )
     INSERT INTO readings_daily (${HOURLY_COLUMNS.replace('hour', 'day')})
     SELECT $1, t.day, t.amenity_id, ${DAILY_FROM_HOURLY}
       FROM touched t
       JOIN readings_hourly h
         ON h.community_id = $1 AND h.amenity_id = t.amenity_id
        AND h.hour >= (t.day::timestamp AT TIME ZONE t.time_zone)
        AND h.hour < ((t.day + 1)::timestamp AT TIME ZONE t.time_zone)
      GROUP BY t.day, t.amenity_id
     ON CONFLICT (community_id, day, amenity_id) ${UPSERT}`,
    [communityId, amenityIds, times],
  );
}
