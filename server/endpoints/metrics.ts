import type { DashboardMetrics } from '../../src/api/contract';
import { visitValueOf } from '../community';
import { addDays, localDate, shiftLocalDays, startOfHour, startOfLocalDay } from '../time';
import { formatSessionTime, percentChange } from './compute';
import { RECENT_DAYS, type EndpointContext } from './context';

type TodayRow = { amenity_id: number; entries: number; occupancy_max: number };
type DailyRow = { amenity_id: number; recent: boolean; entries: number; dwell_total: number };
type LatestRow = { amenity_id: number; at: number };
type YesterdayRow = { amenity_id: number; entries: number; reported: boolean };

/**
 * GET /api/dashboard/metrics
 * - activeUsersToday: entries at every amenity since local midnight;
 * - activeUsersChange: today's entries against yesterday's from midnight, each amenity up to the
 *   same local time as its newest reading today (the time its count today runs to), so a silent
 *   sensor's frozen count is not read as a drop. Like for like: an amenity counts (on both days)
 *   only when it has a reading today and at least one reading yesterday from midnight up to that
 *   time; one new today, or whose sensor was silent yesterday until then, counts on neither day
 *   (it is still in activeUsersToday);
 * - peakUsage / peakAmenity: the highest occupancy reached today as a % of capacity, and where;
 * - avgSessionTime: mean visit length over the last 30 days (today included), as "42m", of the
 *   amenity-days whose counters reported a visit length (a counter that reports none stores 0
 *   minutes, which is not a measured length, so its visits are left out, not read as 0 minutes);
 *   "—" when none did. sessionTimeChange: against the 30 days before, null when either period
 *   has no measured length;
 * - activeUsersChange is null when there is nothing to compare (no amenity reported on both days,
 *   or none visited yesterday up to that time while some were today);
 * - revenueImpact: visits in the last 30 days times each amenity type's value per visit.
 */
export async function dashboardMetrics({
  db,
  community,
  now,
}: EndpointContext): Promise<DashboardMetrics> {
  const zone = community.timeZone;
  const today = localDate(now, zone);
  const midnight = startOfLocalDay(today, zone);
  const yesterdayMidnight = startOfLocalDay(addDays(today, -1), zone);
  const iso = (ms: number) => new Date(ms).toISOString();
  // Archived amenities too: today's count takes every amenity's readings, so yesterday's does.
  const every = [...community.amenities, ...community.archivedAmenities];
  const ids = every.map((a) => a.id);

  const [todayRows, latestRows, dailyRows] = await Promise.all([
    db.query<TodayRow>(
      `SELECT amenity_id, sum(entries)::bigint AS entries, max(occupancy_max)::int AS occupancy_max
         FROM readings_hourly
        WHERE community_id = $1 AND hour >= $2 AND hour <= $3
        GROUP BY amenity_id`,
      [community.id, iso(midnight), iso(now)],
    ),
    // Each amenity's newest reading today, up to now: one primary-key probe per amenity.
    db.query<LatestRow>(
      `SELECT a.id AS amenity_id, (extract(epoch FROM r.time) * 1000)::float8 AS at
         FROM unnest($2::int[]) AS a (id)
         JOIN LATERAL (
           SELECT time FROM readings
            WHERE community_id = $1 AND amenity_id = a.id AND time >= $3 AND time <= $4
            ORDER BY time DESC LIMIT 1
         ) r ON true`,
      [community.id, ids, iso(midnight), iso(now)],
    ),
    db.query<DailyRow>(
      `SELECT amenity_id, day >= $3::date AS recent,
              sum(entries)::bigint AS entries, sum(dwell_total)::float8 AS dwell_total
         FROM readings_daily
        WHERE community_id = $1 AND day >= $2::date AND day <= $4::date
        GROUP BY amenity_id, day >= $3::date`,
      [community.id, addDays(today, -2 * RECENT_DAYS + 1), addDays(today, -RECENT_DAYS + 1), today],
    ),
  ]);

  const activeUsersToday = todayRows.reduce((sum, r) => sum + r.entries, 0);

  // Yesterday, each amenity up to the same local time as its newest reading today: the rollup's
  // whole hours, plus the readings of the last partial hour; with whether it had any reading then.
  const until = latestRows.map((r) => shiftLocalDays(r.at, -1, zone));
  const hourEnd = until.map((u) => Math.max(yesterdayMidnight, startOfHour(u)));
  const yesterdayRows =
    latestRows.length === 0
      ? []
      : await db.query<YesterdayRow>(
          `SELECT a.id AS amenity_id, (h.entries + p.entries)::bigint AS entries,
                  h.n > 0 OR p.n > 0 AS reported
             FROM unnest($2::int[], $3::timestamptz[], $4::timestamptz[]) AS a (id, hour_end, until)
            CROSS JOIN LATERAL (
              SELECT COALESCE(sum(entries), 0) AS entries, count(*) AS n FROM readings_hourly
               WHERE community_id = $1 AND amenity_id = a.id AND hour >= $5 AND hour < a.hour_end
            ) h
            CROSS JOIN LATERAL (
              SELECT COALESCE(sum(entries), 0) AS entries, count(*) AS n FROM readings
               WHERE community_id = $1 AND amenity_id = a.id
                 AND time >= a.hour_end AND time <= a.until
            ) p`,
          [
            community.id,
            latestRows.map((r) => r.amenity_id),
            hourEnd.map(iso),
            until.map(iso),
            iso(yesterdayMidnight),
          ],
        );
  // Like for like: only the amenities that reported on both days count on either side (one new
  // today, or whose sensor was silent yesterday up to that time, would count on one side only).
  const compared = yesterdayRows.filter((r) => r.reported);
  const todayCompared = compared.reduce(
    (sum, r) => sum + (todayRows.find((t) => t.amenity_id === r.amenity_id)?.entries ?? 0),
    0,
  );
  const yesterdayCompared = compared.reduce((sum, r) => sum + r.entries, 0);

  let peakUsage = 0;
  let peakAmenity = '';
  for (const amenity of community.amenities) {
    const row = todayRows.find((r) => r.amenity_id === amenity.id);
    if (!row) continue;
    const share = (row.occupancy_max / amenity.capacity) * 100;
    if (!peakAmenity || share > peakUsage) {
      peakUsage = share;
      peakAmenity = amenity.name;
    }
  }

  const session = (recent: boolean) => {
    const rows = dailyRows.filter((r) => r.recent === recent && r.dwell_total > 0);
    const entries = rows.reduce((sum, r) => sum + r.entries, 0);
    return entries > 0 ? rows.reduce((sum, r) => sum + r.dwell_total, 0) / entries : null;
  };
  const recentSession = session(true);
  const previousSession = session(false);

  const revenueImpact = dailyRows
    .filter((r) => r.recent)
    .reduce((sum, r) => {
      // Archived ones too: their visits are in the 30 days as in the session time beside it.
      const amenity = every.find((a) => a.id === r.amenity_id);
      return sum + (amenity ? r.entries * visitValueOf(amenity) : 0);
    }, 0);

  return {
    activeUsersToday,
    activeUsersChange: compared.length > 0 ? percentChange(todayCompared, yesterdayCompared) : null,
    peakUsage: Math.round(peakUsage),
    peakAmenity,
    avgSessionTime: formatSessionTime(recentSession),
    sessionTimeChange:
      recentSession !== null && previousSession !== null
        ? percentChange(recentSession, previousSession)
        : null,
    revenueImpact: Math.round(revenueImpact),
  };
}
