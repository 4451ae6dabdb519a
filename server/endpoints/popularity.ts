import { DEFAULT_DAY_RANGE, type PopularityEntry } from '../../src/api/contract';
import { addDays, localDate } from '../time';
import { percentagesSummingTo100 } from './compute';
import type { EndpointContext } from './context';

/**
 * GET /api/amenities/popularity[?days=N]: each amenity's share of all visits (entries) over the
 * last N local days including today (default 30), in whole percentages that sum to exactly 100,
 * most visited first. Empty when nobody visited anything in the range.
 */
export async function amenityPopularity(
  { db, community, now }: EndpointContext,
  days: number = DEFAULT_DAY_RANGE,
): Promise<PopularityEntry[]> {
  const today = localDate(now, community.timeZone);
  const rows = await db.query<{ amenity_id: number; entries: number }>(
    `SELECT amenity_id, sum(entries)::bigint AS entries
       FROM readings_daily
      WHERE community_id = $1 AND day >= $2::date AND day <= $3::date
      GROUP BY amenity_id`,
    [community.id, addDays(today, -(days - 1)), today],
  );
  const visits = community.amenities.map(
    (amenity) => rows.find((r) => r.amenity_id === amenity.id)?.entries ?? 0,
  );
  if (visits.every((v) => v === 0)) return [];
  const shares = percentagesSummingTo100(visits);
  return community.amenities
    .map((amenity, i) => ({
      name: amenity.name,
      percentage: shares[i] ?? 0,
      color: amenity.color,
      visits: visits[i] ?? 0,
    }))
    .sort((a, b) => b.visits - a.visits)
    .map(({ name, percentage, color }) => ({ name, percentage, color }));
}
