import type { Community } from '../community';
import type { Database } from '../db/database';
import { buildUsageReport, type ScheduleCadence } from './build-report';
import { claimDue, type Cadence } from './due';
import type { DeliveryService } from '../delivery/worker';

export type ScheduleRow = {
  id: number;
  cadence: ScheduleCadence;
  weekday: number | null;
  day_of_month: number | null;
  minute_of_day: number;
  next_run_ms: number;
};

export function cadenceOf(row: Omit<ScheduleRow, 'id' | 'next_run_ms'>): Cadence {
  return row.cadence === 'weekly'
    ? { cadence: 'weekly', weekday: row.weekday ?? 1, minuteOfDay: row.minute_of_day }
    : { cadence: 'monthly', dayOfMonth: row.day_of_month ?? 1, minuteOfDay: row.minute_of_day };
}

/** Schedules one tick builds at most (the rest wait for the next tick). */
const MAX_PER_TICK = 50;

/**
 * Runs every schedule that is due, each once: a schedule is claimed with FOR UPDATE SKIP LOCKED
 * in the transaction that builds its report, archives it and moves next_run_at past `now`, so
 * a second server ticking at the same moment skips it, and after the commit finds it not due.
 * A schedule whose due times passed while the server was down runs once (see claimDue).
 * Returns the archive ids it created.
 */
export async function runDueSchedules(
  db: Database,
  community: Community,
  now: number,
  delivery?: DeliveryService,
): Promise<number[]> {
  const archived: number[] = [];
  let queued = 0;
  for (let i = 0; i < MAX_PER_TICK; i++) {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<ScheduleRow & { recipient_ids: number[] }>(
        `SELECT id, cadence, weekday, day_of_month, minute_of_day, recipient_ids,
                (extract(epoch FROM next_run_at) * 1000)::float8 AS next_run_ms
           FROM report_schedules
          WHERE community_id = $1 AND enabled AND next_run_at <= $2
          ORDER BY next_run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [community.id, new Date(now).toISOString()],
      );
      if (!row) return null;
      const claim = claimDue(cadenceOf(row), row.next_run_ms, now, community.timeZone);
      if (!claim.run) return null;
      const report = await buildUsageReport(tx, community, row.cadence, now);
      const [saved] = await tx.query<{ id: number }>(
        `INSERT INTO report_archive (community_id, schedule_id, kind, title, period_from,
                                     period_to, built_at, csv, summary)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING id`,
        [
          community.id,
          row.id,
          report.kind,
          report.title,
          report.periodFrom,
          report.periodTo,
          new Date(now).toISOString(),
          report.csv,
          JSON.stringify(report.summary),
        ],
      );
      if (saved && delivery) {
        // Its push ("Your October usage report is ready"), queued in the same transaction.
        queued += await delivery.enqueue(
          tx,
          {
            kind: 'report',
            reportId: saved.id,
            title: report.title,
            periodFrom: report.periodFrom,
            periodTo: report.periodTo,
            // Its recipients, or everyone who wants reports when it names none.
            recipients: row.recipient_ids.length > 0 ? row.recipient_ids : null,
            at: now,
          },
          now,
        );
      }
      await tx.query(`UPDATE report_schedules SET next_run_at = $2 WHERE id = $1`, [
        row.id,
        new Date(claim.nextRunAt).toISOString(),
      ]);
      return saved?.id ?? null;
    });
    if (id === null) break;
    archived.push(id);
  }
  if (queued > 0) delivery?.kick();
  return archived;
}
