import { Hono, type Context } from 'hono';
import {
  ALERTS_API_PATHS,
  REPORT_RECIPIENTS_PATH,
  ReportScheduleInputSchema,
  ReportSchedulePatchSchema,
  type ReportArchiveEntry,
  type ReportRecipient,
  type Role,
  type ReportSchedule,
  type ReportScheduleInput,
} from '../../src/api/contract';
import { pathId, readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import { currentSettings } from '../settings-lock';
import type { AuthEnv } from '../auth/middleware';
import { auditActor } from '../auth/request';
import type { Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../errors';
import type { ResponseKit } from '../http';
import type { Clock } from '../time';
import type { BuiltReport } from './build-report';
import { nextDueAfter } from './due';
import { cadenceOf, type ScheduleRow } from './run-due';

/**
 * Report schedules and the report archive. Roles each route should allow, for the role table:
 *
 *   GET    /api/report-schedules       Admin, Manager
 *   POST   /api/report-schedules       Admin, Manager
 *   PATCH  /api/report-schedules/:id   Admin, Manager
 *   DELETE /api/report-schedules/:id   Admin, Manager
 *   GET    /api/report-archive         Admin, Manager, Board
 *   GET    /api/report-archive/:id     Admin, Manager, Board   (the CSV, as a download)
 *
 *   GET    /api/report-schedules/recipients   Admin, Manager   (users a schedule can go to)
 *
 * Recipients are users of the community (ids): the report's push and email go to them, or to
 * everyone who chose report notifications when the list is empty. A schedule a user's removal
 * left with no one is paused with a note saying so (pausedNote), until it is next edited.
 *
 * Each change to a schedule is one transaction with its audit row.
 */

export type ScheduleRoutesOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  /** Whether X-Forwarded-For names the client (TRUST_PROXY), for the audit row's address. */
  trustProxy: boolean;
};

type FullScheduleRow = ScheduleRow & {
  kind: 'usage';
  recipient_ids: number[];
  enabled: boolean;
  /** Why a removal paused it (server/schedules/leave-schedules.ts); cleared by any edit. */
  paused_note: string | null;
};

const SCHEDULE_SELECT = `
  SELECT id, kind, cadence, weekday, day_of_month, minute_of_day, recipient_ids, enabled,
         paused_note, (extract(epoch FROM next_run_at) * 1000)::float8 AS next_run_ms
    FROM report_schedules`;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The community's active users by id: the names a schedule's recipients are shown with. */
async function activeUsers(db: Queryable, communityId: number) {
  const rows = await db.query<{ id: number; name: string; role: Role }>(
    `SELECT id, name, role FROM users
      WHERE community_id = $1 AND removed_at IS NULL ORDER BY name, id`,
    [communityId],
  );
  return rows;
}

const toSchedule = (row: FullScheduleRow, users: ReadonlyMap<number, string>): ReportSchedule => ({
  id: row.id,
  kind: row.kind,
  cadence: row.cadence,
  weekday: row.weekday,
  dayOfMonth: row.day_of_month,
  timeOfDay: hhmm(row.minute_of_day),
  recipients: row.recipient_ids.flatMap((id) => {
    const name = users.get(id);
    return name === undefined ? [] : [{ id, name }];
  }),
  enabled: row.enabled,
  pausedNote: row.paused_note,
  nextRunAt: new Date(row.next_run_ms).toISOString(),
});

/** The stored columns of a complete schedule input: weekday for weekly, day for monthly. */
/** Report schedules a community may have: every weekday and a few monthly ones, with room. */
export const MAX_REPORT_SCHEDULES = 20;

function columnsOf(input: ReportScheduleInput) {
  if (input.cadence === 'weekly' && input.weekday === undefined) {
    throw new HttpError(400, 'weekday: required for a weekly schedule (0 = Sunday … 6)');
  }
  if (input.cadence === 'monthly' && input.dayOfMonth === undefined) {
    throw new HttpError(400, 'dayOfMonth: required for a monthly schedule (1-28)');
  }
  return {
    kind: input.kind,
    cadence: input.cadence,
    weekday: input.cadence === 'weekly' ? (input.weekday ?? null) : null,
    day_of_month: input.cadence === 'monthly' ? (input.dayOfMonth ?? null) : null,
    minute_of_day: minuteOf(input.timeOfDay),
    recipient_ids: [...new Set(input.recipients ?? [])].sort((a, b) => a - b),
    enabled: input.enabled ?? true,
  };
}

type ArchiveRow = {
  id: number;
  schedule_id: number | null;
  kind: 'usage';
  title: string;
  period_from: string;
  period_to: string;
  built_at: string;
  summary: BuiltReport['summary'];
};

/**
 * The names of the users `ids` by id, removed ones too (a schedule's stored recipients may be):
 * an audit entry names its recipients as they were then.
 */
async function userNames(db: Queryable, communityId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, COALESCE(NULLIF(name, ''), email) AS name FROM users
      WHERE community_id = $1 AND id = ANY($2::int[])`,
    [communityId, [...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * What the audit log keeps of a schedule: its settings, recipients as ids and, in the same order,
 * by name (null for an id that is no user), so the entry says who without looking ids up.
 */
const auditedSchedule = (row: FullScheduleRow, names: ReadonlyMap<number, string>) => ({
  kind: row.kind,
  cadence: row.cadence,
  weekday: row.weekday,
  dayOfMonth: row.day_of_month,
  timeOfDay: hhmm(row.minute_of_day),
  recipients: row.recipient_ids,
  recipientNames: row.recipient_ids.map((id) => names.get(id) ?? null),
  enabled: row.enabled,
  // Only while there is one, so the log shows a PATCH clearing it.
  ...(row.paused_note === null ? {} : { pausedNote: row.paused_note }),
});

export function scheduleRoutes({
  db,
  community,
  clock,
  kit,
  trustProxy,
}: ScheduleRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const schedules = ALERTS_API_PATHS.reportSchedules.replace(/^\/api/, '');
  const archive = ALERTS_API_PATHS.reportArchive.replace(/^\/api/, '');
  const recipientsPath = REPORT_RECIPIENTS_PATH.replace(/^\/api/, '');
  routes.use(schedules, settingsBodyLimit(kit));
  routes.use(`${schedules}/*`, settingsBodyLimit(kit));
  routes.use(archive, settingsBodyLimit(kit));
  routes.use(`${archive}/*`, settingsBodyLimit(kit));

  const loadSchedule = async (tx: Queryable, id: number, lock = false) => {
    const [row] = await tx.query<FullScheduleRow>(
      `${SCHEDULE_SELECT} WHERE community_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [community.id, id],
    );
    if (!row) throw new HttpError(404, `No report schedule ${id}`);
    return row;
  };
  /** The community's active users, after checking every id given is one of them (else 400). */
  const recipientsExist = async (tx: Queryable, ids: readonly number[]) => {
    const users = await activeUsers(tx, community.id);
    const known = new Map(users.map((u) => [u.id, u.name]));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new HttpError(400, `recipients: no user ${unknown.join(', ')} in this community`);
    }
    return known;
  };
  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);
  /**
   * Refuses a schedule the same as another (kind, cadence, day and time): it would build and
   * send every report twice. A lock per community makes creates and edits take turns, so two
   * requests at once cannot both pass; a new one past MAX_REPORT_SCHEDULES is refused too.
   */
  const refuseDuplicate = async (
    tx: Queryable,
    columns: ReturnType<typeof columnsOf>,
    except: number | null,
  ) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('report-schedules:' || $1))`, [
      community.id,
    ]);
    const [same] = await tx.query<{ id: number }>(
      `SELECT id FROM report_schedules
        WHERE community_id = $1 AND kind = $2 AND cadence = $3
          AND weekday IS NOT DISTINCT FROM $4 AND day_of_month IS NOT DISTINCT FROM $5
          AND minute_of_day = $6 AND id <> $7
        ORDER BY id LIMIT 1`,
      [
        community.id,
        columns.kind,
        columns.cadence,
        columns.weekday,
        columns.day_of_month,
        columns.minute_of_day,
        except ?? 0,
      ],
    );
    if (same) {
      throw new HttpError(
        409,
        // Named by what the list shows (the report and its time), not by an id no screen shows.
        'This report is already scheduled at that time. Add recipients to that schedule, or choose another day or time.',
      );
    }
    if (except !== null) return;
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_schedules WHERE community_id = $1`,
      [community.id],
    );
    if ((total?.n ?? 0) >= MAX_REPORT_SCHEDULES) {
      throw new HttpError(
        409,
        `A community has at most ${MAX_REPORT_SCHEDULES} report schedules; delete one first.`,
      );
    }
  };
  const firstRun = (columns: ReturnType<typeof columnsOf>) =>
    new Date(nextDueAfter(cadenceOf(columns), clock(), community.timeZone)).toISOString();

  routes.get(schedules, async () => {
    const rows = await db.query<FullScheduleRow>(
      `${SCHEDULE_SELECT} WHERE community_id = $1 ORDER BY id`,
      [community.id],
    );
    const users = new Map((await activeUsers(db, community.id)).map((u) => [u.id, u.name]));
    return kit.json(
      200,
      rows.map((row) => toSchedule(row, users)),
    );
  });

  routes.get(recipientsPath, async () => {
    const users = await activeUsers(db, community.id);
    const list: ReportRecipient[] = users.map(({ id, name, role }) => ({ id, name, role }));
    return kit.json(200, list);
  });

  routes.post(schedules, async (c) => {
    const columns = columnsOf(await readJson(c, ReportScheduleInputSchema));
    const { row, users } = await db.transaction(async (tx) => {
      // The time zone its first run is reckoned in, as another process may just have changed it.
      await currentSettings(tx, community);
      await refuseDuplicate(tx, columns, null);
      const users = await recipientsExist(tx, columns.recipient_ids);
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO report_schedules (community_id, kind, cadence, weekday, day_of_month,
                                       minute_of_day, recipient_ids, enabled, next_run_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::int[], $8, $9) RETURNING id`,
        [
          community.id,
          columns.kind,
          columns.cadence,
          columns.weekday,
          columns.day_of_month,
          columns.minute_of_day,
          columns.recipient_ids,
          columns.enabled,
          firstRun(columns),
        ],
      );
      if (!created) throw new Error('The schedule was not created');
      const row = await loadSchedule(tx, created.id);
      await audit(
        tx,
        {
          ...who(c),
          action: 'report-schedule.create',
          target: String(row.id),
          after: auditedSchedule(row, await userNames(tx, community.id, row.recipient_ids)),
        },
        clock(),
      );
      return { row, users };
    });
    return kit.json(201, toSchedule(row, users));
  });

  routes.patch(`${schedules}/:id`, async (c) => {
    const id = pathId(c, 'report schedule');
    const patch = await readJson(c, ReportSchedulePatchSchema);
    const { row, users } = await db.transaction(async (tx) => {
      await currentSettings(tx, community);
      const current = await loadSchedule(tx, id, true);
      const cadence = patch.cadence ?? current.cadence;
      const columns = columnsOf({
        kind: patch.kind ?? current.kind,
        cadence,
        // A change of cadence needs its own day; otherwise the stored one carries over.
        weekday:
          patch.weekday ??
          (cadence === current.cadence ? (current.weekday ?? undefined) : undefined),
        dayOfMonth:
          patch.dayOfMonth ??
          (cadence === current.cadence ? (current.day_of_month ?? undefined) : undefined),
        timeOfDay: patch.timeOfDay ?? hhmm(current.minute_of_day),
        recipients: patch.recipients ?? current.recipient_ids,
        enabled: patch.enabled ?? current.enabled,
      });
      await refuseDuplicate(tx, columns, id);
      const timing =
        columns.cadence !== current.cadence ||
        columns.weekday !== current.weekday ||
        columns.day_of_month !== current.day_of_month ||
        columns.minute_of_day !== current.minute_of_day;
      // Any edit clears a removal's note: whoever saved it has seen the form, which says what
      // an empty list means, so the note must not linger over the choice they made.
      await tx.query(
        `UPDATE report_schedules SET kind = $2, cadence = $3, weekday = $4, day_of_month = $5,
                minute_of_day = $6, recipient_ids = $7::int[], enabled = $8, next_run_at = $9,
                paused_note = NULL
          WHERE id = $1`,
        [
          id,
          columns.kind,
          columns.cadence,
          columns.weekday,
          columns.day_of_month,
          columns.minute_of_day,
          columns.recipient_ids,
          columns.enabled,
          timing ? firstRun(columns) : new Date(current.next_run_ms).toISOString(),
        ],
      );
      // Recipients removed since stay stored but unnamed; only new ones must be users now.
      const added = columns.recipient_ids.filter((r) => !current.recipient_ids.includes(r));
      const users = await recipientsExist(tx, added);
      const row = await loadSchedule(tx, id);
      const names = await userNames(tx, community.id, [
        ...current.recipient_ids,
        ...row.recipient_ids,
      ]);
      await audit(
        tx,
        {
          ...who(c),
          action: 'report-schedule.update',
          target: String(id),
          before: auditedSchedule(current, names),
          after: auditedSchedule(row, names),
        },
        clock(),
      );
      return { row, users };
    });
    return kit.json(200, toSchedule(row, users));
  });

  routes.delete(`${schedules}/:id`, async (c) => {
    const id = pathId(c, 'report schedule');
    await db.transaction(async (tx) => {
      const current = await loadSchedule(tx, id, true);
      // Its archived reports stay (schedule_id becomes null).
      await tx.query(`DELETE FROM report_schedules WHERE community_id = $1 AND id = $2`, [
        community.id,
        id,
      ]);
      await audit(
        tx,
        {
          ...who(c),
          action: 'report-schedule.delete',
          target: String(id),
          before: auditedSchedule(
            current,
            await userNames(tx, community.id, current.recipient_ids),
          ),
        },
        clock(),
      );
    });
    return kit.reply(204, null, {});
  });

  routes.get(archive, async () => {
    const rows = await db.query<ArchiveRow>(
      `SELECT id, schedule_id, kind, title, period_from::text AS period_from,
              period_to::text AS period_to,
              to_char(built_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS built_at,
              summary
         FROM report_archive WHERE community_id = $1 ORDER BY built_at DESC, id DESC LIMIT 200`,
      [community.id],
    );
    const list: ReportArchiveEntry[] = rows.map((row) => ({
      id: row.id,
      scheduleId: row.schedule_id,
      kind: row.kind,
      title: row.title,
      periodFrom: row.period_from,
      periodTo: row.period_to,
      builtAt: row.built_at,
      summary: row.summary,
    }));
    return kit.json(200, list);
  });

  routes.get(`${archive}/:id`, async (c) => {
    const id = pathId(c, 'archived report');
    const [row] = await db.query<{
      csv: string;
      kind: string;
      period_from: string;
      period_to: string;
    }>(
      `SELECT csv, kind, period_from::text AS period_from, period_to::text AS period_to
         FROM report_archive WHERE community_id = $1 AND id = $2`,
      [community.id, id],
    );
    if (!row) throw new HttpError(404, `No archived report ${id}`);
    const filename = `${row.kind}-${row.period_from}-to-${row.period_to}.csv`;
    return kit.reply(200, row.csv, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  return routes;
}
