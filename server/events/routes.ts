import { Hono, type Context } from 'hono';
import {
  EVENTS_PATH,
  EventInputSchema,
  EventsQuerySchema,
  eventDateProblem,
  type EventInput,
  type HeldEvent,
} from '../../src/api/contract';
import { pathId, readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { auditActor } from '../auth/request';
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import { parseQuery } from '../http';
import { EVENT_TEMPLATES } from '../amy/templates';
import { currentSettings } from '../settings-lock';
import { localDate } from '../time';
import type { CommunityChangeRoutesOptions } from '../route-options';

type EventRow = {
  id: number;
  amenity_slug: string;
  amenity_name: string;
  held_on: string;
  title: string;
  category: HeldEvent['category'];
  kind: string | null;
  attendance: number;
  planned_attendance: number;
  cost: number;
};

const SELECT = `
  SELECT e.id, a.slug AS amenity_slug, a.name AS amenity_name, e.held_on::text AS held_on,
         e.title, e.category, e.kind, e.attendance, e.planned_attendance, e.cost::float8 AS cost
    FROM events e JOIN amenities a ON a.id = e.amenity_id`;

const toEvent = (row: EventRow): HeldEvent => ({
  id: row.id,
  amenityId: row.amenity_slug,
  amenityName: row.amenity_name,
  heldOn: row.held_on,
  title: row.title,
  category: row.category,
  kind: row.kind,
  attendance: row.attendance,
  plannedAttendance: row.planned_attendance,
  cost: row.cost,
});

/**
 * The kind of Amy's event an event recorded by hand is: the template of its title (whatever the
 * case) for its amenity's type, so Amy's suggestions learn from a suggested event once it is held
 * ("Sunset Movie Night" on a lawn). Null for any other title.
 */
export function kindOfTitle(title: string, amenityType: string): string | null {
  const wanted = title.trim().toLowerCase();
  return (
    EVENT_TEMPLATES.find(
      (template) => template.amenityType === amenityType && template.title.toLowerCase() === wanted,
    )?.kind ?? null
  );
}

async function readEvent(
  tx: Queryable,
  communityId: number,
  id: number,
  lock: boolean,
): Promise<HeldEvent | null> {
  const [row] = await tx.query<EventRow>(
    `${SELECT} WHERE e.community_id = $1 AND e.id = $2${lock ? ' FOR UPDATE OF e' : ''}`,
    [communityId, id],
  );
  return row ? toEvent(row) : null;
}

/**
 * Stores an event held, inside the caller's transaction (which has taken the settings lock
 * shared and judged the date): a 400 naming `amenityId` for an amenity the community does not
 * have or has archived; not ok, with the amenity's name for the caller's 409, when the same day,
 * amenity and title is already recorded. Shared by recording an event and recording a planned
 * one as held (server/events/planned-routes.ts), so both store the same row the same way.
 */
export async function insertEventHeld(
  tx: Queryable,
  communityId: number,
  input: EventInput,
): Promise<{ ok: true; event: HeldEvent } | { ok: false; amenityName: string }> {
  const [amenity] = await tx.query<{ id: number; name: string; type: string; archived: boolean }>(
    `SELECT id, name, type, archived_at IS NOT NULL AS archived FROM amenities
      WHERE community_id = $1 AND slug = $2 FOR SHARE`,
    [communityId, input.amenityId],
  );
  if (!amenity) {
    throw new HttpError(400, `amenityId: the community has no amenity ${input.amenityId}`);
  }
  if (amenity.archived) {
    throw new HttpError(
      400,
      `amenityId: ${amenity.name} is archived; restore it to record its events`,
    );
  }
  // The unique key (day, amenity, title) decides a duplicate, even between two requests at once.
  const [inserted] = await tx.query<{ id: number }>(
    `INSERT INTO events (community_id, amenity_id, held_on, kind, title, category, attendance,
                         planned_attendance, cost)
     VALUES ($1, $2, $3, $9, $4, $5, $6, $7, $8)
     ON CONFLICT (community_id, held_on, amenity_id, title) DO NOTHING
     RETURNING id`,
    [
      communityId,
      amenity.id,
      input.heldOn,
      input.title,
      input.category,
      input.attendance,
      input.plannedAttendance,
      Math.round(input.cost * 100) / 100,
      kindOfTitle(input.title, amenity.type),
    ],
  );
  if (!inserted) return { ok: false, amenityName: amenity.name };
  const event = await readEvent(tx, communityId, inserted.id, false);
  if (!event) throw new Error('The event was not recorded');
  return { ok: true, event };
}

/**
 * Events held (roles in server/auth/access.ts): what Amy's analysis and suggestions read.
 *
 *   GET    /api/events?before=&limit=   everyone who reads the dashboards: newest first
 *   POST   /api/events                  Admin, Manager: record an event that was held
 *   DELETE /api/events/:id              Admin, Manager: remove one
 *
 * Each change is one transaction with its audit row. A recording first takes the community's
 * settings lock shared (server/settings-lock.ts), so it judges the date by the time zone and the
 * amenity by the archive state that other server processes last committed, and an amenity being
 * archived meanwhile waits for it (or the other way round). Afterwards the response cache is
 * dropped, this process's and, through the change feed (server/changes.ts), every other's, so
 * Amy's answers change at once.
 */
export function eventRoutes(options: CommunityChangeRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy, onChanged } = options;
  const routes = new Hono<AuthEnv>();
  const path = EVENTS_PATH.replace(/^\/api/, '');
  routes.use(path, settingsBodyLimit(kit));
  routes.use(`${path}/:id`, settingsBodyLimit(kit));

  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);

  const eventById = (tx: Queryable, id: number, lock: boolean) =>
    readEvent(tx, community.id, id, lock);

  routes.get(path, async (c) => {
    const { before, limit } = parseQuery(EventsQuerySchema, c);
    const rows = await db.query<EventRow>(
      `${SELECT}
        WHERE e.community_id = $1 AND ($2::date IS NULL OR e.held_on < $2::date)
        ORDER BY e.held_on DESC, e.id DESC
        LIMIT $3`,
      [community.id, before ?? null, limit],
    );
    return kit.json(200, rows.map(toEvent));
  });

  routes.post(path, async (c) => {
    const input = await readJson(c, EventInputSchema);
    const created = await db.transaction(async (tx) => {
      // The zone and the amenities as last committed by any server process (see above).
      await currentSettings(tx, community);
      const today = localDate(clock(), community.timeZone);
      const problem = eventDateProblem(input.heldOn, today);
      if (problem) throw new HttpError(400, `heldOn: ${problem}`);
      const inserted = await insertEventHeld(tx, community.id, input);
      if (!inserted.ok) {
        throw new HttpError(
          409,
          `title: an event called ${input.title} at ${inserted.amenityName} on ${input.heldOn} is already recorded; give this one another title or date`,
        );
      }
      const { event } = inserted;
      await audit(
        tx,
        { ...who(c), action: 'event.create', target: String(event.id), after: event },
        clock(),
      );
      return event;
    });
    await onChanged();
    return kit.json(201, created);
  });

  routes.delete(`${path}/:id`, async (c) => {
    const id = pathId(c, 'event');
    await db.transaction(async (tx) => {
      const before = await eventById(tx, id, true);
      if (!before) throw new HttpError(404, `No event ${id}`);
      await tx.query(`DELETE FROM events WHERE community_id = $1 AND id = $2`, [community.id, id]);
      await audit(tx, { ...who(c), action: 'event.remove', target: String(id), before }, clock());
    });
    await onChanged();
    return kit.reply(204, null, {});
  });

  return routes;
}
