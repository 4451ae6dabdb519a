import type { Queryable } from '../db/database';
import { nextDueAfter } from './due';
import { cadenceOf, type ScheduleRow } from './run-due';

/**
 * Moves every schedule of the community to its next due time in `timeZone`, in the transaction
 * that changes the community's zone: "Monday 08:00" is a local time, and left as it was it would
 * run at 08:00 in the old zone while the list says 08:00 in the new one.
 */
export async function rescheduleForTimeZone(
  tx: Queryable,
  communityId: number,
  timeZone: string,
  now: number,
): Promise<void> {
  const rows = await tx.query<Omit<ScheduleRow, 'next_run_ms'>>(
    `SELECT id, cadence, weekday, day_of_month, minute_of_day
       FROM report_schedules WHERE community_id = $1 ORDER BY id FOR UPDATE`,
    [communityId],
  );
  for (const row of rows) {
    const next = nextDueAfter(cadenceOf(row), now, timeZone);
    await tx.query(`UPDATE report_schedules SET next_run_at = $2 WHERE id = $1`, [
      row.id,
      new Date(next).toISOString(),
    ]);
  }
}
