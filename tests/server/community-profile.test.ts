import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERTS_API_PATHS,
  API_PATHS,
  ReportScheduleListSchema,
  AUDIT_EXPORT_MAX,
  AUDIT_EXPORT_PATH,
  AUDIT_PATH,
  AuditPageSchema,
  COMMUNITY_PATH,
  CommunityProfileSchema,
  ME_PATH,
  MeSchema,
  type AmenityAnalytics,
  type AuditPage,
  type Role,
} from '../../src/api/contract';
import { audit } from '../../server/auth/audit';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { loadCommunity, type Community } from '../../server/community';
import { startScheduler } from '../../server/jobs/scheduler';
import { buildUsageReport } from '../../server/schedules/build-report';
import { describeAuditEntry } from '../../src/lib/audit-diff';
import { zonedTimeToUtc } from '../../src/lib/zoned-time';
import { AUDIT_FILTERS, auditActionMatches } from '../../src/lib/audit-filters';
import { recordedAuditActions } from '../audit-actions';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  openTestDatabase,
  testApp,
  reading,
  testClock,
  type TestDatabase,
} from './helpers';

const ORIGIN = 'http://localhost';
type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(
    `community profile and audit: ${backendTitle(backend)}`,
    () => {
      let test: TestDatabase;
      let community: Community;
      let app: ReturnType<typeof testApp>;
      const clock = testClock('2026-03-18T12:00:00Z');
      const cookies = {} as Record<Role, string>;
      const ids = {} as Record<Role, number>;

      beforeAll(async () => {
        test = await openTestDatabase(backend);
        community = await createTestCommunity(test.db);
        const passwordHash = await hashPassword('correct horse battery staple');
        for (const role of ['admin', 'manager', 'board'] as const) {
          const id = await insertUser(
            test.db,
            community.id,
            {
              email: `${role}@example.org`,
              name: `The ${role}`,
              role,
              passwordHash,
              totpSecret: role === 'admin' ? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' : null,
            },
            clock.now(),
          );
          if (id === null) throw new Error('duplicate');
          ids[role] = id;
          cookies[role] = `cg_session=${await createSession(test.db, id, clock.now())}`;
        }
        app = testApp(test.db, community, { clock: clock.now, demo: true });
      });
      afterAll(() => test?.drop());

      async function call(
        method: string,
        path: string,
        body?: unknown,
        role: Role | null = 'admin',
        via = app,
      ) {
        const res = await via.app.request(path, {
          method,
          headers: {
            ...(role ? { Cookie: cookies[role] } : {}),
            ...(method === 'GET' ? {} : { Origin: ORIGIN }),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null } as Res;
      }
      const profile = async (role: Role | null = 'board') =>
        CommunityProfileSchema.parse((await call('GET', COMMUNITY_PATH, undefined, role)).json);
      const auditPage = async (query = '') =>
        AuditPageSchema.parse((await call('GET', `${AUDIT_PATH}${query}`)).json);

      it('everyone who reads the dashboards reads the profile, the demo viewer included', async () => {
        for (const role of ['admin', 'manager', 'board', null] as const) {
          expect(await profile(role)).toEqual({
            slug: 'test-community',
            name: 'Willow Creek',
            code: 'WCCA-2024',
            address: '1200 Willow Creek Parkway, Irvine, CA 92618',
            timeZone: 'America/Los_Angeles',
            currency: 'USD',
          });
        }
      });

      it('only an Admin changes it', async () => {
        for (const role of ['manager', 'board', null] as const) {
          const res = await call('PATCH', COMMUNITY_PATH, { name: 'Taken over' }, role);
          expect(res.status).toBe(403);
        }
        expect((await profile()).name).toBe('Willow Creek');
      });

      it.each([
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(81) }, 'name'],
        [{ code: 'WC CA' }, 'code'],
        [{ code: 'x'.repeat(41) }, 'code'],
        [{ address: 'x'.repeat(301) }, 'address'],
        [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
        [{ timeZone: 'UTC+2' }, 'timeZone'],
        [{ currency: 'XYZ' }, 'currency'],
        [{ currency: 'usd' }, 'currency'],
        [{ owner: 'me' }, 'owner'],
        [{ name: 'Fine', timeZone: 'Not/AZone' }, 'timeZone'],
      ])('refuses %o with a 400 naming %s, saving nothing', async (body, field) => {
        const before = await profile();
        const res = await call('PATCH', COMMUNITY_PATH, body);
        expect(res.status).toBe(400);
        expect((res.json as { error: string }).error).toContain(field);
        expect(await profile()).toEqual(before);
      });

      it('an Admin’s change is stored, audited and applied at once: me, analytics, reports', async () => {
        const res = await call('PATCH', COMMUNITY_PATH, {
          name: '  Lakeside Commons ',
          code: 'LSC-1',
          timeZone: 'America/New_York',
          currency: 'CAD',
        });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        expect(CommunityProfileSchema.parse(res.json)).toMatchObject({
          name: 'Lakeside Commons',
          code: 'LSC-1',
          timeZone: 'America/New_York',
          currency: 'CAD',
        });
        // Every user sees it: the user card (GET /api/me), the profile, the endpoints' zone.
        const me = MeSchema.parse((await call('GET', ME_PATH, undefined, 'board')).json);
        expect(me.community.name).toBe('Lakeside Commons');
        expect((await profile(null)).timeZone).toBe('America/New_York');
        const analytics = (await call('GET', API_PATHS.amenityAnalytics, undefined, 'board'))
          .json as AmenityAnalytics[];
        expect(analytics[0]?.timeZone).toBe('America/New_York');
        const report = await buildUsageReport(test.db, community, 'monthly', clock.now());
        expect(report.csv).toContain('America/New_York');
        expect(report.csv).not.toContain('America/Los_Angeles');
        // Audited, before and after, by the Admin.
        const [row] = (await auditPage('?action=community.update')).entries;
        expect(row).toMatchObject({
          action: 'community.update',
          target: 'test-community',
          actor: { id: ids.admin, name: 'The admin', email: 'admin@example.org' },
          before: { name: 'Willow Creek', timeZone: 'America/Los_Angeles', currency: 'USD' },
          after: { name: 'Lakeside Commons', timeZone: 'America/New_York', currency: 'CAD' },
        });
        // Stored: a fresh load (another process starting) reads the same.
        const loaded = await loadCommunity(test.db, 'test-community');
        expect(loaded).toMatchObject({ name: 'Lakeside Commons', currency: 'CAD', code: 'LSC-1' });
      });

      it('another server process picks the change up on its next scheduler pass', async () => {
        const other = await loadCommunity(test.db, 'test-community');
        if (!other) throw new Error('missing');
        const res = await call('PATCH', COMMUNITY_PATH, {
          name: 'Willow Creek',
          timeZone: 'Europe/Paris',
        });
        expect(res.status).toBe(200);
        expect(other.name).not.toBe('Willow Creek');
        const scheduler = startScheduler({
          db: test.db,
          community: other,
          clock: clock.now,
          intervalMs: 3_600_000,
        });
        await scheduler.tick();
        await scheduler.stop();
        expect(other).toMatchObject({ name: 'Willow Creek', timeZone: 'Europe/Paris' });
      });

      it('a new time zone moves each scheduled report to its local time in that zone', async () => {
        const created = await call('POST', ALERTS_API_PATHS.reportSchedules, {
          kind: 'usage',
          cadence: 'weekly',
          weekday: 1,
          timeOfDay: '08:00',
        });
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        const nextRun = async () =>
          ReportScheduleListSchema.parse(
            (await call('GET', ALERTS_API_PATHS.reportSchedules)).json,
          )[0]?.nextRunAt;
        // Wednesday 18 March 2026, 12:00 UTC: the next Monday is the 23rd.
        expect(await nextRun()).toBe('2026-03-23T07:00:00.000Z'); // 08:00 in Paris (CET)
        const res = await call('PATCH', COMMUNITY_PATH, { timeZone: 'Asia/Tokyo' });
        expect(res.status).toBe(200);
        expect(await nextRun()).toBe('2026-03-22T23:00:00.000Z'); // 08:00 in Tokyo
        // Another field alone leaves it where it is.
        expect((await call('PATCH', COMMUNITY_PATH, { name: 'Willow Creek' })).status).toBe(200);
        expect(await nextRun()).toBe('2026-03-22T23:00:00.000Z');
      });

      it('a new time zone regroups every day’s figures into that zone’s days, the past included', async () => {
        expect(
          (await call('PATCH', COMMUNITY_PATH, { timeZone: 'America/Los_Angeles' })).status,
        ).toBe(200);
        // Tue 17 March 2026, 20:00 UTC: 13:00 that day in Los Angeles, 05:00 on the 18th in Tokyo.
        expect(
          (await app.post([reading('great-lawn', '2026-03-17T20:00:00Z', 3, 12)])).status,
        ).toBe(200);
        const dayOfVisits = async () => {
          const res = await app.get(`${API_PATHS.timeline}?period=month&days=7`);
          const points = res.json as { time: string; amenities?: Record<string, number> }[];
          return points.filter((p) => (p.amenities?.['great-lawn'] ?? 0) > 0).map((p) => p.time);
        };
        expect(await dayOfVisits()).toEqual(['2026-03-17T07:00:00.000Z']); // 17 March, PDT
        expect((await call('PATCH', COMMUNITY_PATH, { timeZone: 'Asia/Tokyo' })).status).toBe(200);
        expect(await dayOfVisits()).toEqual(['2026-03-17T15:00:00.000Z']); // 18 March, JST
        const [daily] = await test.db.query<{ day: string; entries: number }>(
          `SELECT day::text AS day, entries::int AS entries FROM readings_daily d
             JOIN amenities a ON a.id = d.amenity_id WHERE a.slug = 'great-lawn'`,
        );
        expect(daily).toEqual({ day: '2026-03-18', entries: 12 });
      });

      describe('the audit log', () => {
        it('is for Admins only', async () => {
          for (const role of ['manager', 'board', null] as const) {
            expect((await call('GET', AUDIT_PATH, undefined, role)).status).toBe(403);
          }
        });

        it('pages newest first by cursor, filters by action and actor', async () => {
          for (let i = 0; i < 5; i++) {
            await audit(
              test.db,
              {
                communityId: community.id,
                userId: ids.manager,
                action: 'amenity.update',
                target: `a${i}`,
              },
              clock.now() + i,
            );
          }
          const first = await auditPage('?limit=2&action=amenity.');
          expect(first.entries.map((e) => e.target)).toEqual(['a4', 'a3']);
          expect(first.nextBefore).toBe(first.entries[1]?.id);
          const second = await auditPage(`?limit=2&action=amenity.&before=${first.nextBefore}`);
          expect(second.entries.map((e) => e.target)).toEqual(['a2', 'a1']);
          const last = await auditPage(`?limit=2&action=amenity.&before=${second.nextBefore}`);
          expect(last.entries.map((e) => e.target)).toEqual(['a0']);
          expect(last.nextBefore).toBeNull();
          // Several actions or prefixes at once, paged the same way.
          const both = await auditPage('?limit=3&action=integration.rotate,amenity.');
          expect(both.entries.map((e) => e.action)).toEqual([
            'amenity.update',
            'amenity.update',
            'amenity.update',
          ]);
          expect(both.nextBefore).toBe(both.entries[2]?.id);
          const exact = await auditPage('?action=amenity.update,community.update');
          expect(exact.entries.every((e) => /^(amenity|community)\.update$/.test(e.action))).toBe(
            true,
          );
          const byManager = await auditPage(`?actor=${ids.manager}`);
          expect(byManager.entries).toHaveLength(5);
          expect(byManager.entries.every((e) => e.actor?.id === ids.manager)).toBe(true);
          expect((await auditPage(`?actor=${ids.board}`)).entries).toEqual([]);
        });

        it('keeps to a period of whole days of the community, both ends included', async () => {
          const zone = community.timeZone;
          const midnight = (day: string) => zonedTimeToUtc(day, '00:00', zone).getTime();
          const at = {
            'the last moment before': midnight('2026-02-01') - 1,
            'the first moment of the first day': midnight('2026-02-01'),
            'the last moment of the last day': midnight('2026-02-04') - 1,
            'the first moment after': midnight('2026-02-04'),
          };
          for (const [target, when] of Object.entries(at)) {
            await audit(
              test.db,
              { communityId: community.id, userId: ids.admin, action: 'period.test', target },
              when,
            );
          }
          const targets = async (query: string) =>
            (await auditPage(`?action=period.test${query}`)).entries.map((e) => e.target);
          expect(await targets('&from=2026-02-01&to=2026-02-03')).toEqual([
            'the last moment of the last day',
            'the first moment of the first day',
          ]);
          expect(await targets('&from=2026-02-04')).toEqual(['the first moment after']);
          expect(await targets('&to=2026-01-31')).toEqual(['the last moment before']);
          expect(await targets('&from=2026-02-02&to=2026-02-02')).toEqual([]);
          for (const [query, error] of [
            ['from=2026-02-30', /^from: a date such as 2026-11-01/],
            ['to=2026-2-1', /^to: a date such as/],
            ['from=1999-12-31', /^from: a date such as 2026-11-01, from 2000-01-01/],
            ['from=2026-02-05&to=2026-02-01', /^from: 2026-02-05 is after to \(2026-02-01\)/],
          ] as const) {
            const res = await call('GET', `${AUDIT_PATH}?${query}`);
            expect(res.status, query).toBe(400);
            expect((res.json as { error: string }).error, query).toMatch(error);
          }
        });

        it('downloads what the page shows as a CSV file, for Admins, bounded', async () => {
          const get = (query: string, role: Role = 'admin') =>
            app.app.request(`${AUDIT_EXPORT_PATH}${query}`, { headers: { Cookie: cookies[role] } });
          for (const role of ['manager', 'board'] as const) {
            expect((await get('', role)).status).toBe(403);
          }
          const res = await get('?action=period.test&from=2026-02-01&to=2026-02-03');
          expect(res.status).toBe(200);
          expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
          expect(res.headers.get('Content-Disposition')).toMatch(
            /^attachment; filename="audit-log-test-community-\d{4}-\d{2}-\d{2}\.csv"$/,
          );
          const bytes = new Uint8Array(await res.arrayBuffer());
          expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
          const lines = new TextDecoder().decode(bytes).split('\r\n');
          expect(lines.slice(0, 5)).toEqual([
            'Report,Audit log',
            'Community,Willow Creek',
            'Period,2026-02-01 to 2026-02-03',
            'Entries,period.test',
            'Count,2',
          ]);
          const table = lines.slice(lines.indexOf('') + 1).filter(Boolean);
          expect(table).toHaveLength(3);
          expect(table[1]).toContain(',the last moment of the last day,');
          expect(table[2]).toContain(',the first moment of the first day,');
          // Refused as the page's list is: a backwards period, a date that is none.
          expect((await get('?from=2026-02-05&to=2026-02-01')).status).toBe(400);
          expect((await get('?to=2026-02-30')).status).toBe(400);

          // Past 10,000 matching entries: a 400 that says what to do, not a file cut short.
          await test.db.query(
            `INSERT INTO audit_log (community_id, user_id, action, target, at)
             SELECT $1, NULL, 'bulk.test', 'row ' || n, now() FROM generate_series(1, $2::int) AS n`,
            [community.id, AUDIT_EXPORT_MAX + 1],
          );
          const over = await get('?action=bulk.test');
          expect(over.status).toBe(400);
          expect(((await over.json()) as { error: string }).error).toBe(
            'More than 10,000 entries match: choose a shorter period, or one kind of entry under Show',
          );
          await test.db.query(
            `DELETE FROM audit_log WHERE action = 'bulk.test' AND target = 'row 1'`,
          );
          const full = await get('?action=bulk.test');
          expect(full.status).toBe(200);
          expect((await full.text()).split('\r\n').filter(Boolean)).toHaveLength(
            7 + 1 + AUDIT_EXPORT_MAX,
          );
          await test.db.query(`DELETE FROM audit_log WHERE action = 'bulk.test'`);
        });

        it('answers each "Show" choice of the audit page in one request, with its actions only', async () => {
          const recorded = [...recordedAuditActions().actions.keys()];
          for (const [i, action] of recorded.entries()) {
            await audit(
              test.db,
              { communityId: community.id, userId: ids.admin, action, target: 'every-action' },
              clock.now() + 100 + i,
            );
          }
          const shown = new Set<string>();
          for (const option of AUDIT_FILTERS.filter((o) => o.value !== '')) {
            const action = encodeURIComponent(option.actions.join(','));
            const page = await auditPage(`?limit=100&action=${action}`);
            const ours = page.entries
              .filter((e) => e.target === 'every-action')
              .map((e) => e.action);
            const wanted = recorded.filter((a) =>
              option.actions.some((f) => auditActionMatches(f, a)),
            );
            expect(ours.sort(), option.label).toEqual(wanted.sort());
            for (const a of ours) shown.add(a);
          }
          expect([...shown].sort()).toEqual(recorded.sort());
        });

        it('never shows a secret, at any depth', async () => {
          await audit(
            test.db,
            {
              communityId: community.id,
              userId: ids.admin,
              action: 'integration.rotate',
              target: 'tts',
              before: { secretHash: 'abc123', name: 'TTS' },
              after: { nested: { password: 'hunter2', token: 't0k3n' }, name: 'TTS' },
            },
            clock.now() + 10,
          );
          const page: AuditPage = await auditPage('?action=integration.rotate');
          expect(page.entries[0]?.before).toEqual({ secretHash: '[hidden]', name: 'TTS' });
          expect(page.entries[0]?.after).toEqual({
            nested: { password: '[hidden]', token: '[hidden]' },
            name: 'TTS',
          });
          expect(JSON.stringify(page)).not.toMatch(/abc123|hunter2|t0k3n/);
        });

        it('shows how many recovery codes were made, and a yes/no, but never a code or secret', async () => {
          const target = 'codes@example.org';
          const write = (action: string, before: unknown, after: unknown, at: number) =>
            audit(
              test.db,
              { communityId: community.id, userId: ids.admin, action, target, before, after },
              clock.now() + at,
            );
          // As the account routes record them (server/auth/routes.ts, account-routes.ts).
          await write(
            'totp.enrolled',
            { totpEnabled: false },
            { totpEnabled: true, recoveryCodes: 10 },
            20,
          );
          await write('totp.recovery-codes-renewed', null, { recoveryCodes: 10 }, 21);
          // What must stay hidden under the same keys: the codes, secrets, a code as a number.
          await write(
            'totp.replaced',
            null,
            {
              recoveryCodes: ['abcd-efgh-2345', 'jkmn-pqrs-6789'],
              totpSecret: 'JBSWY3DPEHPK3PXP',
              totpCode: 123456,
              recoveryCodeCount: '10',
              nested: { recoveryCodeHashes: ['h4sh1'], secret: 424242 },
            },
            22,
          );
          const page: AuditPage = await auditPage('?limit=100&action=totp.');
          const ours = page.entries.filter((entry) => entry.target === target);
          expect(ours.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
            {
              action: 'totp.replaced',
              before: null,
              after: {
                recoveryCodes: '[hidden]',
                totpSecret: '[hidden]',
                totpCode: '[hidden]',
                recoveryCodeCount: '[hidden]',
                nested: { recoveryCodeHashes: '[hidden]', secret: '[hidden]' },
              },
            },
            { action: 'totp.recovery-codes-renewed', before: null, after: { recoveryCodes: 10 } },
            {
              action: 'totp.enrolled',
              before: { totpEnabled: false },
              after: { totpEnabled: true, recoveryCodes: 10 },
            },
          ]);
          expect(JSON.stringify(page)).not.toMatch(/abcd-efgh|jkmn|JBSWY3|123456|h4sh1|424242/);
          // What the audit page shows (src/lib/audit-diff.ts).
          const display = { timeZone: community.timeZone, roleLabels: {} };
          const [, renewed, enrolled] = ours;
          if (!renewed || !enrolled) throw new Error('entries missing');
          expect(describeAuditEntry(renewed, display).details).toEqual([
            { field: 'Recovery codes', value: '10' },
          ]);
          expect(describeAuditEntry(enrolled, display).changes).toEqual([
            { field: 'TOTP enabled', before: 'no', after: 'yes' },
            { field: 'Recovery codes', before: '—', after: '10' },
          ]);
        });

        it.each([
          ['?limit=0', 'limit'],
          ['?limit=101', 'limit'],
          ['?limit=abc', 'limit'],
          ['?before=-1', 'before'],
          ['?actor=99999999999', 'actor'],
          ['?action=DROP%20TABLE', 'action'],
          ['?action=a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q', 'action'],
          ['?action=sign-in,DROP', 'action'],
        ])('refuses %s with a 400 naming %s', async (query, field) => {
          const res = await call('GET', `${AUDIT_PATH}${query}`);
          expect(res.status).toBe(400);
          expect((res.json as { error: string }).error).toContain(field);
        });
      });

      describe('another server process on the same database', () => {
        let other: Community;
        let otherApp: ReturnType<typeof testApp>;
        beforeAll(async () => {
          const loaded = await loadCommunity(test.db, 'test-community');
          if (!loaded) throw new Error('missing');
          other = loaded;
          otherApp = testApp(test.db, other, { clock: clock.now, demo: true });
          // Its copy of the settings, loaded once: a first write brings it up to date.
          expect(
            (await otherApp.post([reading('great-lawn', '2026-03-18T11:00:00Z', 1)])).status,
          ).toBe(200);
        });

        it('refuses a reading for an amenity archived here a moment before', async () => {
          const archived = await call('POST', '/api/amenities/the-yard/archive');
          expect(archived.status).toBe(200);
          try {
            const res = await otherApp.post([reading('the-yard', '2026-03-18T11:30:00Z', 4)]);
            expect(res.status).toBe(400);
            expect((res.json as { error: string }).error).toMatch(/unknown amenity "the-yard"/);
          } finally {
            expect((await call('POST', '/api/amenities/the-yard/restore')).status).toBe(200);
          }
          // Restored here: accepted there at once.
          expect(
            (await otherApp.post([reading('the-yard', '2026-03-18T11:40:00Z', 4)])).status,
          ).toBe(200);
        });

        it('reckons a new schedule’s first run in the time zone just set here', async () => {
          expect(
            (await call('PATCH', COMMUNITY_PATH, { timeZone: 'America/New_York' })).status,
          ).toBe(200);
          const created = await call(
            'POST',
            ALERTS_API_PATHS.reportSchedules,
            { kind: 'usage', cadence: 'weekly', weekday: 1, timeOfDay: '09:30' },
            'manager',
            otherApp,
          );
          expect(created.status, JSON.stringify(created.json)).toBe(201);
          // Monday 23 March, 09:30 in New York (EDT): 13:30 UTC.
          expect(created.json).toMatchObject({ nextRunAt: '2026-03-23T13:30:00.000Z' });
        });
      });
    },
  );
}
