import { deliverAt } from '../alerts/quiet-hours';
import type { Community } from '../community';
import type { Queryable } from '../db/database';
import type { Channel, Subject } from './channel';
import { recipientsOf } from './preferences';

/**
 * Queues a subject (a new alert, an archived report) for every user who wants it on each
 * channel: one `deliveries` row per destination (each push subscription), due now, or when the
 * user's quiet hours end for an interrupting channel. Run in the transaction that creates the
 * alert or archives the report, so the two commit together: nothing is sent before that commit,
 * and a crash cannot lose a fan-out. Returns the rows queued.
 */
export async function fanOut(
  tx: Queryable,
  community: Community,
  channels: readonly Channel[],
  subject: Subject,
  now: number,
): Promise<number> {
  const only = subject.kind === 'report' ? subject.recipients : null;
  const recipients = await recipientsOf(tx, community.id, only);
  let queued = 0;
  for (const channel of channels) {
    const wanting = recipients.filter((r) => channel.wants(r.preferences, subject));
    if (wanting.length === 0) continue;
    const quiet = new Map(wanting.map((r) => [r.userId, r.preferences.quietHours]));
    const destinations = await channel.destinations(
      tx,
      wanting.map((r) => r.userId),
    );
    if (destinations.length === 0) continue;
    const dueAt = (userId: number) => {
      const hours = quiet.get(userId);
      return channel.interrupting && hours ? deliverAt(now, hours, community.timeZone) : now;
    };
    await tx.query(
      `INSERT INTO deliveries (community_id, user_id, channel, target, alert_id, report_id,
                               payload, next_attempt_at, created_at)
       SELECT $1, u.user_id, $2, u.target, $3, $4, $5::jsonb, u.due, $6
         FROM unnest($7::int[], $8::text[], $9::timestamptz[]) AS u (user_id, target, due)`,
      [
        community.id,
        channel.name,
        subject.kind === 'alert' ? subject.alertId : null,
        subject.kind === 'report' ? subject.reportId : null,
        JSON.stringify(channel.payload(subject, community)),
        new Date(now).toISOString(),
        destinations.map((d) => d.userId),
        destinations.map((d) => d.target),
        destinations.map((d) => new Date(dueAt(d.userId)).toISOString()),
      ],
    );
    queued += destinations.length;
  }
  return queued;
}
