import { checkSilentSensors } from '../alerts/evaluate';
import { reloadSettings, type Community } from '../community';
import type { Database } from '../db/database';
import { runDueSchedules } from '../schedules/run-due';
import type { Clock } from '../time';
import type { DeliveryCounts, DeliveryService } from '../delivery/worker';

/** How often the server looks for due reports and silent sensors. */
export const SCHEDULER_INTERVAL_MS = 30_000;

export type SchedulerOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  intervalMs?: number;
  log?: (message: string) => void;
  /** Push (and later email) deliveries: queued by reports and alerts, sent from each pass. */
  delivery?: DeliveryService;
};

export type Scheduler = {
  /** One pass: due reports, silent sensors, then due deliveries. Resolves when it is done. */
  tick(): Promise<{
    archived: number[];
    silentAlerts: number;
    delivered: DeliveryCounts | null;
  }>;
  stop(): Promise<void>;
};

/**
 * The background loop of every server process. Each pass also reloads the community's profile
 * and amenities: a change made through another process reaches this one at once (changes.ts),
 * and within one interval should that news be lost. The first pass runs
 * at start-up, so a report
 * missed while the server was down runs then. Each process ticks on its own timer; the work
 * itself is claimed in the database (see runDueSchedules, checkSilentSensors), so two processes
 * on one PostgreSQL do it once, and PGlite (one process) runs the same code.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const { db, community, clock, delivery, log = () => undefined } = options;
  const intervalMs = options.intervalMs ?? SCHEDULER_INTERVAL_MS;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const pass = async () => {
    // The profile and amenities changed through another server process on the same database,
    // should the news of it (changes.ts) have been lost.
    await reloadSettings(db, community);
    const now = clock();
    const archived = await runDueSchedules(db, community, now, delivery);
    const silentAlerts = await checkSilentSensors(db, community, now, delivery);
    if (archived.length > 0) log(`Scheduled reports: archived ${archived.length}`);
    // Retries that came due, deliveries held by quiet hours, and any a kick missed.
    const delivered = delivery ? await delivery.run() : null;
    return { archived, silentAlerts, delivered };
  };

  // Passes never overlap: a slow one delays the next.
  const tick = () => {
    const run = running.then(pass);
    running = run.catch(() => undefined);
    return run;
  };

  const loop = () => {
    if (stopped) return;
    tick()
      .catch((error: Error) => log(`Scheduler pass failed: ${error.message}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs);
      });
  };
  loop();

  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
