import { Hono, type Context } from 'hono';
import {
  AMENITY_SETUP_PATH,
  amenityPhotoUrl,
  AmenityInputSchema,
  AmenityPatchSchema,
  type AmenitySetup,
} from '../../src/api/contract';
import { readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { auditActor } from '../auth/request';
import { closuresProblem, sortClosures } from '../../src/lib/amenity-closures';
import { weeklyHoursProblem } from '../../src/lib/weekly-hours';
import {
  loadSchedules,
  reloadAmenities,
  saveClosures,
  saveHours,
  type AmenitySchedule,
} from '../community';
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import { changeSettings } from '../settings-lock';
import { registerPhotoRoutes } from './photo-routes';
import { DEFAULT_AMENITY_COLORS, slugFor } from './setup';
import type { CommunityChangeRoutesOptions } from '../route-options';

/**
 * More amenities than any HOA has: a bound, not a plan. It counts archived amenities too (their
 * rows and slugs stay), so restoring one never takes a community past it.
 */
export const MAX_AMENITIES = 200;

export type Row = {
  id: number;
  slug: string;
  name: string;
  type: AmenitySetup['type'];
  description: string;
  capacity: number;
  color: string;
  monthly_operating_cost: number | null;
  visit_value: number | null;
  archived: boolean;
};
/** A row as SELECT reads it: with the version of its photo, null when it has none. */
type PhotoRow = Row & { photo_sha256: string | null };

const SELECT = `
  SELECT id, slug, name, type, description, capacity, color,
         monthly_operating_cost::float8 AS monthly_operating_cost,
         visit_value::float8 AS visit_value,
         archived_at IS NOT NULL AS archived,
         (SELECT sha256 FROM amenity_photos p WHERE p.amenity_id = amenities.id) AS photo_sha256
    FROM amenities`;

const toSetup = (
  row: Row,
  { hours, closures }: AmenitySchedule,
  photoSha256: string | null,
): AmenitySetup => ({
  id: row.slug,
  name: row.name,
  type: row.type,
  description: row.description,
  capacity: row.capacity,
  hours: [...hours],
  closures: sortClosures(closures),
  color: row.color,
  monthlyOperatingCost: row.monthly_operating_cost,
  visitValue: row.visit_value,
  archived: row.archived,
  photoUrl: photoSha256 === null ? null : amenityPhotoUrl(row.slug, photoSha256),
});

/** The slug from the path, or a 404 (slugs are lower-case words joined by hyphens). */
function pathSlug(c: Context): string {
  const raw = c.req.param('id') ?? '';
  if (!/^[a-z0-9-]{1,60}$/.test(raw)) throw new HttpError(404, `No amenity ${raw.slice(0, 60)}`);
  return raw;
}

/**
 * Amenity setup (issue 11; roles in server/auth/access.ts):
 *
 *   GET   /api/amenities               everyone who may read the dashboards
 *   POST  /api/amenities               Admin, Manager: create
 *   PATCH /api/amenities/:id           Admin, Manager: edit (any subset of the fields)
 *   POST  /api/amenities/:id/archive   Admin, Manager: archive (readings stay, never deleted)
 *   POST  /api/amenities/:id/restore   Admin, Manager: restore an archived one (live again)
 *   GET, PUT, DELETE /api/amenities/:id/photo   its photo (photo-routes.ts)
 *
 * The settings include the opening hours per weekday and the closures (whole days closed whatever
 * the hours say, src/lib/amenity-closures.ts), each replaced whole when sent.
 *
 * Each change is one transaction with its audit row (before/after). Afterwards the running
 * server's community is reloaded so every endpoint, ingest and the simulator see it.
 */
export function amenityRoutes(options: CommunityChangeRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy, onChanged } = options;
  const routes = new Hono<AuthEnv>();
  const path = AMENITY_SETUP_PATH.replace(/^\/api/, '');
  // JSON settings bodies; the photo route has its own, larger limit.
  for (const pattern of [path, `${path}/:id`, `${path}/:id/archive`, `${path}/:id/restore`]) {
    routes.use(pattern, settingsBodyLimit(kit));
  }

  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);

  const lockedAmenity = async (tx: Queryable, slug: string): Promise<PhotoRow> => {
    const [row] = await tx.query<PhotoRow>(
      `${SELECT} WHERE community_id = $1 AND slug = $2 FOR UPDATE`,
      [community.id, slug],
    );
    if (!row) throw new HttpError(404, `No amenity ${slug}`);
    return row;
  };
  const scheduleOf = async (tx: Queryable, id: number): Promise<AmenitySchedule> =>
    (await loadSchedules(tx, [id])).get(id) ?? { hours: [], closures: [] };

  const committed = async (setup: AmenitySetup) => {
    await reloadAmenities(db, community);
    await onChanged();
    return setup;
  };

  routes.get(path, async () => {
    const rows = await db.query<PhotoRow>(
      `${SELECT} WHERE community_id = $1 ORDER BY position, id`,
      [community.id],
    );
    const schedules = await loadSchedules(
      db,
      rows.map((row) => row.id),
    );
    const none: AmenitySchedule = { hours: [], closures: [] };
    return kit.json(
      200,
      rows.map((row) => toSetup(row, schedules.get(row.id) ?? none, row.photo_sha256)),
    );
  });

  /**
   * Names tell amenities apart in every list, chart, report and CSV, archived ones included (a
   * past period's report still lists them): two called the same, whatever the case, could not be
   * told apart. Callers hold the settings lock, so two requests cannot both pass.
   */
  const refuseTakenName = async (tx: Queryable, name: string, exceptId: number | null) => {
    const [taken] = await tx.query<{ name: string; archived: boolean }>(
      `SELECT name, archived_at IS NOT NULL AS archived FROM amenities
        WHERE community_id = $1 AND lower(name) = lower($2) AND id <> $3`,
      [community.id, name, exceptId ?? 0],
    );
    if (!taken) return;
    throw new HttpError(
      409,
      taken.archived
        ? `name: an archived amenity is called ${taken.name}; restore it, or give this one another name`
        : `name: another amenity is called ${taken.name}; give this one another name`,
    );
  };

  routes.post(path, async (c) => {
    const input = await readJson(c, AmenityInputSchema);
    const closures = input.closures ?? [];
    const problem = weeklyHoursProblem(input.hours) ?? closuresProblem(closures);
    if (problem) throw new HttpError(400, problem);
    const created = await db.transaction(async (tx) => {
      await changeSettings(tx, community);
      // One creation at a time per community, across server processes: slugs and positions are
      // chosen from what is there.
      await tx.query(`SELECT id FROM communities WHERE id = $1 FOR UPDATE`, [community.id]);
      const existing = await tx.query<{ slug: string; position: number }>(
        `SELECT slug, position FROM amenities WHERE community_id = $1`,
        [community.id],
      );
      if (existing.length >= MAX_AMENITIES) {
        throw new HttpError(409, `A community has at most ${MAX_AMENITIES} amenities`);
      }
      await refuseTakenName(tx, input.name, null);
      const slug = slugFor(input.name, new Set(existing.map((a) => a.slug)));
      const position = Math.max(-1, ...existing.map((a) => a.position)) + 1;
      const [row] = await tx.query<Row>(
        `INSERT INTO amenities (community_id, slug, name, type, description, capacity,
                                color, position, monthly_operating_cost, visit_value, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING id, slug, name, type, description, capacity,
                   color, monthly_operating_cost::float8 AS monthly_operating_cost,
                   visit_value::float8 AS visit_value,
                   archived_at IS NOT NULL AS archived`,
        [
          community.id,
          slug,
          input.name,
          input.type,
          input.description ?? '',
          input.capacity,
          input.color ?? DEFAULT_AMENITY_COLORS[input.type],
          position,
          input.monthlyOperatingCost,
          input.visitValue ?? null,
          new Date(clock()).toISOString(),
        ],
      );
      if (!row) throw new Error('The amenity was not created');
      await saveHours(tx, row.id, input.hours);
      await saveClosures(tx, row.id, closures);
      const setup = toSetup(row, { hours: input.hours, closures }, null);
      await audit(tx, { ...who(c), action: 'amenity.create', target: slug, after: setup }, clock());
      return setup;
    });
    return kit.json(201, await committed(created));
  });

  routes.patch(`${path}/:id`, async (c) => {
    const slug = pathSlug(c);
    const patch = await readJson(c, AmenityPatchSchema);
    const updated = await db.transaction(async (tx) => {
      await changeSettings(tx, community);
      const current = await lockedAmenity(tx, slug);
      if (current.archived) throw new HttpError(409, `${current.name} is archived`);
      const before = toSetup(current, await scheduleOf(tx, current.id), current.photo_sha256);
      const next = { ...before, ...patch };
      const closures = next.closures ?? [];
      const problem = weeklyHoursProblem(next.hours) ?? closuresProblem(closures);
      if (problem) throw new HttpError(400, problem);
      if (patch.name !== undefined) await refuseTakenName(tx, patch.name, current.id);
      const [row] = await tx.query<Row>(
        `UPDATE amenities SET name = $2, type = $3, description = $4, capacity = $5,
                color = $6, monthly_operating_cost = $7, visit_value = $8
          WHERE id = $1
         RETURNING id, slug, name, type, description, capacity,
                   color, monthly_operating_cost::float8 AS monthly_operating_cost,
                   visit_value::float8 AS visit_value,
                   archived_at IS NOT NULL AS archived`,
        [
          current.id,
          next.name,
          next.type,
          next.description,
          next.capacity,
          next.color,
          next.monthlyOperatingCost,
          next.visitValue ?? null,
        ],
      );
      if (!row) throw new Error('The amenity was not updated');
      if (patch.hours) await saveHours(tx, current.id, patch.hours);
      if (patch.closures) await saveClosures(tx, current.id, patch.closures);
      const after = toSetup(row, { hours: next.hours, closures }, current.photo_sha256);
      await audit(
        tx,
        { ...who(c), action: 'amenity.update', target: slug, before, after },
        clock(),
      );
      return after;
    });
    return kit.json(200, await committed(updated));
  });

  /**
   * Archives (readings stay, never deleted) or restores an amenity: the same amenity (slug,
   * readings, rules, photo) is live again after a restore, so ingest accepts its readings and its
   * alert rules fire and can be changed once more.
   */
  const setArchived = (archive: boolean) => async (c: Context<AuthEnv>) => {
    const slug = pathSlug(c);
    const changed = await db.transaction(async (tx) => {
      await changeSettings(tx, community);
      const current = await lockedAmenity(tx, slug);
      if (current.archived === archive) {
        throw new HttpError(
          409,
          `${current.name} is ${archive ? 'already archived' : 'not archived'}`,
        );
      }
      const [row] = await tx.query<Row>(
        `UPDATE amenities SET archived_at = $2 WHERE id = $1
         RETURNING id, slug, name, type, description, capacity,
                   color, monthly_operating_cost::float8 AS monthly_operating_cost,
                   visit_value::float8 AS visit_value,
                   archived_at IS NOT NULL AS archived`,
        [current.id, archive ? new Date(clock()).toISOString() : null],
      );
      if (!row) throw new Error(`The amenity was not ${archive ? 'archived' : 'restored'}`);
      if (!archive) {
        // Its counters' uplinks were refused while it was archived, so their counting state is
        // the last one before: a line counter's running totals went on meanwhile. The first
        // totals after the restore are a new baseline (as after a change of model), not everyone
        // counted while archived in one reading, which ingest would refuse, uplink after uplink;
        // nor is a lower frame counter then a restart. Dedup keys and the last uplink's time stay.
        await tx.query(
          `UPDATE devices
              SET counter_state = (counter_state - 'lastFCnt'::text)
                                  || '{"totals": {}, "fromZero": false}'::jsonb
            WHERE community_id = $1 AND amenity_id = $2`,
          [community.id, current.id],
        );
      }
      const schedule = await scheduleOf(tx, current.id);
      const after = toSetup(row, schedule, current.photo_sha256);
      await audit(
        tx,
        {
          ...who(c),
          action: archive ? 'amenity.archive' : 'amenity.restore',
          target: slug,
          before: toSetup(current, schedule, current.photo_sha256),
          after,
        },
        clock(),
      );
      return after;
    });
    return kit.json(200, await committed(changed));
  };
  routes.post(`${path}/:id/archive`, setArchived(true));
  routes.post(`${path}/:id/restore`, setArchived(false));

  registerPhotoRoutes(routes, {
    db,
    community,
    clock,
    kit,
    path,
    pathSlug,
    lockedAmenity,
    setupOf: async (tx, row, sha256) => toSetup(row, await scheduleOf(tx, row.id), sha256),
    who,
    committed,
  });

  return routes;
}
