import type { UsageGaps } from '../../src/api/contract';
import { addDays, HOUR, localDate, startOfHour, startOfLocalDay } from '../time';
import { LIVE_READING_MAX_AGE_MS } from './analytics';
import type { EndpointContext } from './context';

type EdgeRow = { amenity_id: number; hour_ms: number; next_ms: number | null };
type LatestRow = { amenity_id: number; at: number | null };

/**
 * GET /api/usage/gaps?days=N (1-400, default 30): each active amenity's silences from local
 * midnight N-1 days ago to now. Rule (README, "Coverage"): an amenity is silent through every
 * whole clock hour without a reading from it (no readings_hourly row: a closed amenity's counter
 * still sends 0, so a missing row is a missing sensor, not an empty amenity). The hour under way
 * is not over: it is silent so far when the amenity has sent no reading in it and its newest
 * reading is more than 15 minutes old (LIVE_READING_MAX_AGE_MS, the live figures' rule); a
 * silence that reaches it runs on to now. An amenity is not silent before it was added: its
 * silences start no earlier than the instant it was created (`createdAt`; null: there since the
 * beginning), not the hour, so a report does not charge it with the time it did not exist. See
 * `silences`. Such an amenity, added after the window's start, carries that instant as `addedAt`,
 * so a report can tell the time before it (not there) from a silence.
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
  const [rows, latest] = await Promise.all([
    db.query<EdgeRow>(
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
    ),
    // Each amenity's newest reading up to now: one primary-key probe per amenity.
    db.query<LatestRow>(
      `SELECT a.id AS amenity_id, (extract(epoch FROM r.time) * 1000)::float8 AS at
         FROM unnest($2::int[]) AS a (id)
         LEFT JOIN LATERAL (
           SELECT time FROM readings
            WHERE community_id = $1 AND amenity_id = a.id AND time <= $3
            ORDER BY time DESC LIMIT 1
         ) r ON true`,
      [community.id, ids, new Date(now).toISOString()],
    ),
  ]);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    from: iso(from),
    to: iso(now),
    amenities: community.amenities.map((amenity) => {
      const edges = rows.filter((row) => row.amenity_id === amenity.id);
      const newest = latest.find((row) => row.amenity_id === amenity.id)?.at ?? null;
      const start = Math.max(from, amenity.createdAt ?? from);
      return {
        id: amenity.slug,
        name: amenity.name,
        // Said when it was added inside the window: the app then counts none of its time before.
        ...(start > from ? { addedAt: iso(start) } : {}),
        silent: silences(edges, start, current, now, newest).map((i) => ({
          from: iso(i.from),
          to: iso(i.to),
        })),
      };
    }),
  };
}

/**
 * The silences of one amenity from `from` (the window's start, or the instant the amenity was
 * created when later) to `now`, given its reported hours at the edges of each silence (ordered,
 * none after the hour under way, `current`; hours before `from` may be among them, reported
 * before the amenity was added, and nothing before `from` is silent) and the time of its newest
 * reading up to `now` (any age; null when none). Whole hours without a reading are silent: before its
 * first reported hour, between two reported hours more than an hour apart, and after its last one.
 * The hour under way is silent so far (from its start to `now`) when it has no reading and the
 * newest reading is more than LIVE_READING_MAX_AGE_MS old. A silence that reaches the hour under
 * way runs on to `now`. Every silence starts and ends on an hour boundary (or `from`, `now`): a
 * reported hour stays covered, so a silence found early keeps its start.
 */
export function silences(
  edges: readonly { hour_ms: number; next_ms: number | null }[],
  from: number,
  current: number,
  now: number,
  newestReading: number | null,
): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const stale = newestReading === null || now - newestReading > LIVE_READING_MAX_AGE_MS;
  const first = edges[0];
  if (!first) return (current > from || stale) && now > from ? [{ from, to: now }] : [];
  if (first.hour_ms > from) out.push({ from, to: first.hour_ms });
  for (const edge of edges) {
    const end = edge.hour_ms + HOUR;
    if (edge.next_ms === null) {
      // After its last reported hour: whole hours have passed without a reading, or the hour
      // under way has none yet and the newest reading is stale.
      if (end < current || (end === current && stale && now > end)) {
        out.push({ from: end, to: now });
      }
    } else if (edge.next_ms > end) {
      out.push({ from: end, to: edge.next_ms });
    }
  }
  // Nothing before `from` (hours reported before the amenity was added).
  return out.map((i) => ({ from: Math.max(i.from, from), to: i.to })).filter((i) => i.to > i.from);
}
