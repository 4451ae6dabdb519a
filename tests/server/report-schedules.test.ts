import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Community } from '../../server/community';
import type { Database } from '../../server/db/database';
import { audit } from '../../server/auth/audit';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { migrate, readMigrations, splitStatements } from '../../server/db/migrate';
import { leaveSchedules } from '../../server/schedules/leave-schedules';
import {
  ReportArchiveEntrySchema,
  ReportScheduleListSchema,
  ReportScheduleSchema,
  type Role,
} from '../../src/api/contract';
import { describeAuditEntry } from '../../src/lib/audit-diff';
import { openPostgres } from '../../server/db/postgres';
import { reloadAmenities } from '../../server/community';
import { startScheduler } from '../../server/jobs/scheduler';
import { runDueSchedules } from '../../server/schedules/run-due';
import { buildUsageReport } from '../../server/schedules/build-report';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  insertSchedule,
  openTestDatabase,
  reading,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

// The demo zone (Pacific). A monthly schedule on the 1st at 08:00 local.
const DUE = local('2026-11-01', '08:00');

type ArchiveRow = {
  schedule_id: number;
  title: string;
  period_from: string;
  period_to: string;
  csv: string;
  summary: {
    totalVisits: number;
    dailyAverage: number | null;
    coverage: { coveredMs: number; totalMs: number; text: string };
    perAmenity: { id: string; visits: number }[];
  };
};

const archiveOf = (db: Database) =>
  db.query<ArchiveRow>(
    `SELECT schedule_id, title, period_from::text AS period_from, period_to::text AS period_to,
            csv, summary FROM report_archive ORDER BY id`,
  );

async function addMonthlySchedule(db: Database, community: Community, nextRunAt: string) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO report_schedules (community_id, kind, cadence, day_of_month, minute_of_day, next_run_at)
     VALUES ($1, 'usage', 'monthly', 1, 480, $2) RETURNING id`,
    [community.id, nextRunAt],
  );
  return row?.id ?? 0;
}

const nextRunOf = async (db: Database, id: number) =>
  (
    await db.query<{ next: string }>(
      `SELECT to_char(next_run_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS next
         FROM report_schedules WHERE id = $1`,
      [id],
    )
  )[0]?.next;

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`scheduled reports, ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      // October visits: 12 at the Great Lawn on the 3rd, 5 at Solis Hall on the 20th, and one
      // on November 1st that the October report must not count.
      const api = testApp(test.db, community, { clock: () => Date.parse(DUE) });
      const res = await api.post([
        reading('great-lawn', local('2026-10-03', '10:00'), 10, 12, 30),
        reading('solis-hall', local('2026-10-20', '18:00'), 5, 5, 60),
        reading('solis-hall', local('2026-11-01', '07:00'), 1, 3, 60),
      ]);
      expect(res.status).toBe(200);
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      await test.db.query('DELETE FROM report_archive');
      await test.db.query('DELETE FROM report_schedules');
    });

    it('builds the report at its due time, from the database, with the app’s definitions', async () => {
      const id = await addMonthlySchedule(test.db, community, DUE);
      expect(await runDueSchedules(test.db, community, Date.parse(DUE) - 1)).toEqual([]);
      expect(await runDueSchedules(test.db, community, Date.parse(DUE))).toHaveLength(1);
      const [report] = await archiveOf(test.db);
      expect(report).toMatchObject({
        schedule_id: id,
        title: 'October 2026 usage report',
        period_from: '2026-10-01',
        period_to: '2026-10-31',
        summary: { totalVisits: 17 },
      });
      expect(report?.summary.perAmenity.slice(0, 2)).toMatchObject([
        { id: 'great-lawn', visits: 12 },
        { id: 'solis-hall', visits: 5 },
      ]);
      // Coverage from the sensors' gaps, as in the app's report: three readings in the month, so
      // no hour in which every sensor reported; five amenities never reported at all.
      expect(report?.summary.coverage).toMatchObject({
        coveredMs: 0,
        totalMs: 31 * 24 * 3_600_000,
      });
      expect(report?.summary.coverage.text).toMatch(
        /^Data for 0 min of 31 d; .*Heritage Tree Area sensor silent throughout/,
      );
      // No covered time to average over: the daily average is not known (null), not 0, and
      // the archive entry the app reads says so.
      expect(report?.summary.dailyAverage).toBeNull();
      expect(ReportArchiveEntrySchema.shape.summary.parse(report?.summary).dailyAverage).toBeNull();
      const lines = report?.csv.split('\r\n') ?? [];
      expect(lines.find((line) => line.startsWith('Coverage,'))).toContain(
        'Data for 0 min of 31 d',
      );
      // Titled with its month, as the archive lists it: "Last Month" would be wrong a month on.
      expect(lines[0]).toBe('Report,October 2026 usage report');
      expect(lines).toContain('Period,2026-10-01 to 2026-10-31');
      expect(lines.find((line) => line.startsWith('2026-10-03,'))).toMatch(/^2026-10-03,12,0,/);
      expect(lines.some((line) => line.startsWith('2026-11-01'))).toBe(false);
      expect(await nextRunOf(test.db, id)).toBe(local('2026-12-01', '08:00'));
      // Runs once: the same instant again finds nothing due.
      expect(await runDueSchedules(test.db, community, Date.parse(DUE))).toEqual([]);
    });

    it('a schedule missed while the server was down runs once at start-up', async () => {
      const id = await addMonthlySchedule(test.db, community, local('2026-09-01', '08:00'));
      // The server comes back on November 18th: three due times passed.
      const clock = testClock(local('2026-11-18', '09:30'));
      const scheduler = startScheduler({
        db: test.db,
        community,
        clock: clock.now,
        intervalMs: 3_600_000,
      });
      await scheduler.tick();
      clock.advance(30_000);
      await scheduler.tick();
      await scheduler.stop();
      const archive = await archiveOf(test.db);
      expect(archive.map((r) => r.period_from)).toEqual(['2026-10-01']);
      expect(await nextRunOf(test.db, id)).toBe(local('2026-12-01', '08:00'));
    });

    it('a past month reads the same after one of its amenities is archived', async () => {
      const hall = community.amenities.find((a) => a.slug === 'solis-hall');
      if (!hall) throw new Error('no hall');
      const before = await buildUsageReport(test.db, community, 'monthly', Date.parse(DUE));
      await test.db.query(`UPDATE amenities SET archived_at = now() WHERE id = $1`, [hall.id]);
      await reloadAmenities(test.db, community);
      try {
        const after = await buildUsageReport(test.db, community, 'monthly', Date.parse(DUE));
        expect(after.summary.totalVisits).toBe(17);
        expect(after.summary.totalVisits).toBe(before.summary.totalVisits);
        expect(after.summary.perAmenity.find((row) => row.id === 'solis-hall')).toMatchObject({
          name: 'Solis Hall (archived)',
          visits: 5,
        });
        // Its column stays in the file (after the live ones), its visits on the 20th counted.
        const lines = after.csv.split('\r\n');
        expect(lines.find((line) => line.startsWith('Date'))).toMatch(
          /,Solis Hall \(archived\),Total$/,
        );
        expect(lines.find((line) => line.startsWith('2026-10-20,'))).toMatch(/,5,5$/);
      } finally {
        await test.db.query(`UPDATE amenities SET archived_at = NULL WHERE id = $1`, [hall.id]);
        await reloadAmenities(test.db, community);
      }
    });

    it('leaves out an archived amenity with no visit in the period, whatever came before or after', async () => {
      const hall = community.amenities.find((a) => a.slug === 'solis-hall');
      if (!hall) throw new Error('no hall');
      await test.db.query(`UPDATE amenities SET archived_at = now() WHERE id = $1`, [hall.id]);
      await reloadAmenities(test.db, community);
      try {
        // Last week seen from Mon Nov 9 is Nov 2-8: Solis Hall's visits (Oct 20, Nov 1) are
        // before it, in the timeline the report is cut from but not in the week.
        const week = await buildUsageReport(
          test.db,
          community,
          'weekly',
          Date.parse(local('2026-11-09', '08:00')),
        );
        expect(week.periodFrom).toBe('2026-11-02');
        expect(week.summary.perAmenity.some((row) => row.id === 'solis-hall')).toBe(false);
        expect(week.csv).not.toContain('Solis Hall');
      } finally {
        await test.db.query(`UPDATE amenities SET archived_at = NULL WHERE id = $1`, [hall.id]);
        await reloadAmenities(test.db, community);
      }
    });

    it('each pass brings in amenity changes made through another server process', async () => {
      const [first] = community.amenities;
      if (!first) throw new Error('no amenity');
      const before = community.amenities.length;
      // Another process archives an amenity: only the database knows.
      await test.db.query(`UPDATE amenities SET archived_at = now() WHERE id = $1`, [first.id]);
      const scheduler = startScheduler({
        db: test.db,
        community,
        clock: testClock(local('2026-11-18', '09:30')).now,
        intervalMs: 3_600_000,
      });
      await scheduler.tick();
      await scheduler.stop();
      expect(community.amenities).toHaveLength(before - 1);
      expect(community.amenities.some((a) => a.id === first.id)).toBe(false);
      await test.db.query(`UPDATE amenities SET archived_at = NULL WHERE id = $1`, [first.id]);
      await reloadAmenities(test.db, community);
    });
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(
    `schedules paused by a removal, ${backendTitle(backend)}`,
    () => {
      let test: TestDatabase;
      let community: Community;
      let api: ReturnType<typeof testApp>;
      const clock = testClock(local('2026-11-18', '10:00'));
      let managerId = 0;
      const person = async (email: string, name: string, role: Role = 'board') => {
        const id = await insertUser(
          test.db,
          community.id,
          { email, name, role, passwordHash: 'not used', totpSecret: null },
          clock.now(),
        );
        if (id === null) throw new Error(`${email} already exists`);
        return id;
      };
      const addSchedule = (recipients: number[], enabled = true) =>
        insertSchedule(test.db, community.id, recipients, { enabled });
      /** Removes a user as DELETE /api/users/:id does: removed_at, then leaveSchedules. */
      const remove = (userId: number) =>
        test.db.transaction(async (tx) => {
          await tx.query(`UPDATE users SET removed_at = now() WHERE id = $1`, [userId]);
          return leaveSchedules(tx, community.id, userId);
        });
      const stored = (ids: number[]) =>
        test.db.query<{
          id: number;
          recipient_ids: number[];
          enabled: boolean;
          paused_note: string | null;
        }>(
          `SELECT id, recipient_ids, enabled, paused_note FROM report_schedules
            WHERE id = ANY ($1::int[]) ORDER BY id`,
          [ids],
        );
      async function send(method: string, path: string, body?: unknown) {
        const cookie = `cg_session=${await createSession(test.db, managerId, clock.now())}`;
        const res = await api.app.request(path, {
          method,
          headers: {
            Cookie: cookie,
            ...(method === 'GET' ? {} : { Origin: 'http://localhost' }),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        // A 204 (a DELETE) has no body.
        return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
      }

      beforeAll(async () => {
        test = await openTestDatabase(backend);
        community = await createTestCommunity(test.db);
        managerId = await person('manager@example.org', 'The manager', 'manager');
      });
      afterAll(() => test?.drop());
      beforeEach(async () => {
        clock.set(local('2026-11-18', '10:00'));
        api = testApp(test.db, community, { clock: clock.now });
        await test.db.query('DELETE FROM report_schedules');
      });

      it('leaveSchedules pauses a schedule left with no one and says why, naming the user', async () => {
        const dana = await person('dana@example.org', 'Dana Reyes');
        const lee = await person('lee@example.org', 'Lee Park');
        const onlyDana = await addSchedule([dana]);
        const shared = await addSchedule([dana, lee]);
        const pausedAlready = await addSchedule([dana], false);
        const everyone = await addSchedule([]);
        expect(await remove(dana)).toEqual({
          leftSchedules: [onlyDana, shared, pausedAlready],
          pausedSchedules: [onlyDana],
        });
        expect(await stored([onlyDana, shared, pausedAlready, everyone])).toEqual([
          {
            id: onlyDana,
            recipient_ids: [],
            enabled: false,
            paused_note: 'Paused: its only recipient, Dana Reyes, was removed.',
          },
          { id: shared, recipient_ids: [lee], enabled: true, paused_note: null },
          // Someone had paused it; its empty list is not their choice either.
          {
            id: pausedAlready,
            recipient_ids: [],
            enabled: false,
            paused_note: 'Paused, and its only recipient, Dana Reyes, was removed.',
          },
          { id: everyone, recipient_ids: [], enabled: true, paused_note: null },
        ]);
        // The shared one's last recipient goes later: that removal names them.
        await remove(lee);
        expect((await stored([shared]))[0]?.paused_note).toBe(
          'Paused: its only recipient, Lee Park, was removed.',
        );
      });

      it('GET shows the note (null otherwise); any PATCH clears it, audited', async () => {
        const sam = await person('sam@example.org', 'Sam Ortiz');
        const paused = await addSchedule([sam]);
        const other = await addSchedule([managerId]);
        await remove(sam);
        const list = ReportScheduleListSchema.parse(
          (await send('GET', '/api/report-schedules')).json,
        );
        expect(list).toMatchObject([
          {
            id: paused,
            recipients: [],
            enabled: false,
            pausedNote: 'Paused: its only recipient, Sam Ortiz, was removed.',
          },
          { id: other, pausedNote: null },
        ]);

        // Even an edit that changes nothing else: whoever saved it has seen the form.
        const saved = await send('PATCH', `/api/report-schedules/${paused}`, {
          timeOfDay: '07:30',
        });
        expect(saved.status).toBe(200);
        expect(ReportScheduleSchema.parse(saved.json)).toMatchObject({
          recipients: [],
          enabled: false,
          pausedNote: null,
        });
        expect((await stored([paused]))[0]?.paused_note).toBeNull();
        const [entry] = await test.db.query<{ before: unknown; after: unknown }>(
          `SELECT before, after FROM audit_log
            WHERE action = 'report-schedule.update' AND target = $1 ORDER BY id DESC LIMIT 1`,
          [String(paused)],
        );
        const asJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
        expect(asJson(entry?.before)).toMatchObject({
          pausedNote: 'Paused: its only recipient, Sam Ortiz, was removed.',
        });
        expect(asJson(entry?.after)).not.toHaveProperty('pausedNote');

        // Switched on with no one: a deliberate choice now, sent to everyone, with no note.
        const on = await send('PATCH', `/api/report-schedules/${paused}`, { enabled: true });
        expect(on.json).toMatchObject({ recipients: [], enabled: true, pausedNote: null });
      });

      it('records recipients by name too, so the audit log says which schedule and who', async () => {
        const ann = await person('ann@example.org', 'Ann Lee');
        const bob = await person('bob@example.org', 'Bob Stone');
        const created = ReportScheduleSchema.parse(
          (
            await send('POST', '/api/report-schedules', {
              kind: 'usage',
              cadence: 'weekly',
              weekday: 1,
              timeOfDay: '08:00',
              recipients: [bob, ann],
            })
          ).json,
        );
        expect(
          (await send('PATCH', `/api/report-schedules/${created.id}`, { recipients: [bob] }))
            .status,
        ).toBe(200);
        expect((await send('DELETE', `/api/report-schedules/${created.id}`)).status).toBe(204);
        const rows = await test.db.query<{
          action: string;
          target: string;
          before: unknown;
          after: unknown;
        }>(
          `SELECT action, target, before, after FROM audit_log
            WHERE action LIKE 'report-schedule.%' AND target = $1 ORDER BY id`,
          [String(created.id)],
        );
        const asJson = (value: unknown) =>
          typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
        const entries = rows.map((row) => ({
          ...row,
          before: asJson(row.before),
          after: asJson(row.after),
        }));
        // Ids in their stored order (as migration 023 reads them), names in the same order.
        expect(entries.map((entry) => entry.action)).toEqual([
          'report-schedule.create',
          'report-schedule.update',
          'report-schedule.delete',
        ]);
        expect(entries[0]?.after).toMatchObject({
          recipients: [ann, bob],
          recipientNames: ['Ann Lee', 'Bob Stone'],
        });
        // What the audit page shows (src/lib/audit-diff.ts): the schedule and its people.
        const display = { timeZone: community.timeZone, roleLabels: {} };
        const shown = entries.map((entry) => describeAuditEntry(entry, display));
        expect(shown.map((entry) => entry.target)).toEqual(
          Array(3).fill('Weekly usage report (Mondays at 8:00 AM)'),
        );
        expect(shown[0]?.details).toContainEqual({
          field: 'Recipients',
          value: 'Ann Lee, Bob Stone',
        });
        expect(shown[1]?.changes).toEqual([
          { field: 'Recipients', before: 'Ann Lee, Bob Stone', after: 'Bob Stone' },
        ]);
        expect(shown[2]?.changes).toContainEqual({
          field: 'Recipients',
          before: 'Bob Stone',
          after: '—',
        });
      });

      it('migration 023 notes only the schedules a removal paused, by the audit log', async () => {
        const migration = readMigrations().find((m) => m.version === '023_schedule_paused_note');
        expect(migration).toBeDefined();
        const [, update] = splitStatements(migration?.sql ?? '');
        expect(update).toMatch(/^UPDATE report_schedules/);
        const audited = async (id: number, action: string, after: object) =>
          audit(
            test.db,
            { communityId: community.id, userId: managerId, action, target: String(id), after },
            clock.now(),
          );
        const settings = { kind: 'usage', cadence: 'weekly', weekday: 1, timeOfDay: '07:00' };
        // Saved with a recipient, then emptied and paused by 022 (or a removal): no audit row.
        const byMigration = await addSchedule([], false);
        await audited(byMigration, 'report-schedule.create', {
          ...settings,
          recipients: [999],
          enabled: true,
        });
        // Paused by a person (audited), then its recipient removed.
        const byPerson = await addSchedule([], false);
        await audited(byPerson, 'report-schedule.create', {
          ...settings,
          recipients: [999],
          enabled: true,
        });
        await audited(byPerson, 'report-schedule.update', {
          ...settings,
          recipients: [999],
          enabled: false,
        });
        // Saved for everyone and paused by a person.
        const everyonePaused = await addSchedule([], false);
        await audited(everyonePaused, 'report-schedule.update', {
          ...settings,
          recipients: [],
          enabled: false,
        });
        // Saved before schedules were audited: cannot be told apart, left alone.
        const unaudited = await addSchedule([], false);
        // Still enabled, or still with recipients: not paused by a removal.
        const enabled = await addSchedule([]);
        const withRecipients = await addSchedule([managerId], false);
        await audited(withRecipients, 'report-schedule.create', {
          ...settings,
          recipients: [managerId],
          enabled: true,
        });
        await test.db.query(`UPDATE report_schedules SET paused_note = NULL`);
        await test.db.query(update ?? '');
        const notes = await stored([
          byMigration,
          byPerson,
          everyonePaused,
          unaudited,
          enabled,
          withRecipients,
        ]);
        expect(notes.map((row) => row.paused_note)).toEqual([
          'Paused: its recipients were removed.',
          null,
          null,
          null,
          null,
          null,
        ]);
      });
    },
  );
}

const postgres = BACKENDS.find((b) => b.name === 'postgres');
describe.skipIf(postgres?.skip !== null)('two schedulers on one PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `cg_test_sched_${process.pid}_${randomBytes(4).toString('hex')}`;
  let first: Database;
  let second: Database;
  let community: Community;

  beforeAll(async () => {
    first = await openPostgres(url, { schema });
    second = await openPostgres(url, { schema });
    await migrate(first);
    community = await createTestCommunity(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.query(`DROP SCHEMA ${schema} CASCADE`);
    await first?.close();
  });

  it('build each due report once', async () => {
    for (let i = 0; i < 5; i++) await addMonthlySchedule(first, community, DUE);
    const now = Date.parse(DUE) + 1000;
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => runDueSchedules(i % 2 ? first : second, community, now)),
    );
    expect(runs.flat()).toHaveLength(5);
    const perSchedule = await first.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_archive GROUP BY schedule_id`,
    );
    expect(perSchedule.map((r) => r.n)).toEqual([1, 1, 1, 1, 1]);
  });
});
