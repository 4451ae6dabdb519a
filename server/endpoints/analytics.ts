import { amenityPhotoUrl, NO_PEAK_DATA, type AmenityAnalytics } from '../../src/api/contract';
import { CLOSURE_NOTICE_DAYS, currentOrNextClosure } from '../../src/lib/amenity-closures';
import { weekSpan } from '../../src/lib/weekly-hours';
import { AMENITY_ICONS, visitValueOf, type Amenity } from '../community';
import { DAY, localParts, MINUTE } from '../time';
import { amenityStatus, peakWindow, usagePercentage } from './compute';
import { RECENT_DAYS, type EndpointContext } from './context';

/** A reading older than this says nothing about who is there now. */
export const LIVE_READING_MAX_AGE_MS = 15 * MINUTE;

/**
 * GET /api/amenities/analytics, per amenity:
 * - live: whether its latest reading is at most 15 minutes old; lastReadingAt: that reading's
 *   time (null when none arrived);
 * - currentUsers: occupancy of its latest reading when live (else 0, which the app does not show
 *   as a count: it says "No reading since …");
 * - usagePercentage: currentUsers / capacity, rounded;
 * - status: closed outside opening hours, else high (>= 70 % of capacity), medium (>= 30 %), low;
 * - peakTime: the busiest two-hour window of the day over the last 30 days (mean occupancy per
 *   local hour); peakUsage: the highest occupancy recorded in those 30 days;
 * - monthlyOperatingCost: the amenity's stored cost, when one was entered;
 * - visitValue: what one visit is worth, its own value or its type's default (the Revenue
 *   Impact's rate for it);
 * - photoUrl: its photo's versioned URL, when one was uploaded;
 * - addedAt: when it was added (created_at), whenever that is known (NULL: there since the
 *   beginning), not only in the last 30 days, as the dashboard's popularity range reaches 90;
 * - plus name, type, description, colour and icon.
 */
export async function amenityAnalytics({
  db,
  community,
  now,
}: EndpointContext): Promise<AmenityAnalytics[]> {
  const ids = community.amenities.map((a) => a.id);
  const since = new Date(now - RECENT_DAYS * DAY).toISOString();
  const [latest, hours, photos] = await Promise.all([
    db.query<{ amenity_id: number; occupancy: number | null; at: number | null }>(
      `SELECT a.id AS amenity_id, r.occupancy, (extract(epoch FROM r.time) * 1000)::float8 AS at
         FROM unnest($2::int[]) AS a (id)
         LEFT JOIN LATERAL (
           SELECT occupancy, time FROM readings
            WHERE community_id = $1 AND amenity_id = a.id AND time <= $3
            ORDER BY time DESC LIMIT 1
         ) r ON true`,
      [community.id, ids, new Date(now).toISOString()],
    ),
    db.query<{ amenity_id: number; local_hour: number; mean: number; peak: number }>(
      `SELECT amenity_id,
              extract(hour FROM hour AT TIME ZONE $2)::int AS local_hour,
              (sum(occupancy_sum)::float8 / sum(readings)) AS mean,
              max(occupancy_max)::int AS peak
         FROM readings_hourly
        WHERE community_id = $1 AND hour >= $3 AND hour <= $4
        GROUP BY amenity_id, local_hour`,
      [community.id, community.timeZone, since, new Date(now).toISOString()],
    ),
    db.query<{ amenity_id: number; sha256: string }>(
      `SELECT amenity_id, sha256 FROM amenity_photos WHERE amenity_id = ANY($1::int[])`,
      [ids],
    ),
  ]);
  const local = localParts(now, community.timeZone);

  return community.amenities.map((amenity) => {
    const reading = latest.find((r) => r.amenity_id === amenity.id);
    const fresh = reading?.at != null && now - reading.at <= LIVE_READING_MAX_AGE_MS;
    const currentUsers = fresh ? (reading.occupancy ?? 0) : 0;
    const own = hours.filter((h) => h.amenity_id === amenity.id);
    const meanByHour = new Map(own.map((h) => [h.local_hour, h.mean]));
    const photo = photos.find((p) => p.amenity_id === amenity.id);
    return {
      id: amenity.slug,
      name: amenity.name,
      type: amenity.type,
      description: amenity.description,
      color: amenity.color,
      icon: AMENITY_ICONS[amenity.type],
      status: amenityStatus(amenity, currentUsers, local),
      currentUsers,
      capacity: amenity.capacity,
      usagePercentage: usagePercentage(currentUsers, amenity.capacity),
      live: fresh,
      lastReadingAt: reading?.at != null ? new Date(reading.at).toISOString() : null,
      peakTime: peakWindow(weekSpan(amenity.hours), meanByHour) ?? NO_PEAK_DATA,
      peakUsage: own.reduce((max, h) => Math.max(max, h.peak), 0),
      timeZone: community.timeZone,
      ...(amenity.monthlyOperatingCost === null
        ? {}
        : { monthlyOperatingCost: amenity.monthlyOperatingCost }),
      visitValue: visitValueOf(amenity),
      ...(photo ? { photoUrl: amenityPhotoUrl(amenity.slug, photo.sha256) } : {}),
      ...(amenity.createdAt == null ? {} : { addedAt: new Date(amenity.createdAt).toISOString() }),
      ...closureNotice(amenity, local.date),
    };
  });
}

/** The closure the amenity's card tells of (under way today, or soon), as a field to spread. */
function closureNotice(amenity: Amenity, today: string): Pick<AmenityAnalytics, 'closure'> {
  const notice = currentOrNextClosure(amenity.closures, today, CLOSURE_NOTICE_DAYS);
  return notice ? { closure: { ...notice.closure, now: notice.now } } : {};
}
