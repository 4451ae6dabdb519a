import { Hono, type Context } from 'hono';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { auditActor } from '../auth/request';
import {
  ALERT_RULE_DEFAULTS,
  ALERTS_API_PATHS,
  AlertInboxQuerySchema,
  AlertRuleInputSchema,
  AlertRulePatchSchema,
  defaultRearmBelow,
  type Alert,
  type AlertKind,
  type AlertRule,
} from '../../src/api/contract';
import type { Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../errors';
import { parseQuery, type ResponseKit } from '../http';
import { ALERT_KIND_LABELS, formatAlertValue } from '../../src/lib/alert-labels';
import type { Clock } from '../time';
import { ensureDefaultRules } from './evaluate';
import { pathId, readJson, settingsBodyLimit } from './json-body';
import { checkRuleLevels, type RuleLevels } from './rule-bounds';

/**
 * Alert rules and the alert inbox (roles in server/auth/access.ts):
 *
 *   GET    /api/alert-rules          Admin, Manager
 *   POST   /api/alert-rules          Admin, Manager
 *   PATCH  /api/alert-rules/:id      Admin, Manager
 *   DELETE /api/alert-rules/:id      Admin, Manager
 *   GET    /api/alerts               Admin, Manager, Board
 *   POST   /api/alerts/:id/read      Admin, Manager, Board
 *
 * Each change to a rule is one transaction with its audit row. A rule of an archived amenity is
 * listed (marked, with the amenity's name) because it is still stored, but it never fires, so it
 * can only be deleted. A rule identical to another (amenity, kind, threshold) is a 409.
 *
 * Alerts are the community's; what has been read is each user's own. The anonymous demo viewer
 * shares one read state, INBOX_RECIPIENT.
 */
export const INBOX_RECIPIENT = 'community';

function recipientOf(c: Context<AuthEnv>): string {
  const user = c.get('principal')?.user;
  return user ? `user:${user.id}` : INBOX_RECIPIENT;
}

export type AlertRoutesOptions = {
  db: Database;
  community: Community;
  kit: ResponseKit;
  /** The audit row's time (tests move it). */
  clock: Clock;
  /** Whether X-Forwarded-For names the client (TRUST_PROXY), for the audit row's address. */
  trustProxy: boolean;
};

type RuleRow = {
  id: number;
  amenity_id: number;
  kind: AlertKind;
  threshold: number;
  rearm_below: number;
  cooldown_minutes: number;
  enabled: boolean;
  phase: 'armed' | 'firing';
  last_fired_at: string | null;
  amenity_slug: string;
  amenity_name: string;
  amenity_archived: boolean;
};

// The amenity comes from the table, not the in-memory list of live ones: an archived amenity's
// rule keeps its real slug and name.
const RULE_SELECT = `
  SELECT r.id, r.amenity_id, r.kind, r.threshold::float8 AS threshold,
         r.rearm_below::float8 AS rearm_below, r.cooldown_minutes, r.enabled,
         COALESCE(s.phase, 'armed') AS phase,
         to_char(s.last_fired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_fired_at,
         a.slug AS amenity_slug, a.name AS amenity_name, a.archived_at IS NOT NULL AS amenity_archived
    FROM alert_rules r
    JOIN amenities a ON a.community_id = r.community_id AND a.id = r.amenity_id
    LEFT JOIN alert_state s ON s.rule_id = r.id`;

type AlertRow = {
  id: number;
  rule_id: number | null;
  amenity_id: number;
  kind: AlertKind;
  message: string;
  value: number;
  observed_at: string;
  created_at: string;
  read: boolean;
};

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What the audit log keeps of a rule: its settings, not its firing state, and the amenity's name
 * as it was, so the entry says which rule it was (src/lib/audit-diff.ts) without the amenity.
 */
const auditedRule = (rule: AlertRule) => ({
  amenityId: rule.amenityId,
  amenityName: rule.amenityName,
  kind: rule.kind,
  threshold: rule.threshold,
  rearmBelow: rule.rearmBelow,
  cooldownMinutes: rule.cooldownMinutes,
  enabled: rule.enabled,
});

export function alertRoutes({
  db,
  community,
  kit,
  clock,
  trustProxy,
}: AlertRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const rules = ALERTS_API_PATHS.alertRules.replace(/^\/api/, '');
  const alerts = ALERTS_API_PATHS.alerts.replace(/^\/api/, '');
  routes.use(rules, settingsBodyLimit(kit));
  routes.use(`${rules}/*`, settingsBodyLimit(kit));
  routes.use(alerts, settingsBodyLimit(kit));
  routes.use(`${alerts}/*`, settingsBodyLimit(kit));

  // Alerts of an archived amenity stay in the inbox: name them by the amenity, not its number.
  const amenityOf = (amenityId: number) =>
    community.amenities.find((a) => a.id === amenityId) ??
    community.archivedAmenities.find((a) => a.id === amenityId);
  const slugOf = (amenityId: number) => amenityOf(amenityId)?.slug ?? String(amenityId);
  const toRule = (row: RuleRow): AlertRule => ({
    id: row.id,
    amenityId: row.amenity_slug,
    amenityName: row.amenity_name,
    amenityArchived: row.amenity_archived,
    kind: row.kind,
    threshold: row.threshold,
    rearmBelow: row.rearm_below,
    cooldownMinutes: row.cooldown_minutes,
    enabled: row.enabled,
    phase: row.phase,
    lastFiredAt: row.last_fired_at,
  });
  const loadRule = async (tx: Queryable, id: number, lock = false) => {
    const [row] = await tx.query<RuleRow>(
      `${RULE_SELECT} WHERE r.community_id = $1 AND r.id = $2${lock ? ' FOR UPDATE OF r' : ''}`,
      [community.id, id],
    );
    if (!row) throw new HttpError(404, `No alert rule ${id}`);
    return row;
  };
  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);
  /**
   * The rule in words a manager recognises from the list (its Edit button's name):
   * "Occupancy at 90% of capacity". Its amenity, kind and threshold tell it from every other
   * rule of the amenity; its number is the database's, which no one sees.
   */
  const ruleName = (row: RuleRow) =>
    `${ALERT_KIND_LABELS[row.kind]} at ${formatAlertValue(row.kind, row.threshold)}`;
  /**
   * Refuses a second rule with the same amenity, kind and threshold: it would send every alert
   * twice. Callers hold the amenity's row lock, so two requests cannot both pass.
   */
  const refuseDuplicate = async (
    tx: Queryable,
    rule: { amenityId: number; kind: AlertKind; threshold: number; except?: number },
  ) => {
    const [same] = await tx.query<RuleRow>(
      `${RULE_SELECT} WHERE r.community_id = $1 AND r.amenity_id = $2 AND r.kind = $3
          AND r.threshold = $4 AND r.id <> $5 ORDER BY r.id LIMIT 1`,
      [community.id, rule.amenityId, rule.kind, rule.threshold, rule.except ?? 0],
    );
    if (same) {
      throw new HttpError(
        409,
        `${same.amenity_name} already has this rule: ${ruleName(same)}. Edit that rule, or choose another threshold.`,
      );
    }
  };
  /** Locks the amenity's row: archiving and rule changes of one amenity take turns. */
  /**
   * A rule new or switched back on judges the readings that arrive from now on: those already
   * stored count as judged, so it never fires on a reading from before it stood (it used to judge
   * the past hour's at the next batch).
   */
  const judgeFromNow = (tx: Queryable, ruleId: number, amenityId: number) =>
    tx.query(
      `UPDATE alert_state SET evaluated_through = (
         SELECT time FROM readings WHERE community_id = $2 AND amenity_id = $3
          ORDER BY time DESC LIMIT 1)
        WHERE rule_id = $1`,
      [ruleId, community.id, amenityId],
    );

  const lockAmenity = async (tx: Queryable, where: { slug: string } | { id: number }) => {
    const [row] = await tx.query<{ id: number; name: string; archived: boolean }>(
      `SELECT id, name, archived_at IS NOT NULL AS archived FROM amenities
        WHERE community_id = $1 AND ${'slug' in where ? 'slug' : 'id'} = $2 FOR UPDATE`,
      [community.id, 'slug' in where ? where.slug : where.id],
    );
    return row ?? null;
  };
  const checked = (kind: AlertKind, levels: RuleLevels) => {
    const problem = checkRuleLevels(kind, levels);
    if (problem) throw new HttpError(400, problem);
    return levels;
  };

  routes.get(rules, async () => {
    await ensureDefaultRules(db, community);
    const rows = await db.query<RuleRow>(
      `${RULE_SELECT} WHERE r.community_id = $1 ORDER BY r.amenity_id, r.id`,
      [community.id],
    );
    return kit.json(200, rows.map(toRule));
  });

  routes.post(rules, async (c) => {
    const input = await readJson(c, AlertRuleInputSchema);
    const defaults = ALERT_RULE_DEFAULTS[input.kind];
    const threshold = input.threshold ?? defaults.threshold;
    const levels = checked(input.kind, {
      threshold,
      rearmBelow: input.rearmBelow ?? defaultRearmBelow(input.kind, threshold),
      cooldownMinutes: input.cooldownMinutes ?? defaults.cooldownMinutes,
    });
    const rule = await db.transaction(async (tx) => {
      const amenity = await lockAmenity(tx, { slug: input.amenityId });
      if (!amenity) throw new HttpError(400, `amenityId: unknown amenity "${input.amenityId}"`);
      if (amenity.archived) {
        throw new HttpError(409, `${amenity.name} is archived: a rule for it would never fire`);
      }
      // Creating a rule before the defaults would otherwise add the default beside it later.
      await ensureDefaultRules(tx, community);
      await refuseDuplicate(tx, {
        amenityId: amenity.id,
        kind: input.kind,
        threshold: levels.threshold,
      });
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO alert_rules (community_id, amenity_id, kind, threshold, rearm_below,
                                  cooldown_minutes, enabled)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          community.id,
          amenity.id,
          input.kind,
          levels.threshold,
          levels.rearmBelow,
          levels.cooldownMinutes,
          input.enabled ?? true,
        ],
      );
      if (!row) throw new Error('The rule was not created');
      await tx.query(`INSERT INTO alert_state (rule_id) VALUES ($1)`, [row.id]);
      await judgeFromNow(tx, row.id, amenity.id);
      const created = toRule(await loadRule(tx, row.id));
      await audit(
        tx,
        {
          ...who(c),
          action: 'alert-rule.create',
          target: String(created.id),
          after: auditedRule(created),
        },
        clock(),
      );
      return created;
    });
    return kit.json(201, rule);
  });

  routes.patch(`${rules}/:id`, async (c) => {
    const id = pathId(c, 'alert rule');
    const patch = await readJson(c, AlertRulePatchSchema);
    const rule = await db.transaction(async (tx) => {
      const found = await loadRule(tx, id);
      // The amenity first, then the rule: the same order as POST, so two requests never deadlock.
      const amenity = await lockAmenity(tx, { id: found.amenity_id });
      const current = await loadRule(tx, id, true);
      if (amenity?.archived) {
        throw new HttpError(
          409,
          `${current.amenity_name} is archived: its rules never fire and cannot be changed; delete the rule instead`,
        );
      }
      const levels = checked(current.kind, {
        threshold: patch.threshold ?? current.threshold,
        rearmBelow: patch.rearmBelow ?? current.rearm_below,
        cooldownMinutes: patch.cooldownMinutes ?? current.cooldown_minutes,
      });
      await refuseDuplicate(tx, {
        amenityId: current.amenity_id,
        kind: current.kind,
        threshold: levels.threshold,
        except: id,
      });
      await tx.query(
        `UPDATE alert_rules SET threshold = $2, rearm_below = $3, cooldown_minutes = $4,
                enabled = $5 WHERE id = $1`,
        [
          id,
          levels.threshold,
          levels.rearmBelow,
          levels.cooldownMinutes,
          patch.enabled ?? current.enabled,
        ],
      );
      if (patch.enabled === true && !current.enabled)
        await judgeFromNow(tx, id, current.amenity_id);
      const after = toRule(await loadRule(tx, id));
      await audit(
        tx,
        {
          ...who(c),
          action: 'alert-rule.update',
          target: String(id),
          before: auditedRule(toRule(current)),
          after: auditedRule(after),
        },
        clock(),
      );
      return after;
    });
    return kit.json(200, rule);
  });

  routes.delete(`${rules}/:id`, async (c) => {
    const id = pathId(c, 'alert rule');
    await db.transaction(async (tx) => {
      const current = await loadRule(tx, id, true);
      await tx.query(`DELETE FROM alert_rules WHERE community_id = $1 AND id = $2`, [
        community.id,
        id,
      ]);
      await audit(
        tx,
        {
          ...who(c),
          action: 'alert-rule.delete',
          target: String(id),
          before: auditedRule(toRule(current)),
        },
        clock(),
      );
    });
    return kit.reply(204, null, {});
  });

  const unreadCount = async (tx: Queryable, recipient: string) => {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts a
        WHERE a.community_id = $1
          AND NOT EXISTS (SELECT 1 FROM alert_reads r WHERE r.alert_id = a.id AND r.recipient = $2)`,
      [community.id, recipient],
    );
    return row?.n ?? 0;
  };

  routes.get(alerts, async (c) => {
    const { limit } = parseQuery(AlertInboxQuerySchema, c);
    const recipient = recipientOf(c);
    const rows = await db.query<AlertRow>(
      `SELECT a.id, a.rule_id, a.amenity_id, a.kind, a.message, a.value::float8 AS value,
              ${iso('a.observed_at')} AS observed_at, ${iso('a.created_at')} AS created_at,
              EXISTS (SELECT 1 FROM alert_reads r WHERE r.alert_id = a.id AND r.recipient = $2)
                AS read
         FROM alerts a WHERE a.community_id = $1
        ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
      [community.id, recipient, limit],
    );
    const delivered = await db.query<{
      alert_id: number;
      channel: string;
      sent: number;
      pending: number;
      failed: number;
    }>(
      `SELECT alert_id, channel, count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM deliveries WHERE alert_id = ANY($1::int[])
        GROUP BY alert_id, channel ORDER BY alert_id, channel`,
      [rows.map((row) => row.id)],
    );
    const list: Alert[] = rows.map((row) => ({
      id: row.id,
      ruleId: row.rule_id,
      amenityId: slugOf(row.amenity_id),
      amenityName: amenityOf(row.amenity_id)?.name ?? slugOf(row.amenity_id),
      kind: row.kind,
      message: row.message,
      value: row.value,
      observedAt: row.observed_at,
      createdAt: row.created_at,
      read: row.read,
      deliveries: delivered
        .filter((d) => d.alert_id === row.id)
        .map(({ channel, sent, pending, failed }) => ({ channel, sent, pending, failed })),
    }));
    return kit.json(200, { alerts: list, unread: await unreadCount(db, recipient) });
  });

  routes.post(`${alerts}/:id/read`, async (c) => {
    const id = pathId(c, 'alert');
    const recipient = recipientOf(c);
    const unread = await db.transaction(async (tx) => {
      const found = await tx.query(`SELECT 1 FROM alerts WHERE community_id = $1 AND id = $2`, [
        community.id,
        id,
      ]);
      if (found.length === 0) throw new HttpError(404, `No alert ${id}`);
      // Marking twice is harmless: the first read time stays.
      await tx.query(
        `INSERT INTO alert_reads (alert_id, recipient) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [id, recipient],
      );
      return unreadCount(tx, recipient);
    });
    return kit.json(200, { id, read: true, unread });
  });

  return routes;
}
