import type { AlertKind, Reading } from '../../src/api/contract';
import type { Amenity, Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { HOUR, localParts, shiftLocalDays, startOfHour } from '../time';
import { stepAlert, type AlertState } from './hysteresis';
import {
  afterHoursLevel,
  INTERVAL_SAMPLE,
  median,
  occupancyLevel,
  reportingInterval,
  silentLevel,
  UNUSUAL_HISTORY_WEEKS,
  unusualLevel,
} from './levels';
import { alertMessage, type AlertFacts } from './messages';
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

async function saveState(
  tx: Queryable,
  ruleId: number,
  state: AlertState,
  throughMs: number | null,
) {
  await tx.query(
    `UPDATE alert_state SET phase = $2, last_fired_at = $3, evaluated_through = $4 WHERE rule_id = $1`,
    [
      ruleId,
      state.phase,
      state.lastFiredAt === null ? null : new Date(state.lastFiredAt).toISOString(),
      throughMs === null ? null : new Date(throughMs).toISOString(),
    ],
  );
}

async function insertAlert(
  tx: Queryable,
  community: Community,
  rule: RuleRow,
  amenity: Amenity,
  facts: AlertFacts,
  value: number,
  observedAt: number,
) {
  await tx.query(
    `INSERT INTO alerts (community_id, rule_id, amenity_id, kind, message, value, observed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (rule_id, observed_at) DO NOTHING`,
    [
      community.id,
      rule.id,
      amenity.id,
      rule.kind,
      alertMessage(amenity.name, facts),
      value,
      new Date(observedAt).toISOString(),
    ],
  );
}

/**
 * The mean occupancy of the same local weekday and hour in each of the last weeks that have
 * data (from the hourly rollups), for the unusual-usage rule.
 */
async function usualOccupancy(
  tx: Queryable,
  community: Community,
  amenityId: number,
  at: number,
): Promise<number[]> {
  const hours = Array.from({ length: UNUSUAL_HISTORY_WEEKS }, (_, i) =>
    new Date(startOfHour(shiftLocalDays(at, -7 * (i + 1), community.timeZone))).toISOString(),
  );
  const rows = await tx.query<{ mean: number }>(
    `SELECT occupancy_sum::float8 / readings AS mean FROM readings_hourly
      WHERE community_id = $1 AND amenity_id = $2 AND hour = ANY($3::timestamptz[]) AND readings > 0`,
    [community.id, amenityId, hours],
  );
  return rows.map((row) => row.mean);
}

type ReadingRow = { ms: number; occupancy: number };

/** Judges one rule against the readings it has not judged yet; returns the alerts it created. */
async function judgeReadings(
  db: Database,
  community: Community,
  rule: RuleRow,
  amenity: Amenity,
  now: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockState(tx, rule.id);
    if (!row) return 0;
    const since = Math.max(row.through_ms ?? Number.NEGATIVE_INFINITY, now - STALE_AFTER_MS);
    const readings = await tx.query<ReadingRow>(
      `SELECT (extract(epoch FROM time) * 1000)::float8 AS ms, occupancy FROM readings
        WHERE community_id = $1 AND amenity_id = $2 AND time > $3 ORDER BY time LIMIT 5000`,
      [community.id, amenity.id, new Date(since).toISOString()],
    );
    if (readings.length === 0) return 0;
    let state: AlertState = { phase: row.phase, lastFiredAt: row.last_fired_ms };
    const levels = {
      threshold: rule.threshold,
      rearmBelow: rule.rearm_below,
      cooldownMs: rule.cooldown_minutes * 60_000,
    };
    const history = new Map<number, number[]>();
    let fired = 0;
    for (const reading of readings) {
      let level: number | null;
      let facts: AlertFacts | null = null;
      switch (rule.kind) {
        case 'occupancy':
          level = occupancyLevel(reading.occupancy, amenity.capacity);
          facts = {
            kind: 'occupancy',
            occupancy: reading.occupancy,
            capacity: amenity.capacity,
            percent: level,
          };
          break;
        case 'after_hours':
          level = afterHoursLevel(reading.occupancy, reading.ms, amenity, community.timeZone);
          facts = {
            kind: 'after_hours',
            occupancy: reading.occupancy,
            opensMinute: amenity.opensMinute,
            closesMinute: amenity.closesMinute,
          };
          break;
        case 'unusual': {
          const hour = startOfHour(reading.ms);
          let usual = history.get(hour);
          if (!usual) {
            usual = await usualOccupancy(tx, community, amenity.id, reading.ms);
            history.set(hour, usual);
          }
          level = unusualLevel(reading.occupancy, usual, amenity.capacity);
          const parts = localParts(reading.ms, community.timeZone);
          facts = {
            kind: 'unusual',
            occupancy: reading.occupancy,
            usual: usual.length > 0 ? median(usual) : 0,
            weekday: parts.weekday,
            hour: Math.floor(parts.minuteOfDay / 60),
          };
          break;
        }
        case 'silent':
          // A reading ends any silence: it re-arms the rule (silence fires on the tick).
          level = 0;
          break;
      }
      const step = stepAlert(state, level, levels, reading.ms);
      state = step.state;
      if (step.fire && facts && level !== null) {
        await insertAlert(tx, community, rule, amenity, facts, level, reading.ms);
        fired++;
      }
    }
    await saveState(tx, rule.id, state, readings.at(-1)?.ms ?? null);
    return fired;
  });
}

/** Judges every enabled rule of these amenities against their new readings. */
export async function evaluateReadings(
  db: Database,
  community: Community,
  amenityIds: readonly number[],
  now: number,
): Promise<number> {
  if (amenityIds.length === 0) return 0;
  await ensureDefaultRules(db, community);
  const rules = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r
      WHERE r.community_id = $1 AND r.amenity_id = ANY($2::int[]) AND r.enabled ORDER BY r.id`,
    [community.id, [...new Set(amenityIds)]],
  );
  let fired = 0;
  for (const rule of rules) {
    const amenity = community.amenities.find((a) => a.id === rule.amenity_id);
    if (amenity) fired += await judgeReadings(db, community, rule, amenity, now);
  }
  return fired;
}

/**
 * The silent-sensor check, run on the scheduler's tick: silence is the absence of readings, so
 * it cannot wait for one to arrive.
 */
export async function checkSilentSensors(
  db: Database,
  community: Community,
  now: number,
): Promise<number> {
  const rules = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM alert_rules r
      WHERE r.community_id = $1 AND r.kind = 'silent' AND r.enabled ORDER BY r.id`,
    [community.id],
  );
  let fired = 0;
  for (const rule of rules) {
    const amenity = community.amenities.find((a) => a.id === rule.amenity_id);
    if (!amenity) continue;
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
        {
          threshold: rule.threshold,
          rearmBelow: rule.rearm_below,
          cooldownMs: rule.cooldown_minutes * 60_000,
        },
        now,
      );
      if (step.fire && level !== null && last !== null) {
        const facts: AlertFacts = {
          kind: 'silent',
          minutes: (now - last) / 60_000,
          intervals: level,
        };
        await insertAlert(tx, community, rule, amenity, facts, level, now);
      }
      await saveState(tx, rule.id, step.state, row.through_ms);
      return step.fire ? 1 : 0;
    });
  }
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
): Promise<void> {
  const slugs = new Set(readings.map((r) => r.amenityId));
  const ids = community.amenities.filter((a) => slugs.has(a.slug)).map((a) => a.id);
  try {
    await evaluateReadings(db, community, ids, now);
  } catch (error) {
    log(`Alert evaluation failed: ${(error as Error).message}`);
  }
}
