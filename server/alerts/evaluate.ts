import type { AlertKind, Reading } from '../../src/api/contract';
import type { Amenity, Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { closureOn } from '../../src/lib/amenity-closures';
import { HOUR, localDate, localParts, shiftLocalDays, startOfHour } from '../time';
import { stepAlert, type AlertState } from './hysteresis';
import {
  afterHoursLevel,
  dayHoursAt,
  INTERVAL_SAMPLE,
  median,
  occupancyLevel,
  reportingInterval,
  silentLevel,
  UNUSUAL_HISTORY_WEEKS,
  unusualLevel,
} from './levels';
import { alertMessage, type AlertFacts } from './messages';
import type { DeliveryService } from '../delivery/worker';
import { ALERT_RULE_DEFAULTS } from '../../src/api/contract';

/**
 * Alert evaluation on the server, as readings arrive (after the ingest transaction commits) and,
 * for silent sensors, on the scheduler's tick. Each rule is judged in its own transaction that
 * first locks the rule's alert_state row (SELECT … FOR UPDATE): two servers judging the same
 * readings take turns, the second sees the first one's state and which readings it already
 * judged, so an alert is created once. The unique (rule_id, observed_at) key is a second guard.
 */

/** The default rule every amenity gets once: occupancy at 90% of capacity, re-armed below 80%. */
const DEFAULT_RULE = { kind: 'occupancy', ...ALERT_RULE_DEFAULTS.occupancy } as const;

/** Readings older than this when they arrive (a backfill, a simulator catching up) update no alert. */
export const STALE_AFTER_MS = HOUR;

type RuleRow = {
  id: number;
  amenity_id: number;
  kind: AlertKind;
  threshold: number;
  rearm_below: number;
  cooldown_minutes: number;
};
type StateRow = {
  phase: AlertState['phase'];
  last_fired_ms: number | null;
  through_ms: number | null;
};

/** Creates each amenity's default rule the first time (a deleted default stays deleted). */
export async function ensureDefaultRules(db: Queryable, community: Community): Promise<void> {
  await db.query(
    `WITH fresh AS (
       INSERT INTO alert_rule_defaults (community_id, amenity_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING RETURNING amenity_id
     ), rules AS (
       INSERT INTO alert_rules (community_id, amenity_id, kind, threshold, rearm_below, cooldown_minutes)
       SELECT $1, amenity_id, $3, $4, $5, $6 FROM fresh RETURNING id
     )
     INSERT INTO alert_state (rule_id) SELECT id FROM rules`,
    [
      community.id,
      community.amenities.map((a) => a.id),
      DEFAULT_RULE.kind,
      DEFAULT_RULE.threshold,
      DEFAULT_RULE.rearmBelow,
      DEFAULT_RULE.cooldownMinutes,
    ],
  );
}

const RULE_COLUMNS = `r.id, r.amenity_id, r.kind, r.threshold::float8 AS threshold,
  r.rearm_below::float8 AS rearm_below, r.cooldown_minutes`;

async function lockState(tx: Queryable, ruleId: number): Promise<StateRow | null> {
  const [row] = await tx.query<StateRow>(
    `SELECT phase, (extract(epoch FROM last_fired_at) * 1000)::float8 AS last_fired_ms,
            (extract(epoch FROM evaluated_through) * 1000)::float8 AS through_ms
       FROM alert_state WHERE rule_id = $1 FOR UPDATE`,
    [ruleId],
  );
  return row ?? null;
}

type NewAlert = {
  rule: RuleRow;
  amenity: Amenity;
  facts: AlertFacts;
  value: number;
  at: number;
};

/**
 * Stores the alerts (a repeat of one already stored is ignored) and queues their deliveries in
 * the same transaction. Returns the deliveries queued.
 */
async function insertAlerts(
  tx: Queryable,
  community: Community,
  alerts: readonly NewAlert[],
  delivery: DeliveryService | undefined,
  now: number,
): Promise<number> {
  if (alerts.length === 0) return 0;
  const created = await tx.query<{ id: number; amenity_id: number; message: string }>(
    `INSERT INTO alerts (community_id, rule_id, amenity_id, kind, message, value, observed_at)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::float8[],
                              $7::timestamptz[])
     ON CONFLICT (rule_id, observed_at) DO NOTHING RETURNING id, amenity_id, message`,
    [
      community.id,
      alerts.map((a) => a.rule.id),
      alerts.map((a) => a.amenity.id),
      alerts.map((a) => a.rule.kind),
      alerts.map((a) => alertMessage(a.amenity.name, a.facts)),
      alerts.map((a) => a.value),
      alerts.map((a) => new Date(a.at).toISOString()),
    ],
  );
  if (!delivery) return 0;
  let queued = 0;
  for (const alert of created) {
    const amenity = community.amenities.find((a) => a.id === alert.amenity_id);
    if (!amenity) continue;
    queued += await delivery.enqueue(
      tx,
      {
        kind: 'alert',
        alertId: alert.id,
        amenitySlug: amenity.slug,
        amenityName: amenity.name,
        message: alert.message,
        at: now,
      },
      now,
    );
  }
  return queued;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function saveStates(
  tx: Queryable,
  states: readonly { ruleId: number; state: AlertState; through: number | null }[],
) {
  if (states.length === 0) return;
  await tx.query(
    `UPDATE alert_state s
        SET phase = u.phase, last_fired_at = u.last_fired_at, evaluated_through = u.through
       FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::timestamptz[])
            AS u (rule_id, phase, last_fired_at, through)
      WHERE s.rule_id = u.rule_id`,
    [
      states.map((s) => s.ruleId),
      states.map((s) => s.state.phase),
      states.map((s) => isoOrNull(s.state.lastFiredAt)),
      states.map((s) => isoOrNull(s.through)),
    ],
  );
}

/** The hours of the same local weekday and hour in each of the last weeks (DST-safe). */
function usualHours(at: number, timeZone: string): number[] {
  return Array.from({ length: UNUSUAL_HISTORY_WEEKS }, (_, i) =>
    startOfHour(shiftLocalDays(at, -7 * (i + 1), timeZone)),
  );
}

type ReadingRow = { amenity_id: number; ms: number; occupancy: number };
type RuleWithState = RuleRow & StateRow;

/**
 * Judges every enabled rule of these amenities against the readings it has not judged yet, in
 * one transaction that locks the rules' alert_state rows in rule order (so two servers cannot
 * deadlock): a batch costs a handful of statements, however many rules there are. Returns the
 * alerts created.
 */
export async function evaluateReadings(
  db: Database,
  community: Community,
  amenityIds: readonly number[],
  now: number,
  delivery?: DeliveryService,
): Promise<number> {
  if (amenityIds.length === 0) return 0;
  await ensureDefaultRules(db, community);
  const ids = [...new Set(amenityIds)];
  let queued = 0;
  const fired = await db.transaction(async (tx) => {
    const rules = await tx.query<RuleWithState>(
      `SELECT ${RULE_COLUMNS}, s.phase,
              (extract(epoch FROM s.last_fired_at) * 1000)::float8 AS last_fired_ms,
              (extract(epoch FROM s.evaluated_through) * 1000)::float8 AS through_ms
         FROM alert_rules r JOIN alert_state s ON s.rule_id = r.id
        WHERE r.community_id = $1 AND r.amenity_id = ANY($2::int[]) AND r.enabled
        ORDER BY r.id FOR UPDATE OF s`,
      [community.id, ids],
    );
    if (rules.length === 0) return 0;
    const sinceOf = (rule: RuleWithState) =>
      Math.max(rule.through_ms ?? Number.NEGATIVE_INFINITY, now - STALE_AFTER_MS);
    const since = Math.min(...rules.map(sinceOf));
    const readings = await tx.query<ReadingRow>(
      `SELECT amenity_id, (extract(epoch FROM time) * 1000)::float8 AS ms, occupancy
         FROM readings
        WHERE community_id = $1 AND amenity_id = ANY($2::int[]) AND time > $3
        ORDER BY amenity_id, time LIMIT 20000`,
      [community.id, ids, new Date(since).toISOString()],
    );
    const byAmenity = new Map<number, ReadingRow[]>();
    for (const reading of readings) {
      const list = byAmenity.get(reading.amenity_id) ?? [];
      list.push(reading);
      byAmenity.set(reading.amenity_id, list);
    }

    // The history the unusual-usage rules need, in one query.
    const usualKey = (amenityId: number, hour: number) => `${amenityId}|${hour}`;
    const wanted = new Set<number>();
    for (const rule of rules) {
      if (rule.kind !== 'unusual') continue;
      for (const reading of byAmenity.get(rule.amenity_id) ?? []) {
        if (reading.ms > sinceOf(rule)) {
          for (const hour of usualHours(reading.ms, community.timeZone)) wanted.add(hour);
        }
      }
    }
    const means = new Map<string, number>();
    if (wanted.size > 0) {
      const rows = await tx.query<{ amenity_id: number; hour_ms: number; mean: number }>(
        `SELECT amenity_id, (extract(epoch FROM hour) * 1000)::float8 AS hour_ms,
                occupancy_sum::float8 / readings AS mean
           FROM readings_hourly
          WHERE community_id = $1 AND amenity_id = ANY($2::int[])
            AND hour = ANY($3::timestamptz[]) AND readings > 0`,
        [community.id, ids, [...wanted].map((hour) => new Date(hour).toISOString())],
      );
      for (const row of rows) means.set(usualKey(row.amenity_id, row.hour_ms), row.mean);
    }
    // A week the amenity was closed that day is no one's usual: a winter's empty weeks would make
    // its reopening "far above usual".
    const usualAt = (amenity: Amenity, at: number) =>
      usualHours(at, community.timeZone).flatMap((hour) => {
        const closed =
          amenity.closures?.length &&
          closureOn(amenity.closures, localDate(hour, community.timeZone));
        if (closed) return [];
        const mean = means.get(usualKey(amenity.id, hour));
        return mean === undefined ? [] : [mean];
      });

    const alerts: NewAlert[] = [];
    const states: { ruleId: number; state: AlertState; through: number | null }[] = [];
    for (const rule of rules) {
      const amenity = community.amenities.find((a) => a.id === rule.amenity_id);
      const fresh = (byAmenity.get(rule.amenity_id) ?? []).filter((r) => r.ms > sinceOf(rule));
      if (!amenity || fresh.length === 0) continue;
      let state: AlertState = { phase: rule.phase, lastFiredAt: rule.last_fired_ms };
      for (const reading of fresh) {
        const judged = judge(rule, amenity, community.timeZone, reading, usualAt);
        const step = stepAlert(state, judged.level, levelsOf(rule), reading.ms);
        state = step.state;
        if (step.fire && judged.facts && judged.level !== null) {
          alerts.push({ rule, amenity, facts: judged.facts, value: judged.level, at: reading.ms });
        }
      }
      states.push({ ruleId: rule.id, state, through: fresh.at(-1)?.ms ?? null });
    }
    queued = await insertAlerts(tx, community, alerts, delivery, now);
    await saveStates(tx, states);
    return alerts.length;
  });
  // Committed: send them now rather than at the next scheduler pass.
  if (queued > 0) delivery?.kick();
  return fired;
}

const levelsOf = (rule: RuleRow) => ({
  threshold: rule.threshold,
  rearmBelow: rule.rearm_below,
  cooldownMs: rule.cooldown_minutes * 60_000,
});

/** One reading's level for a rule, and the facts its alert would state. */
function judge(
  rule: RuleRow,
  amenity: Amenity,
  timeZone: string,
  reading: ReadingRow,
  usualAt: (amenity: Amenity, at: number) => number[],
): { level: number | null; facts: AlertFacts | null } {
  switch (rule.kind) {
    case 'occupancy': {
      const level = occupancyLevel(reading.occupancy, amenity.capacity);
      return {
        level,
        facts: {
          kind: 'occupancy',
          occupancy: reading.occupancy,
          capacity: amenity.capacity,
          percent: level,
        },
      };
    }
    case 'after_hours':
      return {
        level: afterHoursLevel(reading.occupancy, reading.ms, amenity, timeZone),
        facts: {
          kind: 'after_hours',
          occupancy: reading.occupancy,
          ...dayHoursAt(amenity, reading.ms, timeZone),
        },
      };
    case 'unusual': {
      const parts = localParts(reading.ms, timeZone);
      // A closure's day is not judged: its emptiness is the closure, and anyone there is the
      // after-hours rule's to tell.
      if (closureOn(amenity.closures, parts.date)) return { level: null, facts: null };
      const usual = usualAt(amenity, reading.ms);
      return {
        level: unusualLevel(reading.occupancy, usual, amenity.capacity),
        facts: {
          kind: 'unusual',
          occupancy: reading.occupancy,
          usual: usual.length > 0 ? median(usual) : 0,
          weekday: parts.weekday,
          hour: Math.floor(parts.minuteOfDay / 60),
        },
      };
    }
    case 'silent':
      // A reading ends any silence: it re-arms the rule (silence fires on the tick).
      return { level: 0, facts: null };
  }
}

/**
 * The silent-sensor check, run on the scheduler's tick: silence is the absence of readings, so
 * it cannot wait for one to arrive.
 */
export async function checkSilentSensors(
  db: Database,
  community: Community,
  now: number,
  delivery?: DeliveryService,
): Promise<number> {
  const rules = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r
      WHERE r.community_id = $1 AND r.kind = 'silent' AND r.enabled ORDER BY r.id`,
    [community.id],
  );
  let fired = 0;
  let queued = 0;
  const today = localDate(now, community.timeZone);
  for (const rule of rules) {
    const amenity = community.amenities.find((a) => a.id === rule.amenity_id);
    if (!amenity) continue;
    // A closed amenity's counter may well be switched off: its silence is not news until the
    // amenity opens again (then, still silent, it fires with the whole silence's length).
    if (closureOn(amenity.closures, today)) continue;
    fired += await db.transaction(async (tx) => {
      const row = await lockState(tx, rule.id);
      if (!row) return 0;
      const recent = await tx.query<{ ms: number }>(
        `SELECT (extract(epoch FROM time) * 1000)::float8 AS ms FROM readings
          WHERE community_id = $1 AND amenity_id = $2 AND time <= $3 ORDER BY time DESC LIMIT $4`,
        [community.id, amenity.id, new Date(now).toISOString(), INTERVAL_SAMPLE + 1],
      );
      const times = recent.map((r) => r.ms);
      const last = times[0] ?? null;
      const interval = reportingInterval(times);
      const level = silentLevel(last, interval, now);
      const step = stepAlert(
        { phase: row.phase, lastFiredAt: row.last_fired_ms },
        level,
        levelsOf(rule),
        now,
      );
      if (step.fire && level !== null && last !== null) {
        const facts: AlertFacts = {
          kind: 'silent',
          minutes: (now - last) / 60_000,
          intervals: level,
        };
        queued += await insertAlerts(
          tx,
          community,
          [{ rule, amenity, facts, value: level, at: now }],
          delivery,
          now,
        );
      }
      await saveStates(tx, [{ ruleId: rule.id, state: step.state, through: row.through_ms }]);
      return step.fire ? 1 : 0;
    });
  }
  if (queued > 0) delivery?.kick();
  return fired;
}

/**
 * What ingest calls once a batch has committed: judges the batch's amenities. An evaluation
 * failure is logged and never fails the ingest (the readings are stored; the next batch or
 * tick judges them, since each rule remembers what it judged).
 */
export async function evaluateAfterIngest(
  db: Database,
  community: Community,
  readings: readonly Reading[],
  now: number,
  log: (message: string) => void,
  delivery?: DeliveryService,
): Promise<void> {
  const slugs = new Set(readings.map((r) => r.amenityId));
  const ids = community.amenities.filter((a) => slugs.has(a.slug)).map((a) => a.id);
  try {
    await evaluateReadings(db, community, ids, now, delivery);
  } catch (error) {
    log(`Alert evaluation failed: ${(error as Error).message}`);
  }
}
