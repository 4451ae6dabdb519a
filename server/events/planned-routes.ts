import { Hono, type Context } from 'hono';
import {
  MAX_PLANNED_EVENTS,
  PLANNED_AWAITING_PATH,
  PLANNED_EVENTS_PATH,
  PlannedEventInputSchema,
  PlannedHeldInputSchema,
  earliestAwaitingDate,
  minuteClock,
  plannedDateProblem,
  plannedHasEnded,
  plannedHeldDateProblem,
  plannedHoursProblem,
  plannedWindowProblem,
  type LocalNow,
  type PlannedEvent,
  type PlannedEventInput,
} from '../../src/api/contract';
import { pathId, readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { auditActor } from '../auth/request';
import { loadSchedules } from '../community';
import { isUniqueViolation, type Queryable } from '../db/database';
import { HttpError } from '../errors';
import { currentSettings } from '../settings-lock';
import { localParts } from '../time';
import { insertEventHeld } from './routes';
import type { CommunityChangeRoutesOptions } from '../route-options';

type PlannedRow = {
  id: number;
  amenity_slug: string;
  amenity_name: string;
  starts_on: string;
  start_minute: number;
  end_minute: number;
  title: string;
  category: PlannedEvent['category'];
  planned_attendance: number;
};

const SELECT = `
  SELECT p.id, a.slug AS amenity_slug, a.name AS amenity_name, p.starts_on::text AS starts_on,
         p.start_minute, p.end_minute, p.title, p.category, p.planned_attendance
    FROM planned_events p JOIN amenities a ON a.id = p.amenity_id`;

const toPlanned = (row: PlannedRow): PlannedEvent => ({
  id: row.id,
  amenityId: row.amenity_slug,
  amenityName: row.amenity_name,
  startsOn: row.starts_on,
  startMinute: row.start_minute,
  endMinute: row.end_minute,
  title: row.title,
  category: row.category,
  plannedAttendance: row.planned_attendance,
});

/**
 * Planned events (upcoming; roles in server/auth/access.ts), the other half of the events held:
 *
 *   GET    /api/events/planned            everyone who reads the dashboards: from today in the
 *                                         community's zone, soonest first, at most 100
 *   GET    /api/events/planned/awaiting   the same readers: those whose day has passed, within
 *                                         the last 60 days, most recent first, at most 100
 *   POST   /api/events/planned            Admin, Manager: plan one at a live amenity, from today
 *                                         up to two years ahead, within its opening hours that day
 *                                         and not on one of its closures' days
 *   PUT    /api/events/planned/:id        Admin, Manager: change one not ended yet, by the rules of
 *                                         planning → 200 the plan as changed
 *   POST   /api/events/planned/:id/held   Admin, Manager: record one whose day has passed as an
 *                                         event held, with how many came → 201 the event held
 *   DELETE /api/events/planned/:id        Admin, Manager: remove one
 *
 * Each change is one transaction with its audit row ('event.plan', 'event.replan', 'event.held',
 * 'event.unplan').
 * Planning and recording first take the community's settings lock shared
 * (server/settings-lock.ts), so they judge the date by the zone, and the amenity by the archive
 * state and hours, that other server processes last committed. Nothing cached reads planned
 * events; recording one as held adds an event held, which Amy's cached answers read, so the
 * response cache is dropped then (onChanged), as after recording an event.
 */
export function plannedEventRoutes(options: CommunityChangeRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy, onChanged } = options;
  const routes = new Hono<AuthEnv>();
  const path = PLANNED_EVENTS_PATH.replace(/^\/api/, '');
  const awaitingPath = PLANNED_AWAITING_PATH.replace(/^\/api/, '');
  routes.use(path, settingsBodyLimit(kit));
  routes.use(`${path}/:id`, settingsBodyLimit(kit));
  routes.use(`${path}/:id/held`, settingsBodyLimit(kit));

  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);

  const plannedById = async (tx: Queryable, id: number, lock: boolean) => {
    const [row] = await tx.query<PlannedRow>(
      `${SELECT} WHERE p.community_id = $1 AND p.id = $2${lock ? ' FOR UPDATE OF p' : ''}`,
      [community.id, id],
    );
    return row ? toPlanned(row) : null;
  };

  /**
   * The plan to record or change, locked until the transaction commits: a recording, change or
   * removal at the same moment waits, then finds it as left (or gone: a 404).
   */
  const lockedPlan = async (tx: Queryable, id: number) => {
    const plan = await plannedById(tx, id, true);
    if (!plan) {
      throw new HttpError(
        404,
        `No planned event ${id}: it may have been recorded as held or deleted meanwhile`,
      );
    }
    return plan;
  };

  /** The community's wall clock now (plannedHasEnded's terms). */
  const localNow = (): LocalNow => {
    const { date, minuteOfDay } = localParts(clock(), community.timeZone);
    return { today: date, minute: minuteOfDay };
  };

  /**
   * The amenity of a plan as asked (POST, PUT), once its date, window, amenity and the amenity's
   * opening hours that day are found right; a 400 naming the field otherwise. Run under the
   * settings lock, so they are judged by what other server processes last committed.
   */
  const checkedPlan = async (tx: Queryable, input: PlannedEventInput, now: LocalNow) => {
    const window = plannedWindowProblem(input.startMinute, input.endMinute);
    if (window) throw new HttpError(400, window);
    const problem = plannedDateProblem(input.startsOn, now.today);
    if (problem) throw new HttpError(400, `startsOn: ${problem}`);
    // Planned today, it would be over already: not upcoming, so not a plan.
    if (plannedHasEnded(input, now)) {
      throw new HttpError(
        400,
        `endMinute: it would be over already (it is ${minuteClock(now.minute)} today): plan a later end, or record it under Events held`,
      );
    }
    const [amenity] = await tx.query<{ id: number; name: string; archived: boolean }>(
      `SELECT id, name, archived_at IS NOT NULL AS archived FROM amenities
        WHERE community_id = $1 AND slug = $2 FOR SHARE`,
      [community.id, input.amenityId],
    );
    if (!amenity) {
      throw new HttpError(400, `amenityId: the community has no amenity ${input.amenityId}`);
    }
    if (amenity.archived) {
      throw new HttpError(
        400,
        `amenityId: ${amenity.name} is archived; restore it to plan its events`,
      );
    }
    // Not on a closure's day; within the opening hours of that weekday, when it has hours at all.
    const schedule = (await loadSchedules(tx, [amenity.id])).get(amenity.id);
    const hours = plannedHoursProblem(input, {
      name: amenity.name,
      hours: schedule?.hours ?? [],
      closures: schedule?.closures ?? [],
    });
    if (hours) throw new HttpError(400, hours);
    return { id: amenity.id, name: amenity.name };
  };

  /** The refusal of a second plan with the same day, amenity and title. */
  const duplicate = (input: PlannedEventInput, amenityName: string) =>
    new HttpError(
      409,
      `title: an event called ${input.title} at ${amenityName} on ${input.startsOn} is already planned; give this one another title or date`,
    );

  // Upcoming until it has ended (plannedHasEnded), then awaiting its attendance.
  routes.get(path, async () => {
    const { today, minute } = localNow();
    const rows = await db.query<PlannedRow>(
      `${SELECT}
        WHERE p.community_id = $1
          AND (p.starts_on > $2::date OR (p.starts_on = $2::date AND p.end_minute > $3))
        ORDER BY p.starts_on, p.start_minute, p.id
        LIMIT $4`,
      [community.id, today, minute, MAX_PLANNED_EVENTS],
    );
    return kit.json(200, rows.map(toPlanned));
  });

  routes.get(awaitingPath, async () => {
    const { today, minute } = localNow();
    const rows = await db.query<PlannedRow>(
      `${SELECT}
        WHERE p.community_id = $1 AND p.starts_on >= $4::date
          AND (p.starts_on < $2::date OR (p.starts_on = $2::date AND p.end_minute <= $3))
        ORDER BY p.starts_on DESC, p.start_minute DESC, p.id DESC
        LIMIT $5`,
      [community.id, today, minute, earliestAwaitingDate(today), MAX_PLANNED_EVENTS],
    );
    return kit.json(200, rows.map(toPlanned));
  });

  routes.post(path, async (c) => {
    const input = await readJson(c, PlannedEventInputSchema);
    const created = await db.transaction(async (tx) => {
      await currentSettings(tx, community);
      const amenity = await checkedPlan(tx, input, localNow());
      // The unique key (day, amenity, title) decides a duplicate, even between two requests at once.
      const [inserted] = await tx.query<{ id: number }>(
        `INSERT INTO planned_events (community_id, amenity_id, starts_on, start_minute, end_minute,
                                     title, category, planned_attendance, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (community_id, starts_on, amenity_id, title) DO NOTHING
         RETURNING id`,
        [
          community.id,
          amenity.id,
          input.startsOn,
          input.startMinute,
          input.endMinute,
          input.title,
          input.category,
          input.plannedAttendance,
          new Date(clock()).toISOString(),
        ],
      );
      if (!inserted) throw duplicate(input, amenity.name);
      const planned = await plannedById(tx, inserted.id, false);
      if (!planned) throw new Error('The event was not planned');
      await audit(
        tx,
        { ...who(c), action: 'event.plan', target: String(planned.id), after: planned },
        clock(),
      );
      return planned;
    });
    return kit.json(201, created);
  });

  routes.post(`${path}/:id/held`, async (c) => {
    const id = pathId(c, 'planned event');
    const input = await readJson(c, PlannedHeldInputSchema);
    const held = await db.transaction(async (tx) => {
      await currentSettings(tx, community);
      // A second recording (a double click, another manager) finds it gone: recorded once.
      const plan = await lockedPlan(tx, id);
      const problem = plannedHeldDateProblem(plan, localNow());
      if (problem) throw new HttpError(400, `${plan.title} cannot be recorded as held: ${problem}`);
      const inserted = await insertEventHeld(tx, community.id, {
        amenityId: plan.amenityId,
        heldOn: plan.startsOn,
        title: plan.title,
        category: plan.category,
        attendance: input.attendance,
        plannedAttendance: plan.plannedAttendance,
        cost: input.cost ?? 0,
      });
      if (!inserted.ok) {
        throw new HttpError(
          409,
          `An event called ${plan.title} at ${inserted.amenityName} on ${plan.startsOn} is already in the events held; delete this plan, or that event and record this one`,
        );
      }
      await tx.query(`DELETE FROM planned_events WHERE community_id = $1 AND id = $2`, [
        community.id,
        id,
      ]);
      const { event } = inserted;
      // One row for the whole change: the plan before, the event held it became after.
      await audit(
        tx,
        { ...who(c), action: 'event.held', target: String(event.id), before: plan, after: event },
        clock(),
      );
      return event;
    });
    await onChanged();
    return kit.json(201, held);
  });

  routes.put(`${path}/:id`, async (c) => {
    const id = pathId(c, 'planned event');
    const input = await readJson(c, PlannedEventInputSchema);
    // Named in the 409 of a race the pre-check below missed.
    let amenityName = input.amenityId;
    try {
      const changed = await db.transaction(async (tx) => {
        await currentSettings(tx, community);
        const before = await lockedPlan(tx, id);
        const now = localNow();
        if (plannedHasEnded(before, now)) {
          throw new HttpError(
            400,
            `${before.title} has ended: record it as held, or delete it, instead of changing it`,
          );
        }
        const amenity = await checkedPlan(tx, input, now);
        amenityName = amenity.name;
        const [taken] = await tx.query<{ id: number }>(
          `SELECT id FROM planned_events
            WHERE community_id = $1 AND starts_on = $2::date AND amenity_id = $3 AND title = $4
              AND id <> $5`,
          [community.id, input.startsOn, amenity.id, input.title, id],
        );
        if (taken) throw duplicate(input, amenityName);
        await tx.query(
          `UPDATE planned_events
              SET amenity_id = $3, starts_on = $4, start_minute = $5, end_minute = $6, title = $7,
                  category = $8, planned_attendance = $9
            WHERE community_id = $1 AND id = $2`,
          [
            community.id,
            id,
            amenity.id,
            input.startsOn,
            input.startMinute,
            input.endMinute,
            input.title,
            input.category,
            input.plannedAttendance,
          ],
        );
        const after = await plannedById(tx, id, false);
        if (!after) throw new Error('The planned event was not changed');
        await audit(
          tx,
          { ...who(c), action: 'event.replan', target: String(id), before, after },
          clock(),
        );
        return after;
      });
      return kit.json(200, changed);
    } catch (error) {
      // Two changes at once to the same day, amenity and title: the unique key decides, a 409.
      if (isUniqueViolation(error)) throw duplicate(input, amenityName);
      throw error;
    }
  });

  routes.delete(`${path}/:id`, async (c) => {
    const id = pathId(c, 'planned event');
    await db.transaction(async (tx) => {
      const before = await plannedById(tx, id, true);
      if (!before) throw new HttpError(404, `No planned event ${id}`);
      await tx.query(`DELETE FROM planned_events WHERE community_id = $1 AND id = $2`, [
        community.id,
        id,
      ]);
      await audit(tx, { ...who(c), action: 'event.unplan', target: String(id), before }, clock());
    });
    return kit.reply(204, null, {});
  });

  return routes;
}
