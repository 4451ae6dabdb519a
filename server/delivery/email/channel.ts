import type { Channel, Outcome } from '../channel';
import type { Mailer } from './mailer';
import { alertEmail, reportEmail, type ReportSummaryFacts } from './messages';

/** What an email delivery keeps: the alert's words, or the archived report to attach. */
type EmailPayload =
  | {
      kind: 'alert';
      amenityId: string;
      amenityName: string;
      message: string;
      observedAt: number;
    }
  | { kind: 'report'; reportId: number };

type ArchiveRow = {
  title: string;
  period_from: string;
  period_to: string;
  built_at: string | Date;
  csv: string;
  summary: ReportSummaryFacts;
};

const isoDate = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * Email (SMTP_URL): one delivery per user with an address. Quiet hours hold alert emails back
 * like pushes. A report email attaches the archived CSV, read at send time, so a retry sends
 * the same file. 5xx refusals fail at once; 4xx and network failures are retried.
 */
export function emailChannel(options: { mailer: Mailer; linkBase: () => string }): Channel {
  return {
    name: 'email',
    interrupting: true,
    wants: (preferences, subject) =>
      subject.kind === 'alert' ? preferences.emailAlerts : preferences.emailReports,
    async destinations(db, userIds) {
      const rows = await db.query<{ id: number; email: string }>(
        `SELECT id, email FROM users
          WHERE id = ANY($1::int[]) AND email IS NOT NULL AND removed_at IS NULL ORDER BY id`,
        [[...userIds]],
      );
      return rows.map((row) => ({ userId: row.id, target: row.email }));
    },
    payload: (subject): EmailPayload =>
      subject.kind === 'alert'
        ? {
            kind: 'alert',
            amenityId: subject.amenitySlug,
            amenityName: subject.amenityName,
            message: subject.message,
            observedAt: subject.at,
          }
        : { kind: 'report', reportId: subject.reportId },
    async send(delivery, { db, community }): Promise<Outcome> {
      const to = delivery.target;
      if (!to) return { status: 'skipped', reason: 'No email address' };
      const payload = delivery.payload as EmailPayload;
      const common = { to, communityName: community.name, timeZone: community.timeZone };
      let message;
      if (payload.kind === 'alert') {
        message = alertEmail({ ...common, ...payload }, options.linkBase());
      } else {
        const [row] = await db.query<ArchiveRow>(
          `SELECT title, period_from::text AS period_from, period_to::text AS period_to,
                  built_at, csv, summary
             FROM report_archive WHERE id = $1 AND community_id = $2`,
          [payload.reportId, community.id],
        );
        if (!row) return { status: 'skipped', reason: 'The report is no longer in the archive' };
        message = reportEmail(
          {
            ...common,
            archiveId: payload.reportId,
            title: row.title,
            periodFrom: isoDate(row.period_from),
            periodTo: isoDate(row.period_to),
            builtAt: new Date(row.built_at).getTime(),
            csv: row.csv,
            summary: row.summary,
          },
          options.linkBase(),
        );
      }
      const outcome = await options.mailer.send(message);
      if (outcome.ok) return { status: 'sent' };
      return outcome.permanent
        ? { status: 'failed', error: `Mail server refused: ${outcome.error}` }
        : { status: 'retry', error: `Mail not sent yet: ${outcome.error}` };
    },
  };
}
