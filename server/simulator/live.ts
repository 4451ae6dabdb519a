import type { Reading } from '../../src/api/contract';
import type { Community } from '../community';
import type { Queryable } from '../db/database';
import { addDays, DAY, localDate, MINUTE, type Clock } from '../time';
import { simulateEvents, type SimulatedEvent } from './events';
import { localMomentFn, simulateReading } from './model';
import { DEFAULT_SEED, DEMO_PROFILES } from './seed';

export type LiveSimulatorOptions = {
  db: Queryable;
  community: Community;
  clock: Clock;
  /** Writes readings the way POST /api/readings does (validated, rollups, cache). */
  ingest: (readings: Reading[]) => Promise<number>;
  /**
   * Sends each live tick's readings (the demo sends them as LoRaWAN uplinks through the webhook's
   * code); `ingest` when absent. The catch-up after a restart always uses `ingest`, in bulk.
   */
  sendLive?: (readings: Reading[]) => Promise<number>;
  /** Records events held (catching up on the days the server was down). */
  recordEvents: (events: SimulatedEvent[]) => Promise<void>;
  seed?: number;
  /** Time between live readings (default 30 s). */
  tickMs?: number;
  /** Step of the catch-up readings written for time the server was down (default 5 min). */
  catchUpStepMs?: number;
  /** Longest gap to catch up on (default 90 days). */
  maxCatchUpMs?: number;
  log?: (message: string) => void;
};

const BATCH = 5000;

/**
 * Keeps the demo community live: on start it fills the gap since the last reading (the server
 * was stopped), then writes one reading per amenity every `tickMs` (at the multiples of `tickMs`,
 * stamped with that instant), through the same ingest path as real sensors. It also records the
 * events held on days it catches up on.
 */
export class LiveSimulator {
  private readonly options: Required<Omit<LiveSimulatorOptions, 'log' | 'sendLive'>> &
    Pick<LiveSimulatorOptions, 'log' | 'sendLive'>;
  private readonly momentAt: ReturnType<typeof localMomentFn>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private lastWritten = 0;
  private lastEventDay = '';
  private stopped = false;

  constructor(options: LiveSimulatorOptions) {
    this.options = {
      seed: DEFAULT_SEED,
      tickMs: 30_000,
      catchUpStepMs: 5 * MINUTE,
      maxCatchUpMs: 90 * DAY,
      ...options,
    };
    this.momentAt = localMomentFn(options.community.timeZone);
  }

  private get amenities() {
    return this.options.community.amenities.filter((a) => DEMO_PROFILES.has(a.slug));
  }

  /**
   * Catches up to the current tick, sends that tick live, then ticks. Resolves when both are
   * written. The current tick goes through `sendLive` (the demo's uplinks), not the catch-up, so
   * the demo's sensors are seen at start-up: a fresh start had shown every one "never seen" beside
   * live figures until the first tick, up to 30 s later.
   */
  async start(): Promise<void> {
    this.stopped = false;
    this.running = this.catchUp().then(() => this.tick());
    await this.running;
    this.schedule();
  }

  /**
   * Ticks at the next multiple of `tickMs` (the instant a reading is stamped with), not `tickMs`
   * after start-up: a reading sent up to a tick after its stamp looked that much older, so the
   * demo sensors flipped between ok and late (server/lorawan/health.ts). A timer that fires a
   * little early finds nothing new and waits the rest of the way.
   */
  private schedule(): void {
    if (this.stopped) return;
    const { clock, tickMs } = this.options;
    const delay = tickMs - (((clock() % tickMs) + tickMs) % tickMs);
    this.timer = setTimeout(() => {
      this.running = this.running
        .then(() => this.tick())
        .catch(() => undefined)
        .then(() => this.schedule());
    }, delay);
    this.timer.unref();
  }

  /** Stops ticking and waits for a write in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** Readings for every demo amenity at instant `t`, covering `stepMs` before it. */
  readingsAt(t: number, stepMs: number): Reading[] {
    const moment = this.momentAt(t);
    const time = new Date(t).toISOString();
    return this.amenities.flatMap((amenity) => {
      const profile = DEMO_PROFILES.get(amenity.slug);
      if (!profile) return [];
      const r = simulateReading(amenity, profile, moment, t, stepMs, this.options.seed);
      return [{ amenityId: amenity.slug, time, ...r }];
    });
  }

  private async catchUp(): Promise<void> {
    const { db, community, clock, catchUpStepMs, maxCatchUpMs, tickMs } = this.options;
    const now = clock();
    // The current tick is left to start(), which sends it live.
    const currentTick = Math.floor(now / tickMs) * tickMs;
    // Per amenity, so each maximum is one step down the primary-key index.
    const [latest] = await db.query<{ last: number | null; last_event: string | null }>(
      `SELECT (SELECT extract(epoch FROM max(m.time)) * 1000
                 FROM unnest($2::int[]) AS a (id)
                 CROSS JOIN LATERAL (SELECT max(time) AS time FROM readings
                                      WHERE community_id = $1 AND amenity_id = a.id) m
              )::float8 AS last,
              (SELECT max(held_on)::text FROM events WHERE community_id = $1) AS last_event`,
      [community.id, this.amenities.map((a) => a.id)],
    );
    const last = Math.max(latest?.last ?? 0, now - maxCatchUpMs);
    this.lastEventDay = latest?.last_event ?? addDays(localDate(now, community.timeZone), -1);
    this.lastWritten = last;
    let batch: Reading[] = [];
    let written = 0;
    for (
      let t = Math.floor(last / catchUpStepMs) * catchUpStepMs + catchUpStepMs;
      t < currentTick && !this.stopped;
      t += catchUpStepMs
    ) {
      batch.push(...this.readingsAt(t, t - this.lastWritten));
      this.lastWritten = t;
      if (batch.length >= BATCH) {
        written += await this.options.ingest(batch);
        batch = [];
      }
    }
    if (batch.length > 0) written += await this.options.ingest(batch);
    if (written > 0)
      this.options.log?.(`Simulator: caught up ${written} readings since the last run`);
    await this.catchUpEvents(now);
  }

  private async catchUpEvents(now: number): Promise<void> {
    const { community, seed } = this.options;
    const yesterday = addDays(localDate(now, community.timeZone), -1);
    if (this.lastEventDay >= yesterday) return;
    const events = simulateEvents(
      community,
      DEMO_PROFILES,
      addDays(this.lastEventDay, 1),
      yesterday,
      seed,
    );
    this.lastEventDay = yesterday;
    if (events.length > 0) await this.options.recordEvents(events);
  }

  /** One live reading per amenity at the current tick. */
  async tick(): Promise<void> {
    if (this.stopped) return;
    const { clock, tickMs } = this.options;
    const now = clock();
    const t = Math.floor(now / tickMs) * tickMs;
    if (t <= this.lastWritten) return;
    try {
      const send = this.options.sendLive ?? this.options.ingest;
      await send(this.readingsAt(t, t - this.lastWritten));
      this.lastWritten = t;
      await this.catchUpEvents(now);
    } catch (error) {
      this.options.log?.(`Simulator: could not write readings: ${(error as Error).message}`);
    }
  }
}
