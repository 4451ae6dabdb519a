import type { Queryable } from './db/database';
import type { SimulatedEvent } from './simulator/events';

/** Records events held; an event already recorded (same day, amenity and title) is skipped. */
export async function insertEventsIfNew(
  db: Queryable,
  communityId: number,
  events: readonly SimulatedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    `INSERT INTO events (community_id, amenity_id, held_on, kind, title, category, attendance,
                         planned_attendance, cost)
     SELECT $1, * FROM unnest($2::int[], $3::date[], $4::text[], $5::text[], $6::text[],
                              $7::int[], $8::int[], $9::float8[])
     ON CONFLICT (community_id, held_on, amenity_id, title) DO NOTHING`,
    [
      communityId,
      events.map((e) => e.amenityId),
      events.map((e) => e.heldOn),
      events.map((e) => e.kind),
      events.map((e) => e.title),
      events.map((e) => e.category),
      events.map((e) => e.attendance),
      events.map((e) => e.plannedAttendance),
      events.map((e) => e.cost),
    ],
  );
}
