import type { UsageGaps } from '../../src/api/contract';
import { addDays, HOUR, localDate, startOfHour, startOfLocalDay } from '../time';
import type { EndpointContext } from './context';

type EdgeRow = { amenity_id: number; hour_ms: number; next_ms: number | null };

/**
 * GET /api/usage/gaps?days=N (1-400, default 30): each active amenity's silences from local
 * midnight N-1 days ago to now. Rule (README, "Coverage"): an amenity is silent through every
 * whole clock hour without a reading from it (no readings_hourly row: a closed amenity's counter
 * still sends 0, so a missing row is a missing sensor, not an empty amenity). The hour under way
 * is never a gap on its own; a silence that reaches it runs on to now.
 */
export async function usageGaps(
  { db, community, now }: EndpointContext,
  days: number,
): Promise<UsageGaps> {
  const from = startOfLocalDay(
    addDays(localDate(now, community.timeZone), -(days - 1)),
    community.timeZone,
  );
  const current = startOfHour(now);
  const ids = community.amenities.map((a) => a.id);
  // Only the hours around a silence: each reported hour (the hour under way included) with the
  // next reported one after it, kept when they are more than an hour apart, plus each amenity's
  // first and last hour.
  const rows = await db.query<EdgeRow>(
    `SELECT amenity_id, hour_ms, next_ms FROM (
       SELECT amenity_id,
              (extract(epoch FROM hour) * 1000)::float8 AS hour_ms,
              (extract(epoch FROM lead(hour) OVER w) * 1000)::float8 AS next_ms,
              row_number() OVER w AS n
         FROM readings_hourly
        WHERE community_id = $1 AND amenity_id = ANY($2::int[]) AND hour >= $3 AND hour <= $4
       WINDOW w AS (PARTITION BY amenity_id ORDER BY hour)
     ) edges
     WHERE n = 1 OR next_ms IS NULL OR next_ms - hour_ms > ${HOUR}
     ORDER BY amenity_id, hour_ms`,
    [community.id, ids, new Date(from).toISOString(), new Date(current).toISOString()],
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    from: iso(from),
    to: iso(now),
    amenities: community.amenities.map((amenity) => {
      const edges = rows.filter((row) => row.amenity_id === amenity.id);
      return {
        id: amenity.slug,
        name: amenity.name,
        silent: silences(edges, from, current, now).map((i) => ({
          from: iso(i.from),
          to: iso(i.to),
        })),
      };
    }),
  };
}

/**
 * The silences of one amenity between `from` and the hour under way (`current`), given its
 * reported hours at the edges of each silence (ordered): before its first reported hour, between
 * two reported hours more than an hour apart, and after its last one. A silence that reaches the
 * hour under way runs on to `now`.
 */
export function silences(
  edges: readonly { hour_ms: number; next_ms: number | null }[],
  from: number,
  current: number,
  now: number,
): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const first = edges[0];
  if (!first) return current > from ? [{ from, to: now }] : [];
  if (first.hour_ms > from) out.push({ from, to: first.hour_ms });
  for (const edge of edges) {
    const end = edge.hour_ms + HOUR;
    if (edge.next_ms === null) {
      if (end < current) out.push({ from: end, to: now });
    } else if (edge.next_ms > end) {
      out.push({ from: end, to: edge.next_ms });
    }
  }
  return out;
}
