import type { Queryable } from './db/database';

/**
 * The hourly and daily rollups the endpoints read. Hourly buckets are UTC hours (local hours in
 * every whole-hour zone); a daily bucket is a local date in the community's zone. Both hold, per
 * amenity: readings, entries, the sum and max of occupancy, and dwell_total (entries x dwell), so
 * means are sums divided by counts and buckets add up.
 */

export const ROLLUP_COLUMNS = `readings, entries, occupancy_sum, occupancy_max, dwell_total`;

/** The rollup aggregates over readings aliased `r`. */
export const READING_AGGREGATES = `count(*)::int, sum(r.entries)::bigint, sum(r.occupancy)::bigint,
  max(r.occupancy)::int, sum(r.entries::float8 * r.dwell_minutes)::float8`;

/** The local date of a reading's hourly bucket, in zone `zone` (SQL expression). */
export const localDayOf = (time: string, zone: string) =>
  `(date_trunc('hour', ${time}, 'UTC') AT TIME ZONE ${zone})::date`;

/** Adds new readings' aggregates to existing buckets (the readings are new, so sums add up). */
export const ADD_TO_BUCKET = `DO UPDATE SET
  readings = t.readings + excluded.readings,
  entries = t.entries + excluded.entries,
  occupancy_sum = t.occupancy_sum + excluded.occupancy_sum,
  occupancy_max = greatest(t.occupancy_max, excluded.occupancy_max),
  dwell_total = t.dwell_total + excluded.dwell_total`;

/** Rebuilds every rollup of a community from all its readings (after bulk seeding). */
export async function rebuildRollups(db: Queryable, communityId: number): Promise<void> {
  await db.query(`DELETE FROM readings_hourly WHERE community_id = $1`, [communityId]);
  await db.query(
    `INSERT INTO readings_hourly (community_id, hour, amenity_id, ${ROLLUP_COLUMNS})
     SELECT r.community_id, date_trunc('hour', r.time, 'UTC'), r.amenity_id, ${READING_AGGREGATES}
       FROM readings r
      WHERE r.community_id = $1
      GROUP BY 1, 2, 3`,
    [communityId],
  );
  await rebuildDailyRollups(db, communityId);
}

/**
 * Regroups a community's hourly buckets into local days of its current time zone (after the
 * zone changed: the days are the new zone's from then on, the past included).
 */
export async function rebuildDailyRollups(db: Queryable, communityId: number): Promise<void> {
  await db.query(`DELETE FROM readings_daily WHERE community_id = $1`, [communityId]);
  await db.query(
    `INSERT INTO readings_daily (community_id, day, amenity_id, ${ROLLUP_COLUMNS})
     SELECT h.community_id, ${localDayOf('h.hour', 'c.time_zone')}, h.amenity_id,
            sum(h.readings)::int, sum(h.entries)::bigint, sum(h.occupancy_sum)::bigint,
            max(h.occupancy_max)::int, sum(h.dwell_total)::float8
       FROM readings_hourly h JOIN communities c ON c.id = h.community_id
      WHERE h.community_id = $1
      GROUP BY 1, 2, 3`,
    [communityId],
  );
}
