import type { Queryable } from '../db/database';

/**
 * Takes a removed user off the report schedules naming them. A schedule left with no one is
 * paused, not emptied into "everyone who chose report notifications": removing the one person a
 * report went to must not send it to the whole board. Also why a returning account (invited
 * again) receives nothing it did before.
 */
export async function leaveSchedules(
  tx: Queryable,
  communityId: number,
  userId: number,
): Promise<{ leftSchedules: number[]; pausedSchedules: number[] }> {
  const rows = await tx.query<{ id: number; paused: boolean }>(
    `UPDATE report_schedules s
        SET recipient_ids = array_remove(s.recipient_ids, $2),
            enabled = s.enabled AND cardinality(array_remove(s.recipient_ids, $2)) > 0
       FROM report_schedules old
      WHERE s.id = old.id AND s.community_id = $1 AND $2 = ANY (s.recipient_ids)
      RETURNING s.id, (old.enabled AND NOT s.enabled) AS paused`,
    [communityId, userId],
  );
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  return {
    leftSchedules: ids,
    pausedSchedules: rows
      .filter((r) => r.paused)
      .map((r) => r.id)
      .sort((a, b) => a - b),
  };
}
