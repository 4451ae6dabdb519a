import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlertInboxSchema } from '../../src/api/contract';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import { RETRY_DELAYS_MS } from '../../server/delivery/backoff';
import { emailConfigFromEnv } from '../../server/delivery/email/mailer';
import { runDueSchedules } from '../../server/schedules/run-due';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  sessionRequests,
  reading,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

/**
 * Email as a delivery channel, end to end: an alert and a scheduled report go through the
 * delivery queue to a real SMTP server on loopback, which can also refuse (4xx, 5xx).
 */

type Received = { to: string[]; mail: ParsedMail };

const received: Received[] = [];
/** Addresses the SMTP server refuses, with the code it answers. */
const refuse = new Map<string, number>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onRcptTo(address, _session, callback) {
    const code = refuse.get(address.address);
    if (code === undefined) return callback();
    const error = new Error(code >= 500 ? 'No such user' : 'Try again later') as Error & {
      responseCode: number;
    };
    error.responseCode = code;
    callback(error);
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

// Wednesday 2026-11-18, 10:00 in the demo zone (Pacific).
const NOW = local('2026-11-18', '10:00');

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`Email delivery, ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock(NOW);
    let api: ReturnType<typeof testApp>;
    const users: Record<'manager' | 'board', number> = { manager: 0, board: 0 };
    const address = (role: 'manager' | 'board') => `${role}-${backend.name}@example.org`;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      for (const role of ['manager', 'board'] as const) {
        const id = await insertUser(
          test.db,
          community.id,
          { email: address(role), name: `The ${role}`, role, passwordHash: 'x', totpSecret: null },
          Date.parse(NOW),
        );
        if (id === null) throw new Error('user exists');
        users[role] = id;
      }
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      clock.set(NOW);
      received.length = 0;
      refuse.clear();
      const email = emailConfigFromEnv({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        EMAIL_FROM: 'Willow Creek <hoa@example.org>',
      });
      api = testApp(test.db, community, {
        clock: clock.now,
        email,
        linkBase: () => 'https://hoa.example.org',
      });
      for (const table of [
        'deliveries',
        'notification_preferences',
        'alerts',
        'alert_state',
        'alert_rules',
        'alert_rule_defaults',
        'report_archive',
        'report_schedules',
        'readings',
        'readings_hourly',
        'readings_daily',
      ]) {
        await test.db.query(`DELETE FROM ${table}`);
      }
    });

    const send = sessionRequests(
      () => test.db,
      () => api,
      clock.now,
    );

    const chooseEmailAlerts = async (user: number) => {
      const res = await send(user, 'PUT', '/api/me/notifications', {
        pushAlerts: true,
        pushReports: true,
        emailAlerts: true,
        quietHours: null,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ emailAlerts: true, emailReports: true });
    };

    /** A reading that takes the Grand Lake (capacity 150) past 90%: one occupancy alert. */
    async function crowdTheLake() {
      const res = await api.post([reading('grand-lake', new Date(clock.now()).toISOString(), 140)]);
      expect(res.status).toBe(200);
      await api.delivery.idle();
    }

    const inbox = async () =>
      AlertInboxSchema.parse((await send(users.manager, 'GET', '/api/alerts')).json);

    it('an alert is emailed to those who chose alert emails, and only to them', async () => {
      await chooseEmailAlerts(users.manager);
      await crowdTheLake();
      expect(received.map((r) => r.to)).toEqual([[address('manager')]]);
      const [first] = received;
      if (!first) return;
      expect(first.mail.subject).toBe('Grand Lake is at 93% of capacity (140 of 150 people)');
      expect(first.mail.text).toContain('When: Wed, Nov 18, 2026, 10:00 AM PST');
      expect(first.mail.text).toContain(
        'Open the live view: https://hoa.example.org/analytics?amenity=grand-lake',
      );
      const [alert] = (await inbox()).alerts;
      expect(alert?.deliveries).toContainEqual({
        channel: 'email',
        sent: 1,
        pending: 0,
        failed: 0,
      });
    });

    it('a scheduled report reaches report readers by email with the archived CSV attached', async () => {
      await test.db.query(
        `INSERT INTO report_schedules (community_id, kind, cadence, day_of_month, minute_of_day,
                                       next_run_at)
         VALUES ($1, 'usage', 'monthly', 1, 480, $2)`,
        [community.id, local('2026-11-01', '08:00')],
      );
      const [archived] = await runDueSchedules(test.db, community, clock.now(), api.delivery);
      await api.delivery.idle();
      // Report emails are on by default: both users get it.
      expect(received.flatMap((r) => r.to).sort()).toEqual([address('board'), address('manager')]);
      const [first] = received;
      if (!first) return;
      expect(first.mail.subject).toBe('Your October 2026 usage report is ready');
      expect(first.mail.text).toContain('Period: 2026-10-01 to 2026-10-31 (America/Los_Angeles)');
      // The coverage the archive states, from the sensors' gaps (no readings here: no data).
      const [summary] = await test.db.query<{ text: string }>(
        `SELECT summary->'coverage'->>'text' AS text FROM report_archive WHERE id = $1`,
        [archived],
      );
      expect(summary?.text).toMatch(/^No data for any of the 31 d/);
      expect(first.mail.text).toContain(`${summary?.text}.`);
      expect(first.mail.text).not.toContain('undefined');
      expect(first.mail.text).toContain(
        `Open it in the report archive: https://hoa.example.org/reports?archive=${archived}`,
      );
      const [row] = await test.db.query<{ csv: string }>(
        `SELECT csv FROM report_archive WHERE id = $1`,
        [archived],
      );
      const [attachment] = first.mail.attachments;
      expect(attachment?.filename).toBe('october-2026-usage-report-2026-10-01.csv');
      expect(attachment?.content.toString('utf8')).toBe(row?.csv);
    });

    it("a schedule's recipients alone get its report", async () => {
      await test.db.query(
        `INSERT INTO report_schedules (community_id, kind, cadence, day_of_month, minute_of_day,
                                       recipient_ids, next_run_at)
         VALUES ($1, 'usage', 'monthly', 1, 480, $2::int[], $3)`,
        [community.id, [users.board], local('2026-11-01', '08:00')],
      );
      await runDueSchedules(test.db, community, clock.now(), api.delivery);
      await api.delivery.idle();
      expect(received.map((r) => r.to)).toEqual([[address('board')]]);
    });

    it('a 4xx is retried with back-off; a 5xx fails at once and the inbox says so', async () => {
      await chooseEmailAlerts(users.manager);
      await chooseEmailAlerts(users.board);
      refuse.set(address('manager'), 451);
      refuse.set(address('board'), 550);
      await crowdTheLake();
      expect(received).toHaveLength(0);
      let [alert] = (await inbox()).alerts;
      expect(alert?.deliveries).toContainEqual({
        channel: 'email',
        sent: 0,
        pending: 1,
        failed: 1,
      });

      // The mail server takes the manager's mail again: the retry after the first delay sends it.
      refuse.clear();
      clock.advance((RETRY_DELAYS_MS[0] ?? 0) + 1_000);
      await api.delivery.run();
      expect(received.map((r) => r.to)).toEqual([[address('manager')]]);
      [alert] = (await inbox()).alerts;
      expect(alert?.deliveries).toContainEqual({
        channel: 'email',
        sent: 1,
        pending: 0,
        failed: 1,
      });
    });

    it('without SMTP_URL nothing is queued for email', async () => {
      api = testApp(test.db, community, { clock: clock.now });
      await chooseEmailAlerts(users.manager);
      await crowdTheLake();
      const rows = await test.db.query(`SELECT 1 FROM deliveries WHERE channel = 'email'`);
      expect(rows).toHaveLength(0);
      expect(received).toHaveLength(0);
    });
  });
}
