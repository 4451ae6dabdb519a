import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  PLANNED_EVENTS_PATH,
  type AmenityAnalytics,
  type AmenitySetup,
} from '../../src/api/contract';
import type { Community } from '../../server/community';
import { buildUsageReport } from '../../server/schedules/build-report';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  insertTestUser,
  local,
  openTestDatabase,
  reading,
  sessionRequests,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const LAWN = `${AMENITY_SETUP_PATH}/great-lawn`;
const RESEEDING = { firstDay: '2026-03-18', lastDay: '2026-03-20', reason: 'Reseeding' };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`amenity closures: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    // Noon on a Wednesday in the community's zone: the lawn's hours (6 AM - 10 PM) say open.
    const clock = testClock(local('2026-03-18', '12:00'));
    let manager = 0;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      manager = await insertTestUser(test.db, community.id, 'manager', clock.now());
      app = testApp(test.db, community, { clock: clock.now, demo: true });
    });
    afterAll(() => test?.drop());

    const request = sessionRequests(
      () => test.db,
      () => app,
      () => clock.now(),
    );
    const call = (method: string, path: string, body?: unknown) =>
      request(manager, method, path, body);
    const lawnNow = async () =>
      ((await app.get(API_PATHS.amenityAnalytics)).json as AmenityAnalytics[]).find(
        (a) => a.id === 'great-lawn',
      );
    const lawnSetup = async () =>
      ((await call('GET', AMENITY_SETUP_PATH)).json as AmenitySetup[]).find(
        (a) => a.id === 'great-lawn',
      );
    const plan = (startsOn: string) =>
      call('POST', PLANNED_EVENTS_PATH, {
        amenityId: 'great-lawn',
        startsOn,
        startMinute: 10 * 60,
        endMinute: 12 * 60,
        title: `Picnic ${startsOn}`,
        category: 'community',
        plannedAttendance: 40,
      });

    it('has none until one is set: open at noon as its hours say', async () => {
      expect((await lawnSetup())?.closures).toEqual([]);
      const lawn = await lawnNow();
      expect(lawn?.status).not.toBe('closed');
      expect(lawn?.closure).toBeUndefined();
    });

    it('a closure set with the settings is stored, audited, and closes the amenity at once', async () => {
      const later = { firstDay: '2026-12-24', lastDay: '2026-12-26', reason: '' };
      const res = await call('PATCH', LAWN, { closures: [later, RESEEDING] });
      expect(res.status).toBe(200);
      // Soonest first, as stored.
      expect((res.json as AmenitySetup).closures).toEqual([RESEEDING, later]);
      expect((await lawnSetup())?.closures).toEqual([RESEEDING, later]);

      await app.post([reading('great-lawn', local('2026-03-18', '11:58'), 12, 3)]);
      const lawn = await lawnNow();
      // People counted there, and yet Closed: the card says why, and until when.
      expect(lawn).toMatchObject({ currentUsers: 12, status: 'closed' });
      expect(lawn?.closure).toEqual({ ...RESEEDING, now: true });

      const [audited] = await test.db.query<{ before: AmenitySetup; after: AmenitySetup }>(
        `SELECT before, after FROM audit_log WHERE target = 'great-lawn' ORDER BY id DESC LIMIT 1`,
      );
      expect(audited?.before.closures).toEqual([]);
      expect(audited?.after.closures).toEqual([RESEEDING, later]);
    });

    it('no event is planned on a closure’s days; the day after is open again', async () => {
      const refused = await plan('2026-03-19');
      expect(refused.status).toBe(400);
      expect((refused.json as { error: string }).error).toBe(
        'startsOn: The Great Lawn is closed for Reseeding, Wed, Mar 18, 2026 – Fri, Mar 20, 2026; choose another day',
      );
      expect((await plan('2026-03-21')).status).toBe(201);
    });

    it('after its last day the amenity opens by its hours; a closure ahead is told 14 days before', async () => {
      clock.set(local('2026-03-21', '12:00'));
      await app.post([reading('great-lawn', local('2026-03-21', '11:58'), 12, 3)]);
      expect(await lawnNow()).toMatchObject({ status: 'low', currentUsers: 12 });
      expect((await lawnNow())?.closure).toBeUndefined();

      clock.set(local('2026-12-10', '12:00'));
      await app.post([reading('great-lawn', local('2026-12-10', '11:58'), 12, 3)]);
      const ahead = await lawnNow();
      expect(ahead?.status).toBe('low');
      expect(ahead?.closure).toEqual({
        firstDay: '2026-12-24',
        lastDay: '2026-12-26',
        reason: '',
        now: false,
      });
      clock.set(local('2026-03-18', '12:00'));
    });

    it('an amenity created with closures keeps them; PATCH without closures leaves them', async () => {
      const created = await call('POST', AMENITY_SETUP_PATH, {
        name: 'Clubhouse Pool',
        type: 'lake',
        capacity: 40,
        hours: Array.from({ length: 7 }, () => ({ opensMinute: 360, closesMinute: 1260 })),
        monthlyOperatingCost: null,
        closures: [{ firstDay: '2026-10-01', lastDay: '2027-04-30', reason: ' Winter season ' }],
      });
      expect(created.status).toBe(201);
      const winter = { firstDay: '2026-10-01', lastDay: '2027-04-30', reason: 'Winter season' };
      expect((created.json as AmenitySetup).closures).toEqual([winter]);
      const renamed = await call('PATCH', `${AMENITY_SETUP_PATH}/clubhouse-pool`, {
        capacity: 50,
      });
      expect((renamed.json as AmenitySetup).closures).toEqual([winter]);
      const cleared = await call('PATCH', `${AMENITY_SETUP_PATH}/clubhouse-pool`, {
        closures: [],
      });
      expect((cleared.json as AmenitySetup).closures).toEqual([]);
    });

    it('a scheduled report of a week with a closure names it in its file', async () => {
      const week = await buildUsageReport(
        test.db,
        community,
        'weekly',
        Date.parse(local('2026-03-23', '09:00')),
      );
      expect(week.csv.split('\r\n')).toContain(
        'Closures,"The Great Lawn closed for Reseeding, Wed, Mar 18, 2026 – Fri, Mar 20, 2026"',
      );
      const quiet = await buildUsageReport(
        test.db,
        community,
        'weekly',
        Date.parse(local('2026-04-06', '09:00')),
      );
      expect(quiet.csv.split('\r\n')).toContain('Closures,none');
    });

    const day = (firstDay: string, lastDay: string, reason = '') => ({ firstDay, lastDay, reason });
    it.each([
      [[day('2026-03-20', '2026-03-19')], 'closures.0.lastDay'],
      [[day('2026-01-01', '2027-01-02')], 'closures.0.lastDay'],
      [[day('2026-02-30', '2026-03-02')], 'closures.0.firstDay'],
      [[day('1999-12-31', '2000-01-02')], 'closures.0.firstDay'],
      [[day('2026-04-01', '2026-04-03'), day('2026-04-03', '2026-04-05')], 'closures.1.firstDay'],
      [[day('2026-04-01', '2026-04-03', 'x'.repeat(81))], 'closures.0.reason'],
      [[{ ...day('2026-04-01', '2026-04-03'), note: 'hi' }], 'closures.0'],
      [[{ firstDay: '2026-04-01', reason: '' }], 'closures.0.lastDay'],
      [
        Array.from({ length: 31 }, (_, i) =>
          day(
            `2026-05-${String(i + 1).padStart(2, '0')}`,
            `2026-05-${String(i + 1).padStart(2, '0')}`,
          ),
        ),
        'closures',
      ],
      ['2026-04-01', 'closures'],
    ])('refuses closures %j with a 400 naming %s, changing nothing', async (closures, field) => {
      const before = await lawnSetup();
      const res = await call('PATCH', LAWN, { name: 'Renamed Lawn', closures });
      expect(res.status).toBe(400);
      expect((res.json as { error: string }).error).toContain(field);
      expect(await lawnSetup()).toEqual(before);
    });
  });
}
