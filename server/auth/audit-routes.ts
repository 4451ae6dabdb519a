import { Hono, type Context } from 'hono';
import {
  AUDIT_EXPORT_MAX,
  AUDIT_EXPORT_PATH,
  AUDIT_PAGE_MAX,
  AUDIT_PATH,
  type AuditEntry,
  type AuditPage,
} from '../../src/api/contract';
import { auditCsv } from '../../src/lib/audit-csv';
import { addDays, isRealDate } from '../../src/lib/calendar-date';
import { csvFilename } from '../../src/lib/download';
import { formatCount } from '../../src/lib/format';
import { zonedTimeToUtc } from '../../src/lib/zoned-time';
import type { Community } from '../community';
import type { Database } from '../db/database';
import { HttpError } from '../errors';
import type { ResponseKit } from '../http';
import type { Clock } from '../time';
import { redactSecrets } from './audit';
import type { AuthEnv } from './middleware';

/**
 * GET /api/audit?limit=&before=&action=&actor=&from=&to= (Admins): the community's audit log,
 * newest first, a page at a time. `before` is the `nextBefore` of the previous page (an entry id),
 * `from` and `to` days (yyyy-mm-dd, both included) of the community's time zone,
 * `action` an exact action ("community.update") or a prefix ending in a dot ("amenity."), or
 * several of them separated by commas (one "Show" choice of the audit page, in one request),
 * `actor` a user id. Secrets never leave: anything under a key that names one is "[hidden]",
 * but for a count or a yes/no (redactSecrets).
 */
export const AUDIT_PAGE_DEFAULT = 50;

type Row = {
  id: string;
  at: string | Date;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
};

const INT4_MAX = 2_147_483_647;
/** Actions (or prefixes) in one `action` filter: the largest "Show" choice has 11. */
const MAX_ACTIONS = 16;

/** A whole number in range from the query string, a default when absent, or a 400. */
function intParam(c: Context, name: string, min: number, max: number): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,16}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new HttpError(400, `${name}: a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

/** A day of the calendar (yyyy-mm-dd) from the query string, undefined when absent, or a 400. */
function dateParam(c: Context, name: string): string | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  if (!isRealDate(raw) || raw < AUDIT_FIRST_DAY || raw > AUDIT_LAST_DAY) {
    throw new HttpError(
      400,
      `${name}: a date such as 2026-11-01, from ${AUDIT_FIRST_DAY} to ${AUDIT_LAST_DAY}`,
    );
  }
  return raw;
}

/** The days a period may name: the log is younger than the first, and the second is far off. */
const AUDIT_FIRST_DAY = '2000-01-01';
const AUDIT_LAST_DAY = '2999-12-31';

const parseJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** What an export was asked for: its period (days, '' for an open end) and its actions. */
type AuditAsked = { from: string; to: string; actions: string[] };

export function auditRoutes(options: {
  db: Database;
  community: Community;
  kit: ResponseKit;
  clock: Clock;
}): Hono<AuthEnv> {
  const { db, community, kit, clock } = options;
  const routes = new Hono<AuthEnv>();

  /**
   * The entries the query string asks for (`action`, `actor`, `from`, `to`, and `before` when
   * `paged`), newest first, at most `limit` + 1 of them (the one more says whether there are more).
   */
  const entriesAsked = async (
    c: Context,
    limit: number,
    paged: boolean,
  ): Promise<{ entries: AuditEntry[]; more: boolean; asked: AuditAsked }> => {
    const before = paged ? intParam(c, 'before', 1, Number.MAX_SAFE_INTEGER) : undefined;
    const actor = intParam(c, 'actor', 1, INT4_MAX);
    const actions = (c.req.query('action') ?? '').split(',').filter(Boolean);
    if (
      actions.length > MAX_ACTIONS ||
      actions.some((action) => !/^[a-z][a-z0-9_.-]{0,63}$/.test(action))
    ) {
      throw new HttpError(
        400,
        `action: up to ${MAX_ACTIONS} action names separated by commas, such as community.update or amenity.`,
      );
    }
    const from = dateParam(c, 'from');
    const to = dateParam(c, 'to');
    if (from !== undefined && to !== undefined && from > to) {
      throw new HttpError(
        400,
        `from: ${from} is after to (${to}); the period runs from one to the other`,
      );
    }
    const params: unknown[] = [community.id, limit + 1];
    const where = ['l.community_id = $1'];
    // Whole days of the community's time zone, as the page shows the entries' times.
    if (from !== undefined) {
      params.push(zonedTimeToUtc(from, '00:00', community.timeZone).toISOString());
      where.push(`l.at >= $${params.length}::timestamptz`);
    }
    if (to !== undefined) {
      params.push(zonedTimeToUtc(addDays(to, 1), '00:00', community.timeZone).toISOString());
      where.push(`l.at < $${params.length}::timestamptz`);
    }
    if (before !== undefined) {
      params.push(String(before));
      where.push(`l.id < $${params.length}::bigint`);
    }
    if (actor !== undefined) {
      params.push(actor);
      where.push(`l.user_id = $${params.length}`);
    }
    if (actions.length > 0) {
      const matches = actions.map((action) => {
        params.push(action);
        const p = `$${params.length}`;
        return action.endsWith('.') ? `left(l.action, length(${p})) = ${p}` : `l.action = ${p}`;
      });
      where.push(`(${matches.join(' OR ')})`);
    }
    const rows = await db.query<Row>(
      `SELECT l.id::text AS id, l.at, l.user_id, u.name AS user_name, u.email AS user_email,
              l.action, l.target, l.before, l.after
         FROM audit_log l LEFT JOIN users u ON u.id = l.user_id
        WHERE ${where.join(' AND ')}
        ORDER BY l.id DESC
        LIMIT $2`,
      params,
    );
    const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      actor:
        row.user_id === null
          ? null
          : { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' },
      action: row.action,
      target: row.target,
      before: redactSecrets(parseJson(row.before)),
      after: redactSecrets(parseJson(row.after)),
    }));
    return {
      entries,
      more: rows.length > limit,
      asked: { from: from ?? '', to: to ?? '', actions },
    };
  };

  routes.get(AUDIT_PATH.replace(/^\/api/, ''), async (c) => {
    const limit = intParam(c, 'limit', 1, AUDIT_PAGE_MAX) ?? AUDIT_PAGE_DEFAULT;
    const { entries, more } = await entriesAsked(c, limit, true);
    const last = entries.at(-1);
    const body: AuditPage = {
      entries,
      nextBefore: more && last ? last.id : null,
    };
    return kit.json(200, body);
  });

  // The same entries as a file: every one asked for, up to AUDIT_EXPORT_MAX (a 400 past it).
  routes.get(AUDIT_EXPORT_PATH.replace(/^\/api/, ''), async (c) => {
    const { entries, more, asked } = await entriesAsked(c, AUDIT_EXPORT_MAX, false);
    if (more) {
      throw new HttpError(
        400,
        `More than ${formatCount(AUDIT_EXPORT_MAX)} entries match: choose a shorter period, or one kind of entry under Show`,
      );
    }
    const now = clock();
    const csv = auditCsv(entries, {
      community: community.name,
      timeZone: community.timeZone,
      currency: community.currency,
      ...asked,
      now,
    });
    const filename = csvFilename(`audit-log-${community.slug}`, now, community.timeZone);
    return kit.reply(200, `\uFEFF${csv}`, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
