import type { AmenityType, CommunityProfile } from '../src/api/contract';
import type { Currency } from '../src/lib/community-profile';
import { closureOn, type AmenityClosure } from '../src/lib/amenity-closures';
import { isOpenOn, type DayHours, type WeeklyHours } from '../src/lib/weekly-hours';
import type { Queryable } from './db/database';

/** An amenity as the server knows it (one row of `amenities`). */
export type Amenity = {
  /** Database id (readings refer to it). */
  id: number;
  /** Public id, e.g. "great-lawn": what the API shows and ingest accepts. */
  slug: string;
  name: string;
  type: AmenityType;
  description: string;
  capacity: number;
  /** Opening hours per weekday (0 = Sunday; null closed), minutes after local midnight. */
  hours: WeeklyHours;
  /** Whole local days closed whatever `hours` say, soonest first (absent: none). */
  closures?: readonly AmenityClosure[];
  color: string;
  /** Dollars a month (staff, upkeep, utilities), read by the fee reports; null when not entered. */
  monthlyOperatingCost: number | null;
  /** What one visit is worth, set for it; null or absent: its type's default (visitValueOf). */
  visitValue?: number | null;
  /**
   * When it was added (epoch ms): it is not silent before (GET /api/usage/gaps). Null or absent
   * for one that was there before this was recorded: there since the beginning.
   */
  createdAt?: number | null;
};

export type Community = {
  id: number;
  slug: string;
  name: string;
  /** Letters, numbers and hyphens (Settings → General). */
  code: string;
  address: string;
  timeZone: string;
  currency: Currency;
  /** When the community was created (epoch ms): readings from before it are refused. */
  createdAt: number;
  /** The live amenities, in display order. */
  amenities: Amenity[];
  /** Archived amenities: out of the live views, their readings still in reports. */
  archivedAmenities: Amenity[];
};

/** Icon names of src/ui/page-icons.tsx AMENITY_TYPE_ICONS (a test keeps the two in step). */
export const AMENITY_ICONS: Record<AmenityType, string> = {
  lawn: 'tree',
  hall: 'hall',
  yard: 'dumbbell',
  lake: 'waves',
  heritage: 'landmark',
  street: 'street',
  playground: 'playground',
};

/** What one visit is worth (one rule for the server and the app's texts). */
export { VISIT_VALUE, visitValueOf } from '../src/lib/visit-value';

/**
 * Open at a local moment: on `date` (yyyy-mm-dd), its `weekday` (0 = Sunday), at `minuteOfDay`?
 * Closed all day on a closure's days, whatever the hours say. (Hours never cross midnight.)
 */
export function isOpenAt(
  amenity: Pick<Amenity, 'hours' | 'closures'>,
  local: { date: string; weekday: number; minuteOfDay: number },
): boolean {
  if (closureOn(amenity.closures, local.date)) return false;
  return isOpenOn(amenity.hours, local.weekday, local.minuteOfDay);
}

/** The profile every user of the community sees (GET /api/community). */
export function profileOf(community: Community): CommunityProfile {
  return {
    slug: community.slug,
    name: community.name,
    code: community.code,
    address: community.address,
    timeZone: community.timeZone,
    currency: community.currency,
  };
}

type CommunityRow = {
  id: number;
  slug: string;
  name: string;
  code: string;
  address: string;
  time_zone: string;
  currency: Currency;
  created_ms: number;
};
type AmenityRow = {
  id: number;
  slug: string;
  name: string;
  type: AmenityType;
  description: string;
  capacity: number;
  color: string;
  monthly_operating_cost: number | null;
  visit_value: number | null;
  archived: boolean;
  created_ms: number | null;
};

type HoursRow = {
  amenity_id: number;
  weekday: number;
  opens_minute: number;
  closes_minute: number;
};

/** Each amenity's week of hours (closed where no row), by amenity id. */
async function loadHours(
  db: Queryable,
  amenityIds: readonly number[],
): Promise<Map<number, (DayHours | null)[]>> {
  const week = new Map<number, (DayHours | null)[]>(
    amenityIds.map((id) => [id, Array.from({ length: 7 }, () => null)]),
  );
  if (amenityIds.length === 0) return week;
  const rows = await db.query<HoursRow>(
    `SELECT amenity_id, weekday, opens_minute, closes_minute FROM amenity_hours
      WHERE amenity_id = ANY($1::int[])`,
    [amenityIds],
  );
  for (const row of rows) {
    const days = week.get(row.amenity_id);
    if (days)
      days[row.weekday] = { opensMinute: row.opens_minute, closesMinute: row.closes_minute };
  }
  return week;
}

/** Replaces an amenity's week of hours (inside the caller's transaction). */
export async function saveHours(
  db: Queryable,
  amenityId: number,
  hours: WeeklyHours,
): Promise<void> {
  await db.query(`DELETE FROM amenity_hours WHERE amenity_id = $1`, [amenityId]);
  for (const [weekday, day] of hours.entries()) {
    if (!day) continue;
    await db.query(
      `INSERT INTO amenity_hours (amenity_id, weekday, opens_minute, closes_minute)
       VALUES ($1, $2, $3, $4)`,
      [amenityId, weekday, day.opensMinute, day.closesMinute],
    );
  }
}

type ClosureRow = { amenity_id: number; first_day: string; last_day: string; reason: string };

/** Each amenity's closures, soonest first, by amenity id (an empty list where none). */
async function loadClosures(
  db: Queryable,
  amenityIds: readonly number[],
): Promise<Map<number, AmenityClosure[]>> {
  const closures = new Map<number, AmenityClosure[]>(amenityIds.map((id) => [id, []]));
  if (amenityIds.length === 0) return closures;
  const rows = await db.query<ClosureRow>(
    `SELECT amenity_id, to_char(first_day, 'YYYY-MM-DD') AS first_day,
            to_char(last_day, 'YYYY-MM-DD') AS last_day, reason
       FROM amenity_closures WHERE amenity_id = ANY($1::int[])
      ORDER BY first_day`,
    [amenityIds],
  );
  for (const row of rows) {
    closures
      .get(row.amenity_id)
      ?.push({ firstDay: row.first_day, lastDay: row.last_day, reason: row.reason });
  }
  return closures;
}

/** Replaces an amenity's closures (inside the caller's transaction). */
export async function saveClosures(
  db: Queryable,
  amenityId: number,
  closures: readonly AmenityClosure[],
): Promise<void> {
  await db.query(`DELETE FROM amenity_closures WHERE amenity_id = $1`, [amenityId]);
  for (const closure of closures) {
    await db.query(
      `INSERT INTO amenity_closures (amenity_id, first_day, last_day, reason)
       VALUES ($1, $2, $3, $4)`,
      [amenityId, closure.firstDay, closure.lastDay, closure.reason],
    );
  }
}

/** An amenity's week of hours and its closures: what says when it is open. */
export type AmenitySchedule = { hours: WeeklyHours; closures: readonly AmenityClosure[] };

/** Each amenity's schedule, by amenity id. */
export async function loadSchedules(
  db: Queryable,
  amenityIds: readonly number[],
): Promise<Map<number, AmenitySchedule>> {
  const [hours, closures] = [await loadHours(db, amenityIds), await loadClosures(db, amenityIds)];
  return new Map(
    amenityIds.map((id) => [id, { hours: hours.get(id) ?? [], closures: closures.get(id) ?? [] }]),
  );
}

const amenityOf = (a: AmenityRow, schedule: AmenitySchedule | undefined): Amenity => ({
  id: a.id,
  slug: a.slug,
  name: a.name,
  type: a.type,
  description: a.description,
  capacity: a.capacity,
  hours: schedule?.hours ?? [],
  closures: schedule?.closures ?? [],
  color: a.color,
  monthlyOperatingCost: a.monthly_operating_cost,
  visitValue: a.visit_value,
  createdAt: a.created_ms,
});

/** Every amenity of a community, archived ones included, in display order. */
export async function loadAmenities(
  db: Queryable,
  communityId: number,
): Promise<{ live: Amenity[]; archived: Amenity[] }> {
  const rows = await db.query<AmenityRow>(
    `SELECT id, slug, name, type, description, capacity, color,
            monthly_operating_cost::float8 AS monthly_operating_cost,
            visit_value::float8 AS visit_value,
            archived_at IS NOT NULL AS archived,
            (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
       FROM amenities WHERE community_id = $1 ORDER BY position, id`,
    [communityId],
  );
  const schedules = await loadSchedules(
    db,
    rows.map((a) => a.id),
  );
  const of = (a: AmenityRow) => amenityOf(a, schedules.get(a.id));
  return {
    live: rows.filter((a) => !a.archived).map(of),
    archived: rows.filter((a) => a.archived).map(of),
  };
}

/**
 * Brings the running server's community up to date after its amenities changed: the object is
 * shared by every endpoint, ingest and the simulator, so it is updated in place.
 */
export async function reloadAmenities(db: Queryable, community: Community): Promise<void> {
  const { live, archived } = await loadAmenities(db, community.id);
  community.amenities = live;
  community.archivedAmenities = archived;
}

const COMMUNITY_SELECT = `
  SELECT id, slug, name, code, address, time_zone, currency,
         (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
    FROM communities`;

/**
 * Brings the running server's community profile up to date after it changed (here or through
 * another server process): updated in place, like the amenities.
 */
export async function reloadProfile(db: Queryable, community: Community): Promise<void> {
  const [row] = await db.query<CommunityRow>(`${COMMUNITY_SELECT} WHERE id = $1`, [community.id]);
  if (!row) return;
  community.name = row.name;
  community.code = row.code;
  community.address = row.address;
  community.timeZone = row.time_zone;
  community.currency = row.currency;
}

/**
 * The whole in-memory copy brought up to date (profile, then amenities): what another server
 * process may have changed (changes.ts, the scheduler's pass) or the settings lock found moved.
 */
export async function reloadSettings(db: Queryable, community: Community): Promise<void> {
  await reloadProfile(db, community);
  await reloadAmenities(db, community);
}

export async function loadCommunity(db: Queryable, slug: string): Promise<Community | null> {
  const [row] = await db.query<CommunityRow>(`${COMMUNITY_SELECT} WHERE slug = $1`, [slug]);
  if (!row) return null;
  const { live, archived } = await loadAmenities(db, row.id);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    code: row.code,
    address: row.address,
    timeZone: row.time_zone,
    currency: row.currency,
    createdAt: row.created_ms,
    amenities: live,
    archivedAmenities: archived,
  };
}

export type AmenityDefinition = Omit<Amenity, 'id' | 'monthlyOperatingCost' | 'createdAt'> & {
  monthlyOperatingCost?: number | null;
};

/**
 * Creates a community and its amenities (added when the community was created: `createdAt`);
 * returns it as loaded back from the database.
 */
export async function createCommunity(
  db: Queryable,
  community: {
    slug: string;
    name: string;
    timeZone: string;
    createdAt: number;
    code?: string;
    address?: string;
    currency?: Currency;
  },
  amenities: readonly AmenityDefinition[],
): Promise<Community> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO communities (slug, name, time_zone, created_at, code, address, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [
      community.slug,
      community.name,
      community.timeZone,
      new Date(community.createdAt).toISOString(),
      community.code ?? community.slug.toUpperCase(),
      community.address ?? '',
      community.currency ?? 'USD',
    ],
  );
  if (!row) throw new Error('Could not create the community');
  for (const [position, a] of amenities.entries()) {
    const [amenity] = await db.query<{ id: number }>(
      `INSERT INTO amenities (community_id, slug, name, type, description, capacity, color,
                              position, monthly_operating_cost, visit_value, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING id`,
      [
        row.id,
        a.slug,
        a.name,
        a.type,
        a.description,
        a.capacity,
        a.color,
        position,
        a.monthlyOperatingCost ?? null,
        a.visitValue ?? null,
        new Date(community.createdAt).toISOString(),
      ],
    );
    if (!amenity) throw new Error('Could not create an amenity');
    await saveHours(db, amenity.id, a.hours);
    if (a.closures) await saveClosures(db, amenity.id, a.closures);
  }
  const created = await loadCommunity(db, community.slug);
  if (!created) throw new Error('Could not load the new community');
  return created;
}
