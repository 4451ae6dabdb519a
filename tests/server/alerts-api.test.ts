import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlertInboxSchema,
  AlertReadResultSchema,
  AlertRuleListSchema,
  AlertRuleSchema,
  ReportArchiveSchema,
  ReportScheduleSchema,
} from '../../src/api/contract';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { reloadAmenities, type Community } from '../../server/community';
import { runDueSchedules } from '../../server/schedules/run-due';
import { describeAuditEntry, type AuditDisplay } from '../../src/lib/audit-diff';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  reading,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

// Wednesday 2026-11-18, 10:00 in the demo zone (Pacific).
const NOW = local('2026-11-18', '10:00');
const IN_LOS_ANGELES: AuditDisplay = { timeZone: 'America/Los_Angeles', roleLabels: {} };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`alerts API, ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock(NOW);
    let api: ReturnType<typeof testApp>;

    // Rules and schedules are a Manager's to set (server/auth/access.ts): the requests come from
    // a signed-in manager's browser, with its session cookie and the app's own Origin. A session
    // made at the test clock's time, as the clock moves on by days within a test.
    let managerId = 0;
    const signedIn = async (headers: Record<string, string>, method: string) => ({
      ...headers,
      Cookie: `cg_session=${await createSession(test.db, managerId, clock.now())}`,
      ...(method === 'GET' ? {} : { Origin: 'http://localhost' }),
    });

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const manager = await insertUser(
        test.db,
        community.id,
        {
          email: 'manager@example.org',
          name: 'The manager',
          role: 'manager',
          passwordHash: 'not used: the session is made directly',
          totpSecret: null,
        },
        Date.parse(NOW),
      );
      if (manager === null) throw new Error('manager already exists');
      managerId = manager;
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      clock.set(NOW);
      api = testApp(test.db, community, { clock: clock.now });
      for (const table of [
        'alert_reads',
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

    async function send(method: string, path: string, body?: unknown, type = 'application/json') {
      const res = await api.app.request(path, {
        method,
        headers: await signedIn(body === undefined ? {} : { 'Content-Type': type }, method),
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON (a CSV, or an empty 204)
      }
      return { status: res.status, headers: res.headers, json, text };
    }

    it('lists the default rule of every amenity', async () => {
      const res = await send('GET', '/api/alert-rules');
      expect(res.status).toBe(200);
      const rules = AlertRuleListSchema.parse(res.json);
      expect(rules).toHaveLength(community.amenities.length);
      expect(rules[0]).toMatchObject({
        kind: 'occupancy',
        threshold: 90,
        rearmBelow: 80,
        cooldownMinutes: 30,
        enabled: true,
        phase: 'armed',
        lastFiredAt: null,
      });
    });

    it('a new rule fires on readings that come after it, never on one stored before it existed', async () => {
      // 113 of 150 people at the lake at 09:50, stored before the rule.
      await api.post([reading('grand-lake', local('2026-11-18', '09:50'), 113)]);
      const created = await send('POST', '/api/alert-rules', {
        amenityId: 'grand-lake',
        kind: 'occupancy',
        threshold: 75,
        rearmBelow: 60,
      });
      expect(created.status).toBe(201);
      // The next batch is judged, the stored reading is not.
      await api.post([reading('grand-lake', local('2026-11-18', '09:55'), 100)]);
      expect(AlertInboxSchema.parse((await send('GET', '/api/alerts')).json).alerts).toEqual([]);
      await api.post([reading('grand-lake', local('2026-11-18', '10:00'), 114)]);
      expect(AlertInboxSchema.parse((await send('GET', '/api/alerts')).json).alerts).toMatchObject([
        { observedAt: local('2026-11-18', '10:00') },
      ]);

      // Switched off, and on again later (past its 30 minutes' cooldown): what came while it was
      // off (130 people, 87%: under the default rule's 90%) is not judged either.
      const { id } = AlertRuleSchema.parse(created.json);
      expect((await send('PATCH', `/api/alert-rules/${id}`, { enabled: false })).status).toBe(200);
      clock.set(local('2026-11-18', '10:45'));
      await api.post([reading('grand-lake', local('2026-11-18', '10:41'), 40)]);
      await api.post([reading('grand-lake', local('2026-11-18', '10:42'), 130)]);
      expect((await send('PATCH', `/api/alert-rules/${id}`, { enabled: true })).status).toBe(200);
      await api.post([reading('grand-lake', local('2026-11-18', '10:43'), 100)]);
      const after = AlertInboxSchema.parse((await send('GET', '/api/alerts')).json).alerts;
      expect(after.map((alert) => alert.observedAt)).toEqual([local('2026-11-18', '10:00')]);
    });

    it('a manager sets "tell me when the pool passes 75%"; crossing readings reach the inbox once', async () => {
      const created = await send('POST', '/api/alert-rules', {
        amenityId: 'grand-lake',
        kind: 'occupancy',
        threshold: 75,
        rearmBelow: 60,
      });
      expect(created.status).toBe(201);
      const rule = AlertRuleSchema.parse(created.json);
      expect(rule).toMatchObject({ amenityId: 'grand-lake', threshold: 75, cooldownMinutes: 30 });
      // Grand Lake holds 150: 113 people is 75.3%; the default 90% rule stays quiet.
      await api.post([
        reading('grand-lake', local('2026-11-18', '09:50'), 100),
        reading('grand-lake', local('2026-11-18', '09:55'), 113),
        reading('grand-lake', local('2026-11-18', '10:00'), 120),
      ]);
      const inbox = AlertInboxSchema.parse((await send('GET', '/api/alerts')).json);
      expect(inbox.unread).toBe(1);
      expect(inbox.alerts).toMatchObject([
        {
          ruleId: rule.id,
          amenityId: 'grand-lake',
          amenityName: 'Grand Lake',
          kind: 'occupancy',
          message: 'Grand Lake is at 75% of capacity (113 of 150 people)',
          observedAt: local('2026-11-18', '09:55'),
          read: false,
        },
      ]);
      const rules = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
      expect(rules.find((r) => r.id === rule.id)).toMatchObject({ phase: 'firing' });

      const id = inbox.alerts[0]?.id ?? 0;
      const read = await send('POST', `/api/alerts/${id}/read`);
      expect(AlertReadResultSchema.parse(read.json)).toEqual({ id, read: true, unread: 0 });
      expect((await send('POST', `/api/alerts/${id}/read`)).status).toBe(200);
      const after = AlertInboxSchema.parse((await send('GET', '/api/alerts')).json);
      expect(after).toMatchObject({ unread: 0, alerts: [{ id, read: true }] });
      expect((await send('POST', `/api/alerts/${id + 1000}/read`)).status).toBe(404);
      expect((await send('GET', '/api/alerts?limit=0')).status).toBe(400);
    });

    it('refuses bad rules with a 400 naming the field, and saves nothing', async () => {
      const cases: [unknown, RegExp][] = [
        [{ amenityId: 'pool', kind: 'occupancy' }, /^amenityId: unknown amenity "pool"/],
        [{ amenityId: 'grand-lake', kind: 'fire' }, /^kind: must be one of/],
        [
          { amenityId: 'grand-lake', kind: 'occupancy', threshold: 500 },
          /^threshold: for occupancy/,
        ],
        [
          { amenityId: 'grand-lake', kind: 'occupancy', threshold: 50, rearmBelow: 70 },
          /^rearmBelow: must be at most the threshold/,
        ],
        [{ amenityId: 'grand-lake', kind: 'silent', cooldownMinutes: -1 }, /^cooldownMinutes: /],
        [{ amenityId: 'grand-lake', kind: 'silent', cooldownMinutes: 1.5 }, /^cooldownMinutes: /],
        [{ amenityId: 'grand-lake', kind: 'silent', admin: true }, /unexpected field\(s\) admin/],
        [{ amenityId: 'x'.repeat(101), kind: 'silent' }, /^amenityId: /],
      ];
      for (const [body, message] of cases) {
        const res = await send('POST', '/api/alert-rules', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((res.json as { error: string }).error).toMatch(message);
      }
      expect((await send('POST', '/api/alert-rules', '{"amenityId":')).status).toBe(400);
      expect((await send('POST', '/api/alert-rules', 'kind=silent', 'text/plain')).status).toBe(
        415,
      );
      const big = { amenityId: 'grand-lake', kind: 'silent', pad: 'x'.repeat(20_000) };
      expect((await send('POST', '/api/alert-rules', big)).status).toBe(413);
      // Streamed without a length: refused as it arrives, not after buffering it.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 64; i++) controller.enqueue(new Uint8Array(1024).fill(32));
          controller.close();
        },
      });
      const streamed = await api.app.request('/api/report-schedules/1', {
        method: 'PATCH',
        headers: await signedIn({ 'Content-Type': 'application/json' }, 'PATCH'),
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      const count = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_rules`,
      );
      expect(count[0]?.n).toBe(0);
    });

    it('changes and deletes a rule; unknown ids are 404', async () => {
      const rule = AlertRuleSchema.parse(
        (await send('POST', '/api/alert-rules', { amenityId: 'the-yard', kind: 'after_hours' }))
          .json,
      );
      expect(rule).toMatchObject({ threshold: 1, rearmBelow: 1, cooldownMinutes: 60 });
      const patched = await send('PATCH', `/api/alert-rules/${rule.id}`, {
        threshold: 5,
        enabled: false,
      });
      expect(patched.status).toBe(200);
      expect(AlertRuleSchema.parse(patched.json)).toMatchObject({
        threshold: 5,
        rearmBelow: 1,
        enabled: false,
      });
      const bad = await send('PATCH', `/api/alert-rules/${rule.id}`, { rearmBelow: 6 });
      expect(bad.status).toBe(400);
      expect((await send('PATCH', '/api/alert-rules/999999', { enabled: true })).status).toBe(404);
      expect((await send('PATCH', '/api/alert-rules/abc', { enabled: true })).status).toBe(404);
      expect((await send('DELETE', `/api/alert-rules/${rule.id}`)).status).toBe(204);
      expect((await send('DELETE', `/api/alert-rules/${rule.id}`)).status).toBe(404);
      // A deleted default does not come back.
      const defaults = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
      const first = defaults[0]?.id ?? 0;
      expect((await send('DELETE', `/api/alert-rules/${first}`)).status).toBe(204);
      const again = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
      expect(again.map((r) => r.id)).not.toContain(first);
      expect(again).toHaveLength(defaults.length - 1);
    });

    it('schedules a monthly report, archives it when due, and serves its CSV', async () => {
      const created = await send('POST', '/api/report-schedules', {
        kind: 'usage',
        cadence: 'monthly',
        dayOfMonth: 1,
        timeOfDay: '08:00',
        recipients: [managerId, managerId],
      });
      expect(created.status).toBe(201);
      const schedule = ReportScheduleSchema.parse(created.json);
      expect(schedule).toMatchObject({
        cadence: 'monthly',
        weekday: null,
        dayOfMonth: 1,
        timeOfDay: '08:00',
        recipients: [{ id: managerId, name: 'The manager' }],
        nextRunAt: local('2026-12-01', '08:00'),
      });
      await api.post([reading('great-lawn', local('2026-11-03', '10:00'), 10, 7, 30)]);
      clock.set(local('2026-12-01', '08:00'));
      expect(await runDueSchedules(test.db, community, clock.now())).toHaveLength(1);
      const list = ReportArchiveSchema.parse((await send('GET', '/api/report-archive')).json);
      expect(list).toMatchObject([
        {
          scheduleId: schedule.id,
          title: 'November 2026 usage report',
          periodFrom: '2026-11-01',
          periodTo: '2026-11-30',
          summary: { totalVisits: 7 },
        },
      ]);
      const csv = await send('GET', `/api/report-archive/${list[0]?.id}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('Content-Disposition')).toBe(
        'attachment; filename="usage-2026-11-01-to-2026-11-30.csv"',
      );
      expect(csv.text).toContain('2026-11-03,7,');
      expect((await send('GET', '/api/report-archive/424242')).status).toBe(404);
      const schedules = await send('GET', '/api/report-schedules');
      expect(schedules.json).toMatchObject([{ nextRunAt: local('2027-01-01', '08:00') }]);
    });

    it('refuses a schedule the same as another, even two sent at once, and more than 20', async () => {
      await test.db.query(`DELETE FROM report_schedules`);
      const body = { kind: 'usage', cadence: 'weekly', weekday: 3, timeOfDay: '06:15' };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => send('POST', '/api/report-schedules', body)),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      expect(answers.find((res) => res.status === 409)?.json).toEqual({
        error: expect.stringMatching(
          /^This report is already scheduled at that time\. Add recipients to that schedule/,
        ) as string,
      });
      // An edit that would make one the same as another is refused too; other times are fine.
      const other = await send('POST', '/api/report-schedules', { ...body, timeOfDay: '06:16' });
      expect(other.status).toBe(201);
      const id = ReportScheduleSchema.parse(other.json).id;
      const clash = await send('PATCH', `/api/report-schedules/${id}`, { timeOfDay: '06:15' });
      expect(clash.status).toBe(409);
      expect((await send('PATCH', `/api/report-schedules/${id}`, { enabled: false })).status).toBe(
        200,
      );
      for (let minute = 17; minute < 17 + 18; minute++) {
        const res = await send('POST', '/api/report-schedules', {
          ...body,
          timeOfDay: `06:${String(minute)}`,
        });
        expect(res.status).toBe(201);
      }
      const past = await send('POST', '/api/report-schedules', { ...body, timeOfDay: '07:00' });
      expect(past).toEqual(
        expect.objectContaining({
          status: 409,
          json: { error: 'A community has at most 20 report schedules; delete one first.' },
        }),
      );
      const [count] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM report_schedules`,
      );
      expect(count?.n).toBe(20);
      await test.db.query(`DELETE FROM report_schedules`);
    });

    it('checks schedules and moves the next run when the timing changes', async () => {
      const missing = await send('POST', '/api/report-schedules', {
        kind: 'usage',
        cadence: 'weekly',
        timeOfDay: '07:00',
      });
      expect(missing).toMatchObject({
        status: 400,
        json: { error: expect.stringMatching(/^weekday: /) },
      });
      for (const timeOfDay of ['24:00', '7:00', '07:60', '']) {
        const res = await send('POST', '/api/report-schedules', {
          kind: 'usage',
          cadence: 'weekly',
          weekday: 1,
          timeOfDay,
        });
        expect(res.status, timeOfDay).toBe(400);
        expect((res.json as { error: string }).error).toMatch(/^timeOfDay: /);
      }
      const tooMany = await send('POST', '/api/report-schedules', {
        kind: 'usage',
        cadence: 'weekly',
        weekday: 1,
        timeOfDay: '07:00',
        recipients: Array.from({ length: 51 }, (_, i) => i + 1),
      });
      expect((tooMany.json as { error: string }).error).toMatch(/^recipients: /);
      // Recipients are users of this community: an unknown id is refused, naming it.
      const stranger = await send('POST', '/api/report-schedules', {
        kind: 'usage',
        cadence: 'weekly',
        weekday: 1,
        timeOfDay: '07:00',
        recipients: [424242],
      });
      expect(stranger).toMatchObject({
        status: 400,
        json: { error: 'recipients: no user 424242 in this community' },
      });
      const offered = await send('GET', '/api/report-schedules/recipients');
      expect(offered.json).toEqual([{ id: managerId, name: 'The manager', role: 'manager' }]);
      const weekly = ReportScheduleSchema.parse(
        (
          await send('POST', '/api/report-schedules', {
            kind: 'usage',
            cadence: 'weekly',
            weekday: 1,
            timeOfDay: '07:00',
          })
        ).json,
      );
      expect(weekly.nextRunAt).toBe(local('2026-11-23', '07:00'));
      const moved = await send('PATCH', `/api/report-schedules/${weekly.id}`, {
        weekday: 5,
        timeOfDay: '18:30',
      });
      expect(ReportScheduleSchema.parse(moved.json).nextRunAt).toBe(local('2026-11-20', '18:30'));
      const monthlyWithoutDay = await send('PATCH', `/api/report-schedules/${weekly.id}`, {
        cadence: 'monthly',
      });
      expect(monthlyWithoutDay.status).toBe(400);
      const renamed = await send('PATCH', `/api/report-schedules/${weekly.id}`, {
        recipients: [managerId],
      });
      expect(renamed.json).toMatchObject({
        recipients: [{ id: managerId, name: 'The manager' }],
        nextRunAt: local('2026-11-20', '18:30'),
      });
      expect((await send('DELETE', `/api/report-schedules/${weekly.id}`)).status).toBe(204);
      expect((await send('DELETE', `/api/report-schedules/${weekly.id}`)).status).toBe(404);
    });

    it('refuses a rule identical to another (amenity, kind, threshold) with a 409 naming it', async () => {
      const defaults = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
      const lawn = defaults.find((r) => r.amenityId === 'great-lawn');
      expect(lawn).toMatchObject({ kind: 'occupancy', threshold: 90 });
      // The form's defaults: the same as the default rule the lawn already has.
      const twin = await send('POST', '/api/alert-rules', {
        amenityId: 'great-lawn',
        kind: 'occupancy',
        threshold: 90,
        rearmBelow: 80,
        cooldownMinutes: 30,
      });
      expect(twin.status).toBe(409);
      // Named by its amenity, kind and threshold, as the list shows it: never by its number.
      expect((twin.json as { error: string }).error).toBe(
        'The Great Lawn already has this rule: Occupancy at 90% of capacity. Edit that rule, or choose another threshold.',
      );
      expect((twin.json as { error: string }).error).not.toMatch(/\brule \d|\d+\)/);
      // Another threshold is another rule; moving it onto the first one's threshold is refused.
      const other = AlertRuleSchema.parse(
        (
          await send('POST', '/api/alert-rules', {
            amenityId: 'great-lawn',
            kind: 'occupancy',
            threshold: 75,
          })
        ).json,
      );
      const moved = await send('PATCH', `/api/alert-rules/${other.id}`, { threshold: 90 });
      expect(moved.status).toBe(409);
      expect((moved.json as { error: string }).error).toBe(
        'The Great Lawn already has this rule: Occupancy at 90% of capacity. Edit that rule, or choose another threshold.',
      );
      // Changing its other levels, keeping its own threshold, is not a duplicate of itself.
      expect((await send('PATCH', `/api/alert-rules/${other.id}`, { enabled: false })).status).toBe(
        200,
      );
      const after = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
      expect(after).toHaveLength(defaults.length + 1);
      expect(after.find((r) => r.id === other.id)).toMatchObject({ threshold: 75 });
    });

    it('refuses an after-hours threshold the table cannot hold with a 400, not a 500', async () => {
      const res = await send('POST', '/api/alert-rules', {
        amenityId: 'the-yard',
        kind: 'after_hours',
        threshold: 5000,
      });
      expect(res.status).toBe(400);
      expect((res.json as { error: string }).error).toBe(
        'threshold: for after_hours must be from 1 to 1000 (people)',
      );
    });

    it('writes an audit row with each rule and schedule change, in the same transaction', async () => {
      const since = (
        await test.db.query<{ last: number }>(
          `SELECT coalesce(max(id), 0)::int AS last FROM audit_log`,
        )
      )[0]?.last;
      const rule = AlertRuleSchema.parse(
        (await send('POST', '/api/alert-rules', { amenityId: 'the-yard', kind: 'silent' })).json,
      );
      await send('PATCH', `/api/alert-rules/${rule.id}`, { threshold: 4 });
      await send('DELETE', `/api/alert-rules/${rule.id}`);
      const schedule = ReportScheduleSchema.parse(
        (
          await send('POST', '/api/report-schedules', {
            kind: 'usage',
            cadence: 'weekly',
            weekday: 1,
            timeOfDay: '07:00',
          })
        ).json,
      );
      await send('PATCH', `/api/report-schedules/${schedule.id}`, { timeOfDay: '08:30' });
      await send('DELETE', `/api/report-schedules/${schedule.id}`);
      // A refused change leaves no row.
      await send('PATCH', `/api/alert-rules/424242`, { threshold: 4 });
      await send('DELETE', `/api/report-schedules/424242`);
      const rows = await test.db.query<{
        action: string;
        user_id: number | null;
        target: string;
        before: unknown;
        after: unknown;
      }>(`SELECT action, user_id, target, before, after FROM audit_log WHERE id > $1 ORDER BY id`, [
        since,
      ]);
      const asJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
      expect(
        rows.map((row) => ({ ...row, before: asJson(row.before), after: asJson(row.after) })),
      ).toEqual([
        {
          action: 'alert-rule.create',
          user_id: managerId,
          target: String(rule.id),
          before: null,
          after: expect.objectContaining({ amenityId: 'the-yard', kind: 'silent', threshold: 3 }),
        },
        {
          action: 'alert-rule.update',
          user_id: managerId,
          target: String(rule.id),
          before: expect.objectContaining({ threshold: 3 }),
          after: expect.objectContaining({ threshold: 4 }),
        },
        {
          action: 'alert-rule.delete',
          user_id: managerId,
          target: String(rule.id),
          before: expect.objectContaining({ threshold: 4 }),
          after: null,
        },
        {
          action: 'report-schedule.create',
          user_id: managerId,
          target: String(schedule.id),
          before: null,
          after: expect.objectContaining({ cadence: 'weekly', weekday: 1, timeOfDay: '07:00' }),
        },
        {
          action: 'report-schedule.update',
          user_id: managerId,
          target: String(schedule.id),
          before: expect.objectContaining({ timeOfDay: '07:00' }),
          after: expect.objectContaining({ timeOfDay: '08:30' }),
        },
        {
          action: 'report-schedule.delete',
          user_id: managerId,
          target: String(schedule.id),
          before: expect.objectContaining({ timeOfDay: '08:30' }),
          after: null,
        },
      ]);
    });

    it('records each rule with its amenity’s name, so the audit log says which rule it was', async () => {
      const since = (
        await test.db.query<{ last: number }>(
          `SELECT coalesce(max(id), 0)::int AS last FROM audit_log`,
        )
      )[0]?.last;
      const rule = AlertRuleSchema.parse(
        (
          await send('POST', '/api/alert-rules', {
            amenityId: 'grand-lake',
            kind: 'occupancy',
            threshold: 75,
            rearmBelow: 65,
          })
        ).json,
      );
      await send('PATCH', `/api/alert-rules/${rule.id}`, { threshold: 85, rearmBelow: 70 });
      await send('DELETE', `/api/alert-rules/${rule.id}`);
      const rows = await test.db.query<{
        action: string;
        target: string;
        before: unknown;
        after: unknown;
      }>(`SELECT action, target, before, after FROM audit_log WHERE id > $1 ORDER BY id`, [since]);
      const entries = rows.map((row) => ({
        ...row,
        before: typeof row.before === 'string' ? (JSON.parse(row.before) as unknown) : row.before,
        after: typeof row.after === 'string' ? (JSON.parse(row.after) as unknown) : row.after,
      }));
      expect(entries[0]?.after).toMatchObject({
        amenityId: 'grand-lake',
        amenityName: 'Grand Lake',
      });
      // What the audit page shows (src/lib/audit-diff.ts): the rule in words, not "#12".
      const shown = entries.map((entry) => describeAuditEntry(entry, IN_LOS_ANGELES));
      expect(shown.map((entry) => entry.target)).toEqual([
        'Occupancy alert for Grand Lake (75% of capacity)',
        'Occupancy alert for Grand Lake (85% of capacity)',
        'Occupancy alert for Grand Lake (85% of capacity)',
      ]);
      expect(shown[0]?.details[0]).toEqual({ field: 'Amenity', value: 'Grand Lake' });
      expect(shown[1]?.changes).toEqual([
        { field: 'Threshold', before: '75', after: '85' },
        { field: 'Rearm below', before: '65', after: '70' },
      ]);
    });

    it("an archived amenity's rule keeps its name, says it is archived, and can only be deleted", async () => {
      const before = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
      const rule = before.find((r) => r.amenityId === 'solis-hall');
      if (!rule) throw new Error('Solis Hall has no default rule');
      try {
        expect((await send('POST', '/api/amenities/solis-hall/archive')).status).toBe(200);
        const after = AlertRuleListSchema.parse((await send('GET', '/api/alert-rules')).json);
        expect(after.find((r) => r.id === rule.id)).toMatchObject({
          amenityId: 'solis-hall',
          amenityName: 'Solis Hall',
          amenityArchived: true,
        });
        expect(after.filter((r) => r.amenityArchived)).toHaveLength(1);
        const patched = await send('PATCH', `/api/alert-rules/${rule.id}`, { threshold: 80 });
        expect(patched.status).toBe(409);
        expect((patched.json as { error: string }).error).toMatch(/^Solis Hall is archived/);
        const created = await send('POST', '/api/alert-rules', {
          amenityId: 'solis-hall',
          kind: 'silent',
        });
        expect(created.status).toBe(409);
        const stored = await test.db.query<{ threshold: number }>(
          `SELECT threshold::float8 AS threshold FROM alert_rules WHERE id = $1`,
          [rule.id],
        );
        expect(stored).toEqual([{ threshold: 90 }]);
        expect((await send('DELETE', `/api/alert-rules/${rule.id}`)).status).toBe(204);
      } finally {
        await test.db.query(`UPDATE amenities SET archived_at = NULL WHERE slug = 'solis-hall'`);
        await reloadAmenities(test.db, community);
      }
    });

    it('answers a wrong method on a collection with 405 and its Allow list', async () => {
      const res = await send('PUT', '/api/alerts', {});
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD');
    });
  });
}
