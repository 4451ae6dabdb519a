import type { Queryable } from '../db/database';
import { DEFAULT_PREFERENCES, type Preferences, type Recipient } from './channel';

type PreferenceRow = {
  user_id: number;
  push_alerts: boolean | null;
  push_reports: boolean | null;
  email_alerts: boolean | null;
  email_reports: boolean | null;
  quiet_start_minute: number | null;
  quiet_end_minute: number | null;
};

export function preferencesOf(row: Omit<PreferenceRow, 'user_id'> | undefined): Preferences {
  if (!row || row.push_alerts === null || row.push_reports === null) return DEFAULT_PREFERENCES;
  return {
    pushAlerts: row.push_alerts,
    pushReports: row.push_reports,
    emailAlerts: row.email_alerts ?? DEFAULT_PREFERENCES.emailAlerts,
    emailReports: row.email_reports ?? DEFAULT_PREFERENCES.emailReports,
    quietHours:
      row.quiet_start_minute === null || row.quiet_end_minute === null
        ? null
        : { startMinute: row.quiet_start_minute, endMinute: row.quiet_end_minute },
  };
}

const COLUMNS = `p.push_alerts, p.push_reports, p.email_alerts, p.email_reports,
  p.quiet_start_minute, p.quiet_end_minute`;

/** One user's preferences (the defaults when never saved). */
export async function loadPreferences(db: Queryable, userId: number): Promise<Preferences> {
  const [row] = await db.query<PreferenceRow>(
    `SELECT p.user_id, ${COLUMNS} FROM notification_preferences p WHERE p.user_id = $1`,
    [userId],
  );
  return preferencesOf(row);
}

/** The community's active users with their preferences; only `only` when given. */
export async function recipientsOf(
  db: Queryable,
  communityId: number,
  only: readonly number[] | null,
): Promise<Recipient[]> {
  const rows = await db.query<PreferenceRow>(
    `SELECT u.id AS user_id, ${COLUMNS}
       FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
      WHERE u.community_id = $1 AND u.removed_at IS NULL
        AND ($2::int[] IS NULL OR u.id = ANY($2::int[]))
      ORDER BY u.id`,
    [communityId, only === null ? null : [...only]],
  );
  return rows.map((row) => ({ userId: row.user_id, preferences: preferencesOf(row) }));
}

export async function savePreferences(
  db: Queryable,
  userId: number,
  preferences: Preferences,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO notification_preferences (user_id, push_alerts, push_reports, email_alerts,
                                           email_reports, quiet_start_minute, quiet_end_minute,
                                           updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET push_alerts = $2, push_reports = $3, email_alerts = $4,
       email_reports = $5, quiet_start_minute = $6, quiet_end_minute = $7, updated_at = $8`,
    [
      userId,
      preferences.pushAlerts,
      preferences.pushReports,
      preferences.emailAlerts,
      preferences.emailReports,
      preferences.quietHours?.startMinute ?? null,
      preferences.quietHours?.endMinute ?? null,
      new Date(now).toISOString(),
    ],
  );
}
