import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERTS_API_PATHS,
  AMENITY_SETUP_PATH,
  API_PATHS,
  type AmenityAnalytics,
  type AmenitySetup,
  type DashboardMetrics,
  type Role,
} from '../../src/api/contract';
import { everyDay } from '../../src/lib/weekly-hours';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { loadCommunity, type Community } from '../../server/community';
import {
  DEMO_CHIRPSTACK,
  DEMO_DEVICES,
  ensureDemoSensors,
} from '../../server/integrations/demo-sensors';
import { chirpStackUpBody, encodeVs133 } from '../../server/lorawan/encode';
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

const ORIGIN = 'http://localhost';
const NEW_AMENITY = {
  name: 'Clubhouse Pool',
  type: 'lake',
  description: 'Heated, lap lanes',
  capacity: 40,
  hours: everyDay(6 * 60, 21 * 60),
  monthlyOperatingCost: 3100.5,
};

type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`amenity setup: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    const clock = testClock('2026-03-18T12:00:00Z');
    const cookies = {} as Record<Role, string>;

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
            totpSecret: null,
          },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        cookies[role] = `cg_session=${await createSession(test.db, id, clock.now())}`;
      }
      app = testApp(test.db, community, { clock: clock.now, demo: true });
    });
    afterAll(() => test?.drop());

    async function call(method: string, path: string, body?: unknown, role: Role = 'manager') {
      const res = await app.app.request(path, {
        method,
        headers: {
          Cookie: cookies[role],
          ...(method === 'GET' ? {} : { Origin: ORIGIN }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as unknown } satisfies Res;
    }
    const analytics = async () =>
      (await app.get(API_PATHS.amenityAnalytics)).json as AmenityAnalytics[];
    const auditRows = (target: string) =>
      test.db.query<{ action: string; user_id: number; before: unknown; after: unknown }>(
        `SELECT action, user_id, before, after FROM audit_log WHERE target = $1 ORDER BY id`,
        [target],
      );

    it('the fee reports read the stored, seeded operating costs', async () => {
      const costs = Object.fromEntries((await analytics()).map((a) => [a.id, a]));
      expect(costs['solis-hall']?.monthlyOperatingCost).toBe(6800);
      expect(costs['market-street']?.monthlyOperatingCost).toBeUndefined();
    });

    it('a Manager creates an amenity: stored, audited, and live at once', async () => {
      const res = await call('POST', AMENITY_SETUP_PATH, NEW_AMENITY);
      expect(res.status).toBe(201);
      const created = res.json as AmenitySetup;
      expect(created).toMatchObject({ ...NEW_AMENITY, id: 'clubhouse-pool', archived: false });
      expect(created.color).toMatch(/^#[0-9a-f]{6}$/);

      const live = (await analytics()).find((a) => a.id === 'clubhouse-pool');
      expect(live).toMatchObject({
        name: 'Clubhouse Pool',
        capacity: 40,
        monthlyOperatingCost: 3100.5,
      });
      // Sensors may report for it straight away (from the instant it was added: 05:00 there).
      const ingested = await app.post([reading('clubhouse-pool', local('2026-03-18', '05:00'), 3)]);
      expect(ingested.status).toBe(200);

      const [row] = await auditRows('clubhouse-pool');
      expect(row).toMatchObject({ action: 'amenity.create', before: null });
      expect(row?.after).toMatchObject({ name: 'Clubhouse Pool', capacity: 40 });

      // One name per amenity, whatever the case: two could not be told apart in any list.
      const taken = {
        status: 409,
        json: {
          error: 'name: another amenity is called Clubhouse Pool; give this one another name',
        },
      };
      expect(await call('POST', AMENITY_SETUP_PATH, NEW_AMENITY)).toEqual(taken);
      expect(
        await call('POST', AMENITY_SETUP_PATH, { ...NEW_AMENITY, name: 'clubhouse POOL' }),
      ).toEqual(taken);
      expect(
        await call('PATCH', `${AMENITY_SETUP_PATH}/great-lawn`, { name: 'Clubhouse pool' }),
      ).toEqual(taken);
      // Another name with the same address gets the next one.
      const other = await call('POST', AMENITY_SETUP_PATH, {
        ...NEW_AMENITY,
        name: 'Clubhouse Pool!',
      });
      expect((other.json as AmenitySetup).id).toBe('clubhouse-pool-2');
      // Sent at once, the same new name is created once.
      const burst = await Promise.all(
        Array.from({ length: 5 }, () =>
          call('POST', AMENITY_SETUP_PATH, { ...NEW_AMENITY, name: 'Tennis Court' }),
        ),
      );
      expect(burst.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    });

    it('edits any subset of the fields, with before and after in the audit log', async () => {
      const res = await call('PATCH', `${AMENITY_SETUP_PATH}/great-lawn`, {
        capacity: 250,
        monthlyOperatingCost: null,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: 'great-lawn', name: 'The Great Lawn', capacity: 250 });
      const lawn = (await analytics()).find((a) => a.id === 'great-lawn');
      expect(lawn?.capacity).toBe(250);
      expect(lawn?.monthlyOperatingCost).toBeUndefined(); // now "cost not entered"
      const rows = await auditRows('great-lawn');
      expect(rows.at(-1)).toMatchObject({
        action: 'amenity.update',
        before: { capacity: 200, monthlyOperatingCost: 4200 },
        after: { capacity: 250, monthlyOperatingCost: null },
      });
      // Nothing to change (an empty PATCH, or the values already stored): not logged as a change.
      for (const same of [{}, { capacity: 250 }]) {
        const unchanged = await call('PATCH', `${AMENITY_SETUP_PATH}/great-lawn`, same);
        expect(unchanged).toMatchObject({ status: 200, json: { id: 'great-lawn', capacity: 250 } });
      }
      expect(await auditRows('great-lawn')).toHaveLength(rows.length);
    });

    it('an amenity’s own value per visit is what the Revenue Impact counts for it', async () => {
      // Yesterday, 10 visits to the hall and 4 to the yard: the only visits of the 30 days.
      const visits = [
        reading('solis-hall', local('2026-03-17', '10:00'), 10, 10),
        reading('the-yard', local('2026-03-17', '10:00'), 4, 4),
      ];
      expect((await app.post(visits)).status).toBe(200);
      const revenue = async () =>
        ((await app.get(API_PATHS.metrics)).json as DashboardMetrics).revenueImpact;
      // Type defaults: hall $3.00, yard $1.50 (and the pool's 3 entries of today at lake $1.25).
      const before = await revenue();
      const res = await call('PATCH', `${AMENITY_SETUP_PATH}/solis-hall`, { visitValue: 12.5 });
      expect(res).toMatchObject({ status: 200, json: { id: 'solis-hall', visitValue: 12.5 } });
      // 10 visits x ($12.50 - $3.00) more; the yard's 4 x $1.50 unchanged.
      expect(await revenue()).toBe(Math.round(before + 10 * (12.5 - 3)));
      const hall = (await analytics()).find((a) => a.id === 'solis-hall');
      expect(hall?.visitValue).toBe(12.5);
      expect((await analytics()).find((a) => a.id === 'the-yard')?.visitValue).toBe(1.5);
      expect((await auditRows('solis-hall')).at(-1)).toMatchObject({
        action: 'amenity.update',
        after: { visitValue: 12.5 },
      });
      // Cleared: the type's default again.
      const cleared = await call('PATCH', `${AMENITY_SETUP_PATH}/solis-hall`, { visitValue: null });
      expect(cleared).toMatchObject({ status: 200, json: { visitValue: null } });
      expect(await revenue()).toBe(before);
    });

    it.each([
      [{ ...NEW_AMENITY, name: '' }, 'name'],
      [{ ...NEW_AMENITY, capacity: 0 }, 'capacity'],
      [{ ...NEW_AMENITY, capacity: 1.5 }, 'capacity'],
      [{ ...NEW_AMENITY, type: 'moat' }, 'type'],
      [{ ...NEW_AMENITY, monthlyOperatingCost: -1 }, 'monthlyOperatingCost'],
      [{ ...NEW_AMENITY, visitValue: -0.5 }, 'visitValue'],
      [{ ...NEW_AMENITY, visitValue: 1000.01 }, 'visitValue'],
      [{ ...NEW_AMENITY, visitValue: '2.50' }, 'visitValue'],
      [{ ...NEW_AMENITY, hours: everyDay(1440, 1440) }, 'hours.0.opensMinute'],
      [{ ...NEW_AMENITY, hours: everyDay(600, 600) }, 'hours.0.closesMinute'],
      [{ ...NEW_AMENITY, hours: everyDay(600, 1200).slice(1) }, 'hours'],
      [{ ...NEW_AMENITY, hours: [...everyDay(600, 1200).slice(1), { opensMinute: 1 }] }, 'hours.6'],
      [{ ...NEW_AMENITY, color: 'red' }, 'color'],
      [{ ...NEW_AMENITY, owner: 'me' }, 'owner'],
      [{ ...NEW_AMENITY, name: 'x'.repeat(81) }, 'name'],
      [{ ...NEW_AMENITY, name: '\u200b\u200b' }, 'name'],
      [{ ...NEW_AMENITY, name: 'Pool \u202eloot' }, 'name'],
    ])('refuses %o with a 400 naming %s, saving nothing', async (body, field) => {
      const before = await call('GET', AMENITY_SETUP_PATH);
      const res = await call('POST', AMENITY_SETUP_PATH, body);
      expect(res.status).toBe(400);
      expect((res.json as { error: string }).error).toContain(field);
      expect(await call('GET', AMENITY_SETUP_PATH)).toEqual(before);
    });

    it('an edit that breaks the hours is refused whole', async () => {
      const res = await call('PATCH', `${AMENITY_SETUP_PATH}/solis-hall`, {
        name: 'Renamed',
        hours: [...everyDay(600, 1200).slice(0, 6), { opensMinute: 1320, closesMinute: 60 }],
      });
      expect(res.status).toBe(400);
      expect((res.json as { error: string }).error).toContain('hours.6.closesMinute');
      const hall = (await analytics()).find((a) => a.id === 'solis-hall');
      expect(hall?.name).toBe('Solis Hall');
    });

    it('an unknown amenity is a 404', async () => {
      expect((await call('PATCH', `${AMENITY_SETUP_PATH}/nowhere`, { capacity: 3 })).status).toBe(
        404,
      );
      expect((await call('POST', `${AMENITY_SETUP_PATH}/NOPE!/archive`)).status).toBe(404);
    });

    it('archiving hides an amenity from live views but keeps its history in reports', async () => {
      await app.post([reading('heritage-tree', local('2026-03-17', '10:00'), 2, 7)]);
      const metrics = async () => (await app.get(API_PATHS.metrics)).json as DashboardMetrics;
      const before = await metrics();
      const res = await call('POST', `${AMENITY_SETUP_PATH}/heritage-tree/archive`);
      expect(res.status).toBe(200);
      // The last 30 days happened: their visits, session time and value do not change.
      expect(await metrics()).toMatchObject({
        revenueImpact: before.revenueImpact,
        avgSessionTime: before.avgSessionTime,
        activeUsersToday: before.activeUsersToday,
      });
      expect(res.json).toMatchObject({ id: 'heritage-tree', archived: true });
      expect((await analytics()).map((a) => a.id)).not.toContain('heritage-tree');
      const popularity = (await app.get(API_PATHS.popularity)).json as { name: string }[];
      expect(popularity.map((p) => p.name)).not.toContain('Heritage Tree Area');
      const timeline = (await app.get(`${API_PATHS.timeline}?period=week`)).json as {
        amenities?: Record<string, number>;
      }[];
      const visits = timeline.reduce((sum, p) => sum + (p.amenities?.['heritage-tree'] ?? 0), 0);
      expect(visits).toBe(7);
      // No more readings, no more edits; archiving twice says so.
      const late = await app.post([reading('heritage-tree', local('2026-03-18', '04:55'), 1)]);
      expect(late.status).toBe(400);
      expect((await call('POST', `${AMENITY_SETUP_PATH}/heritage-tree/archive`)).status).toBe(409);
      expect(
        (await call('PATCH', `${AMENITY_SETUP_PATH}/heritage-tree`, { capacity: 3 })).status,
      ).toBe(409);
      const [count] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM readings r JOIN amenities a ON a.id = r.amenity_id
          WHERE a.slug = 'heritage-tree' AND a.community_id = $1`,
        [community.id],
      );
      expect(count?.n).toBeGreaterThan(0);
      expect((await auditRows('heritage-tree')).at(-1)?.action).toBe('amenity.archive');
    });

    it('restoring brings an archived amenity back: live views, readings, edits, rules', async () => {
      const lake = `${AMENITY_SETUP_PATH}/grand-lake`;
      await app.post([reading('grand-lake', local('2026-03-17', '09:00'), 5, 9)]);
      expect((await call('POST', `${lake}/archive`)).status).toBe(200);
      expect(
        (await app.post([reading('grand-lake', local('2026-03-18', '04:40'), 2)])).status,
      ).toBe(400);

      // Board and the demo viewer may not restore it; it stays archived.
      expect((await call('POST', `${lake}/restore`, undefined, 'board')).status).toBe(403);
      const demo = await app.app.request(`${lake}/restore`, {
        method: 'POST',
        headers: { Origin: ORIGIN },
      });
      expect(demo.status).toBe(403);
      const setup = (await call('GET', AMENITY_SETUP_PATH)).json as AmenitySetup[];
      expect(setup.find((a) => a.id === 'grand-lake')?.archived).toBe(true);
      expect((await analytics()).map((a) => a.id)).not.toContain('grand-lake');
      // Its name is still its own: a new amenity is pointed to it instead.
      expect(
        await call('POST', AMENITY_SETUP_PATH, { ...NEW_AMENITY, name: 'Grand Lake' }),
      ).toEqual({
        status: 409,
        json: {
          error:
            'name: an archived amenity is called Grand Lake; restore it, or give this one another name',
        },
      });

      const res = await call('POST', `${lake}/restore`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: 'grand-lake', name: 'Grand Lake', archived: false });
      const [manager] = await test.db.query<{ id: number }>(
        `SELECT id FROM users WHERE email = 'manager@example.org'`,
      );
      const rows = await auditRows('grand-lake');
      expect(rows.map((row) => row.action)).toEqual(['amenity.archive', 'amenity.restore']);
      expect(rows.at(-1)).toMatchObject({
        user_id: manager?.id,
        before: { id: 'grand-lake', archived: true },
        after: { id: 'grand-lake', archived: false },
      });

      // Live again at once: its history, its sensors' readings, its popularity and timeline.
      const before = (await analytics()).find((a) => a.id === 'grand-lake');
      expect(before?.peakUsage).toBe(5);
      const fresh = await app.post([reading('grand-lake', local('2026-03-18', '04:55'), 7, 3)]);
      expect(fresh.status).toBe(200);
      const after = (await analytics()).find((a) => a.id === 'grand-lake');
      expect(after?.currentUsers).toBe(7);
      const popularity = (await app.get(API_PATHS.popularity)).json as { name: string }[];
      expect(popularity.map((p) => p.name)).toContain('Grand Lake');
      const timeline = (await app.get(`${API_PATHS.timeline}?period=week`)).json as {
        amenities?: Record<string, number>;
      }[];
      expect(timeline.reduce((sum, p) => sum + (p.amenities?.['grand-lake'] ?? 0), 0)).toBe(12);
      // Its settings and alert rules can be changed again.
      expect((await call('PATCH', lake, { capacity: 90 })).status).toBe(200);
      const rule = await call('POST', ALERTS_API_PATHS.alertRules, {
        amenityId: 'grand-lake',
        kind: 'silent',
      });
      expect(rule.status).toBe(201);
      expect(rule.json).toMatchObject({ amenityId: 'grand-lake', amenityArchived: false });

      // Restoring a live amenity says so and changes nothing; an unknown one is a 404.
      const again = await call('POST', `${lake}/restore`);
      expect(again).toEqual({ status: 409, json: { error: 'Grand Lake is not archived' } });
      expect((await auditRows('grand-lake')).map((row) => row.action)).toEqual([
        'amenity.archive',
        'amenity.restore',
        'amenity.update',
      ]);
      expect((await call('POST', `${AMENITY_SETUP_PATH}/nowhere/restore`)).status).toBe(404);
      expect((await call('POST', `${AMENITY_SETUP_PATH}/NOPE!/restore`)).status).toBe(404);
    });

    it('a restored amenity’s line counter starts from a new baseline, not the archived weeks', async () => {
      await ensureDemoSensors(test.db, community);
      const hall = DEMO_DEVICES.find((d) => d.amenitySlug === 'solis-hall');
      if (!hall) throw new Error('no demo device for solis-hall');
      // Running totals of line 1 (a VS133 through ChirpStack), minutes before the clock.
      const uplink = async (
        fCnt: number,
        minutesAgo: number,
        totalIn: number,
        totalOut: number,
        via = app,
      ) => {
        const res = await via.app.request(
          `/api/integrations/${DEMO_CHIRPSTACK.id}/uplink?event=up`,
          {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${DEMO_CHIRPSTACK.secret}`,
            },
            body: JSON.stringify(
              chirpStackUpBody({
                devEui: hall.devEui,
                deviceName: 'counter',
                receivedAt: new Date(clock.now() - minutesAgo * 60_000).toISOString(),
                fCnt,
                id: `hall-${fCnt}`,
                rssi: -97,
                snr: 6.5,
                payload: encodeVs133({ lines: [{ line: 1, totalIn, totalOut }] }),
              }),
            ),
          },
        );
        const json = (await res.json()) as {
          reading?: { entries: number } | null;
          error?: string;
          skipped?: string;
          reason?: string;
        };
        return {
          status: res.status,
          entries: json.reading?.entries,
          error: json.error,
          skipped: json.skipped,
          reason: json.reason,
        };
      };
      expect(await uplink(100, 30, 500, 480)).toMatchObject({ status: 200, entries: 0 }); // baseline
      expect(await uplink(101, 25, 507, 481)).toMatchObject({ status: 200, entries: 7 });
      // A second server process on the same database, whose copy of the community still has the
      // hall live when this one archives it.
      const stale = await loadCommunity(test.db, community.slug);
      if (!stale) throw new Error('no community');
      const other = testApp(test.db, stale, { clock: clock.now, demo: true });
      const hallPath = `${AMENITY_SETUP_PATH}/solis-hall`;
      expect((await call('POST', `${hallPath}/archive`)).status).toBe(200);
      // The other process hears the archive as it stores the uplink (before, a 400 there: its
      // copy judged the hall live, the ingest then refused the reading).
      expect(await uplink(150, 22, 600, 560, other)).toMatchObject({
        status: 200,
        skipped: 'archived',
      });
      // Still listed among the sensors, under the amenity's slug (not its database id).
      const listed = (await call('GET', API_PATHS.sensors)).json as {
        sensors: { devEui: string; amenityId: string }[];
      };
      expect(listed.sensors.find((s) => s.devEui === hall.devEui)?.amenityId).toBe('solis-hall');
      // Archived: heard but not counted. The counter is not shown silent for it.
      expect(await uplink(102, 20, 2000, 1990)).toEqual({
        status: 200,
        entries: undefined,
        error: undefined,
        skipped: 'archived',
        reason: 'Solis Hall is archived; restore it to count again',
      });
      const heard = (await call('GET', API_PATHS.sensors)).json as {
        sensors: { devEui: string; lastUplinkAt: string | null }[];
      };
      expect(heard.sensors.find((s) => s.devEui === hall.devEui)?.lastUplinkAt).toBe(
        new Date(clock.now() - 20 * 60_000).toISOString(),
      );
      const [stored] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM readings r JOIN amenities a ON a.id = r.amenity_id
          WHERE a.slug = 'solis-hall' AND r.time = $1`,
        [new Date(clock.now() - 20 * 60_000).toISOString()],
      );
      expect(stored?.n).toBe(0);
      expect((await call('POST', `${hallPath}/restore`)).status).toBe(200);
      // Back: the first totals are a new baseline (not the 2,500 people of the archived time in
      // one reading, which ingest would refuse, uplink after uplink); then the increase again.
      expect(await uplink(103, 10, 3010, 2995)).toMatchObject({ status: 200, entries: 0 });
      expect(await uplink(104, 5, 3014, 2996)).toMatchObject({ status: 200, entries: 4 });
    });

    it('Board and the demo viewer may read the setup but change nothing', async () => {
      expect((await call('GET', AMENITY_SETUP_PATH, undefined, 'board')).status).toBe(200);
      const board = await call('POST', AMENITY_SETUP_PATH, NEW_AMENITY, 'board');
      expect(board.status).toBe(403);
      const demo = await app.app.request(AMENITY_SETUP_PATH, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify(NEW_AMENITY),
      });
      expect(demo.status).toBe(403);
      const admin = await call(
        'PATCH',
        `${AMENITY_SETUP_PATH}/the-yard`,
        { capacity: 61 },
        'admin',
      );
      // An Admin without TOTP may only enrol: the role table says so, not this route.
      expect(admin.status).toBe(403);
    });
  });
}
