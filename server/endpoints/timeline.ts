import {
  DEFAULT_DAY_RANGE,
  TIMELINE_SERIES,
  type TimelineSeries,
  type UsagePeriod,
  type UsagePoint,
} from '../../src/api/contract';
import { addDays, HOUR, localDate, startOfHour, startOfLocalDay } from '../time';
import type { EndpointContext } from './context';

type BucketRow = { bucket: string; amenity_id: number; entries: number };

/**
 * GET /api/usage/timeline: visits (entries) per bucket for the four timeline amenities (by type:
 * lawn, hall, yard, lake).
 * - day: 24 hourly points, the last 24 hours up to the current hour;
 * - week: 7 daily points (local days), the last 7 days including today;
 * - month: `days` daily points (default 30), including today.
 * Each point's `time` is the start of its bucket; `amenities` carries every amenity's visits in
 * the bucket by id, the four series' amenities included. A rollup row exists for every bucket
 * an amenity sent a reading in (a closed amenity's sensor still reports 0), so a missing row is
 * a gap: its value reads 0 and its series and amenity id are listed in `gaps`.
 */
export async function usageTimeline(
  { db, community, now }: EndpointContext,
  period: UsagePeriod,
  days?: number,
): Promise<UsagePoint[]> {
  const seriesOf = new Map<number, TimelineSeries>();
  for (const series of TIMELINE_SERIES) {
    const amenity = community.amenities.find((a) => a.type === series);
    if (amenity) seriesOf.set(amenity.id, series);
  }
  // Archived amenities keep their history in the reports built from these points.
  const everyAmenity = [...community.amenities, ...community.archivedAmenities];
  const ids = everyAmenity.map((a) => a.id);
  const slugOf = new Map(everyAmenity.map((a) => [a.id, a.slug]));

  if (period === 'day') {
    const last = startOfHour(now);
    const first = last - 23 * HOUR;
    const rows = await db.query<BucketRow>(
      `SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS bucket,
              amenity_id, entries
         FROM readings_hourly
        WHERE community_id = $1 AND amenity_id = ANY($2::int[]) AND hour >= $3 AND hour <= $4`,
      [community.id, ids, new Date(first).toISOString(), new Date(last).toISOString()],
    );
    const times = Array.from({ length: 24 }, (_, i) => new Date(first + i * HOUR).toISOString());
    return toPoints(times, rows, seriesOf, slugOf);
  }

  const count = period === 'week' ? 7 : (days ?? DEFAULT_DAY_RANGE);
  const today = localDate(now, community.timeZone);
  const firstDay = addDays(today, -(count - 1));
  const rows = await db.query<BucketRow>(
    `SELECT day::text AS bucket, amenity_id, entries
       FROM readings_daily
      WHERE community_id = $1 AND amenity_id = ANY($2::int[]) AND day >= $3::date AND day <= $4::date`,
    [community.id, ids, firstDay, today],
  );
  const dates = Array.from({ length: count }, (_, i) => addDays(firstDay, i));
  const points = toPoints(dates, rows, seriesOf, slugOf);
  // A daily point's time is the instant of that local midnight.
  return points.map((point, i) => ({
    ...point,
    time: new Date(startOfLocalDay(dates[i] ?? today, community.timeZone)).toISOString(),
  }));
}

function toPoints(
  buckets: readonly string[],
  rows: readonly BucketRow[],
  seriesOf: ReadonlyMap<number, TimelineSeries>,
  slugOf: ReadonlyMap<number, string>,
): UsagePoint[] {
  const index = new Map(buckets.map((bucket, i) => [bucket, i]));
  const points: UsagePoint[] = buckets.map((time) => ({
    time,
    lawn: 0,
    hall: 0,
    yard: 0,
    lake: 0,
    amenities: Object.fromEntries([...slugOf.values()].map((slug) => [slug, 0])),
  }));
  const reported = buckets.map(() => new Set<number>());
  for (const row of rows) {
    const i = index.get(row.bucket) ?? -1;
    const point = points[i];
    if (!point) continue;
    reported[i]?.add(row.amenity_id);
    const series = seriesOf.get(row.amenity_id);
    if (series) point[series] += row.entries;
    const slug = slugOf.get(row.amenity_id);
    if (slug && point.amenities) point.amenities[slug] = (point.amenities[slug] ?? 0) + row.entries;
  }
  return points.map((point, i) => {
    const gaps = bucketGaps(reported[i] ?? new Set(), seriesOf, slugOf);
    return gaps.length > 0 ? { ...point, gaps } : point;
  });
}

/** The series and amenity ids without a reading in a bucket, given the amenities that sent one. */
export function bucketGaps(
  reported: ReadonlySet<number>,
  seriesOf: ReadonlyMap<number, TimelineSeries>,
  slugOf: ReadonlyMap<number, string>,
): string[] {
  const gaps: string[] = [];
  for (const [id, series] of seriesOf) if (!reported.has(id)) gaps.push(series);
  for (const [id, slug] of slugOf) if (!reported.has(id)) gaps.push(slug);
  return gaps;
}
