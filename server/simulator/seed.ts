import { createCommunity, type Community } from '../community';
import type { BulkValue, Column, Database, Queryable } from '../db/database';
import { rebuildRollups } from '../rollups';
import { addDays, DAY, localDate, MINUTE } from '../time';
import { insertResidents } from '../residents/store';
import { DEMO_BILLING_PLAN } from '../billing/plan';
import { writePlan } from '../billing/store';
import { DEMO_AMENITIES, DEMO_AMENITY_SETUP, DEMO_COMMUNITY, DEMO_RESIDENTS } from './demo';
import { simulateEvents, type SimulatedEvent } from './events';
import { localMomentFn, simulateReading, type UsageProfile } from './model';

export const DEFAULT_SEED = 20_240_601;

/** The demo amenities' usage profiles, by slug. */
export const DEMO_PROFILES: ReadonlyMap<string, UsageProfile> = new Map(
  DEMO_AMENITIES.map((a) => [a.slug, a.profile]),
);

const READING_COLUMNS: readonly Column[] = [
  { name: 'community_id', type: 'int' },
  { name: 'amenity_id', type: 'int' },
  { name: 'time', type: 'timestamptz' },
  { name: 'occupancy', type: 'int' },
  { name: 'entries', type: 'int' },
  { name: 'dwell_minutes', type: 'real' },
];

const EVENT_COLUMNS: readonly Column[] = [
  { name: 'community_id', type: 'int' },
  { name: 'amenity_id', type: 'int' },
  { name: 'held_on', type: 'date' },
  { name: 'kind', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'category', type: 'text' },
  { name: 'attendance', type: 'int' },
  { name: 'planned_attendance', type: 'int' },
  { name: 'cost', type: 'float8' },
];

/** Rows per bulk insert while generating readings. */
const CHUNK_ROWS = 20_000;

/**
 * Writes simulated readings for every demo amenity at each step in (from, to]: bulk loaded, so a
 * year of minute readings takes seconds. The caller rebuilds the rollups afterwards.
 */
export async function bulkLoadReadings(
  db: Queryable,
  community: Community,
  { from, to, stepMs, seed }: { from: number; to: number; stepMs: number; seed: number },
): Promise<number> {
  const momentAt = localMomentFn(community.timeZone);
  const amenities = community.amenities.filter((a) => DEMO_PROFILES.has(a.slug));
  let rows: BulkValue[][] = [];
  let written = 0;
  const first = Math.floor(from / stepMs) * stepMs + stepMs;
  for (let t = first; t <= to; t += stepMs) {
    const moment = momentAt(t);
    const iso = new Date(t).toISOString();
    for (const amenity of amenities) {
      const profile = DEMO_PROFILES.get(amenity.slug);
      if (!profile) continue;
      const r = simulateReading(amenity, profile, moment, t, stepMs, seed);
      rows.push([community.id, amenity.id, iso, r.occupancy, r.entries, r.dwellMinutes]);
    }
    if (rows.length >= CHUNK_ROWS) {
      await db.bulkInsert('readings', READING_COLUMNS, rows);
      written += rows.length;
      rows = [];
    }
  }
  if (rows.length > 0) await db.bulkInsert('readings', READING_COLUMNS, rows);
  return written + rows.length;
}

export async function insertEvents(db: Queryable, communityId: number, events: SimulatedEvent[]) {
  const rows = events.map((e) => [
    communityId,
    e.amenityId,
    e.heldOn,
    e.kind,
    e.title,
    e.category,
    e.attendance,
    e.plannedAttendance,
    e.cost,
  ]);
  await db.bulkInsert('events', EVENT_COLUMNS, rows);
}

export type SeedOptions = {
  now: number;
  /** Days of reading history (default 90). */
  days?: number;
  /** Time between readings (default 5 minutes). */
  stepMs?: number;
  /** Days of event history (default 365). */
  eventDays?: number;
  seed?: number;
};

/**
 * Creates the demo community and fills it: `days` of readings every `stepMs` up to `now`, their
 * rollups, and a year of events held. One transaction: a seed is complete or absent.
 */
export async function seedDemo(
  db: Database,
  options: SeedOptions,
): Promise<{ community: Community; readings: number; events: number }> {
  return db.transaction((tx) => seedDemoInto(tx, options));
}

/** seedDemo inside the caller's transaction. */
export async function seedDemoInto(
  tx: Queryable,
  { now, days = 90, stepMs = 5 * MINUTE, eventDays = 365, seed = DEFAULT_SEED }: SeedOptions,
): Promise<{ community: Community; readings: number; events: number }> {
  // The community's history starts with its first seeded reading.
  const community = await createCommunity(
    tx,
    { ...DEMO_COMMUNITY, createdAt: now - days * DAY },
    DEMO_AMENITY_SETUP,
  );
  // Into an empty table, building the primary key once after the load beats maintaining it
  // row by row (PostgreSQL docs, "Populating a Database").
  const [empty] = await tx.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM readings) AS empty`,
  );
  if (empty?.empty) await tx.query(`ALTER TABLE readings DROP CONSTRAINT readings_pkey`);
  const readings = await bulkLoadReadings(tx, community, {
    from: now - days * DAY,
    to: now,
    stepMs,
    seed,
  });
  if (empty?.empty) {
    await tx.query(
      `ALTER TABLE readings ADD CONSTRAINT readings_pkey
         PRIMARY KEY (community_id, amenity_id, time)`,
    );
  }
  await rebuildRollups(tx, community.id);
  const today = localDate(now, community.timeZone);
  const events = simulateEvents(
    community,
    DEMO_PROFILES,
    addDays(today, -eventDays),
    addDays(today, -1),
    seed,
  );
  await insertEvents(tx, community.id, events);
  await insertResidents(tx, community.id, DEMO_RESIDENTS, now);
  // The spec's plan (Settings → Billing); a community created any other way has none on file.
  await writePlan(tx, community.id, DEMO_BILLING_PLAN, now);
  return { community, readings, events: events.length };
}
