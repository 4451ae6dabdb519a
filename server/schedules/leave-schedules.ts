import type { Queryable } from '../db/database';

/**
 * Why a schedule left with no recipients by a removal is paused, shown on the Reports page in
 * place of "everyone who chose report notifications" until the schedule is next edited. Names
 * are at most 100 characters (users.name), well within the column's 300.
 */
export function removedRecipientNote(name: string, wasEnabled: boolean): string {
  return wasEnabled
    ? `Paused: its only recipient, ${name}, was removed.`
    : `Paused, and its only recipient, ${name}, was removed.`;
}

/**
 * Takes a removed user off the report schedules naming them. A schedule left with no one is
 * paused, not emptied into "everyone who chose report notifications": removing the one person a
 * report went to must not send it to the whole board. It keeps a note saying so (paused_note),
 * also when someone had paused it already, since its empty list no longer means what they chose.
 * Also why a returning account (invited again) receives nothing it did before.
 *
 * Called in the user-removal transaction (server/users/routes.ts); the user's row, and so their
 * name, is still there (removal only sets removed_at).
 */
export async function leaveSchedules(
  tx: Queryable,
  communityId: number,
  userId: number,
): Promise<{ leftSchedules: number[]; pausedSchedules: number[] }> {
  const [user] = await tx.query<{ name: string }>(
    `SELECT name FROM users WHERE community_id = $1 AND id = $2`,
    [communityId, userId],
  );
  const name = user?.name ?? `user ${userId}`;
  const rows = await tx.query<{ id: number; paused: boolean }>(
    `UPDATE report_schedules s
        SET recipient_ids = array_remove(s.recipient_ids, $2),
            enabled = s.enabled AND cardinality(array_remove(s.recipient_ids, $2)) > 0,
            paused_note = CASE
              WHEN cardinality(array_remove(s.recipient_ids, $2)) > 0 THEN s.paused_note
              WHEN s.enabled THEN $3::text
              ELSE $4::text END
       FROM report_schedules old
      WHERE s.id = old.id AND s.community_id = $1 AND $2 = ANY (s.recipient_ids)
      RETURNING s.id, (old.enabled AND NOT s.enabled) AS paused`,
    [communityId, userId, removedRecipientNote(name, true), removedRecipientNote(name, false)],
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
