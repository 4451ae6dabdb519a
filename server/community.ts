import type { AmenityType } from '../src/api/contract';
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
  /** Opening hours in minutes after local midnight; 0-1440 is open all day. */
  opensMinute: number;
  closesMinute: number;
  color: string;
  /** Dollars a month (staff, upkeep, utilities), read by the fee reports; null when not entered. */
  monthlyOperatingCost: number | null;
};

export type Community = {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
  /** When the community was created (epoch ms): readings from before it are refused. */
  createdAt: number;
  /** The live amenities, in display order. */
  amenities: Amenity[];
  /** Archived amenities: out of the live views, their readings still in reports. */
  archivedAmenities: Amenity[];
};

/** Icon names of src/ui/icons.tsx AMENITY_TYPE_ICONS (a test keeps the two in step). */
export const AMENITY_ICONS: Record<AmenityType, string> = {
  lawn: 'tree',
  hall: 'hall',
  yard: 'dumbbell',
  lake: 'waves',
  heritage: 'landmark',
  street: 'street',
  playground: 'playground',
};

/**
 * What one visit is worth, in dollars, per amenity type: the revenue impact is visits times this
 * (a day-pass or rental equivalent the association would otherwise pay for).
 */
export const VISIT_VALUE: Record<AmenityType, number> = {
  lawn: 1,
  hall: 3,
  yard: 1.5,
  lake: 1.25,
  heritage: 0.5,
  street: 0.5,
  playground: 1,
};

/** Open at local `minuteOfDay`? (Opening hours never cross midnight here.) */
export function isOpenAt(
  amenity: Pick<Amenity, 'opensMinute' | 'closesMinute'>,
  minuteOfDay: number,
): boolean {
  return minuteOfDay >= amenity.opensMinute && minuteOfDay < amenity.closesMinute;
}

type CommunityRow = {
  id: number;
  slug: string;
  name: string;
  time_zone: string;
  created_ms: number;
};
type AmenityRow = {
  id: number;
  slug: string;
  name: string;
  type: AmenityType;
  description: string;
  capacity: number;
  opens_minute: number;
  closes_minute: number;
  color: string;
  monthly_operating_cost: number | null;
  archived: boolean;
};

const amenityOf = (a: AmenityRow): Amenity => ({
  id: a.id,
  slug: a.slug,
  name: a.name,
  type: a.type,
  description: a.description,
  capacity: a.capacity,
  opensMinute: a.opens_minute,
  closesMinute: a.closes_minute,
  color: a.color,
  monthlyOperatingCost: a.monthly_operating_cost,
});

/** Every amenity of a community, archived ones included, in display order. */
export async function loadAmenities(
  db: Queryable,
  communityId: number,
): Promise<{ live: Amenity[]; archived: Amenity[] }> {
  const rows = await db.query<AmenityRow>(
    `SELECT id, slug, name, type, description, capacity, opens_minute, closes_minute, color,
            monthly_operating_cost::float8 AS monthly_operating_cost,
            archived_at IS NOT NULL AS archived
       FROM amenities WHERE community_id = $1 ORDER BY position, id`,
    [communityId],
  );
  return {
    live: rows.filter((a) => !a.archived).map(amenityOf),
    archived: rows.filter((a) => a.archived).map(amenityOf),
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

export async function loadCommunity(db: Queryable, slug: string): Promise<Community | null> {
  const [row] = await db.query<CommunityRow>(
    `SELECT id, slug, name, time_zone, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
       FROM communities WHERE slug = $1`,
    [slug],
  );
  if (!row) return null;
  const { live, archived } = await loadAmenities(db, row.id);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    timeZone: row.time_zone,
    createdAt: row.created_ms,
    amenities: live,
    archivedAmenities: archived,
  };
}

export type AmenityDefinition = Omit<Amenity, 'id' | 'monthlyOperatingCost'> & {
  monthlyOperatingCost?: number | null;
};

/** Creates a community and its amenities; returns it as loaded back from the database. */
export async function createCommunity(
  db: Queryable,
  community: { slug: string; name: string; timeZone: string; createdAt: number },
  amenities: readonly AmenityDefinition[],
): Promise<Community> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO communities (slug, name, time_zone, created_at) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [
      community.slug,
      community.name,
      community.timeZone,
      new Date(community.createdAt).toISOString(),
    ],
  );
  if (!row) throw new Error('Could not create the community');
  for (const [position, a] of amenities.entries()) {
    await db.query(
      `INSERT INTO amenities (community_id, slug, name, type, description, capacity,
                              opens_minute, closes_minute, color, position,
                              monthly_operating_cost)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        row.id,
        a.slug,
        a.name,
        a.type,
        a.description,
        a.capacity,
        a.opensMinute,
        a.closesMinute,
        a.color,
        position,
        a.monthlyOperatingCost ?? null,
      ],
    );
  }
  const created = await loadCommunity(db, community.slug);
  if (!created) throw new Error('Could not load the new community');
  return created;
}
