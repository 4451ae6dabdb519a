import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  AmenityAnalyticsListSchema,
  DashboardMetricsSchema,
  UsageGapsSchema,
  type Reading,
} from '../../src/api/contract';
import { everyDay } from '../../src/lib/weekly-hours';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { reloadAmenities, type Community } from '../../server/community';
import { silences } from '../../server/endpoints/gaps';
import { buildUsageReport } from '../../server/schedules/build-report';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  reading,
  TEST_COMMUNITY_CREATED,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

/**
 * Amenities added today (README, "Coverage" and `activeUsersChange`): not silent before they
 * existed, and not compared with a yesterday they did not report in. "Now" is Monday 23 November
 * 2026, 10:20 in Los Angeles; last week is Mon 16 - Sun 22 November.
 */
const TODAY = '2026-11-23';
const NOW = local(TODAY, '10:20');
const H = 3_600_000;
const MIN = 60_000;

/**
 * One reading (1 entry) at half past every hour from Mon 16 Nov to today 09:30 from every
 * amenity there from the start, and one at 10:05 today; Grand Lake sent nothing yesterday before
 * noon.
 */
function history(community: Community): Reading[] {
  const readings: Reading[] = [];
  const start = Date.parse(local('2026-11-16', '00:30'));
  for (let t = start; t <= Date.parse(local(TODAY, '09:30')); t += H) {
    const time = new Date(t).toISOString();
    for (const amenity of community.amenities) {
      const silent =
        amenity.slug === 'grand-lake' &&
        time >= local('2026-11-22', '00:00') &&
        time < local('2026-11-22', '12:00');
      if (!silent) readings.push(reading(amenity.slug, time, 1, 1, 10));
    }
  }
  for (const amenity of community.amenities) {
    readings.push(reading(amenity.slug, local(TODAY, '10:05'), 1, 1, 10));
  }
  return readings;
}

describe('silences(): from the instant the amenity was created', () => {
  const created = Date.parse(local(TODAY, '08:40'));
  const current = Date.parse(local(TODAY, '10:00'));
  const now = Date.parse(NOW);
  const hour = (time: string) => Date.parse(local(TODAY, time));

  it('no reading since: silent from its creation to now', () => {
    expect(silences([], created, current, now, null)).toEqual([{ from: created, to: now }]);
  });

  it('hours reported before it was added (a sensor’s backlog) make no silence before it', () => {
    // Readings in 06:00 and 10:00, none in 07:00-09:00: silent 07:00-10:00, but only from 08:40.
    const edges = [
      { hour_ms: hour('06:00'), next_ms: hour('10:00') },
      { hour_ms: hour('10:00'), next_ms: null },
    ];
    expect(silences(edges, created, current, now, now - 5 * MIN)).toEqual([
      { from: created, to: hour('10:00') },
    ]);
    // Created after the silence: none at all.
    expect(silences(edges, hour('10:05'), current, now, now - 5 * MIN)).toEqual([]);
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`amenities added today, ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let api: ReturnType<typeof testApp>;
    const clock = testClock(NOW);
    let cookie = '';

    async function addAmenity(name: string, at: string) {
      clock.set(local(TODAY, at));
      const res = await api.app.request(AMENITY_SETUP_PATH, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'http://localhost', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name,
          type: 'lake',
          capacity: 40,
          hours: everyDay(6 * 60, 21 * 60),
          monthlyOperatingCost: null,
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }

    async function gaps() {
      const res = await api.get('/api/usage/gaps?days=8');
      expect(res.status).toBe(200);
      const parsed = UsageGapsSchema.parse(res.json);
      return (slug: string) => parsed.amenities.find((a) => a.id === slug)?.silent;
    }

    /** Each amenity's `addedAt` (undefined when absent), by slug. */
    async function addedAt(path: string) {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      const list =
        path === '/api/amenities/analytics'
          ? AmenityAnalyticsListSchema.parse(res.json)
          : UsageGapsSchema.parse(res.json).amenities;
      const rows = list as { id: string; addedAt?: string }[];
      return (slug: string) => {
        const row = rows.find((a) => a.id === slug);
        expect(row, slug).toBeDefined();
        return row?.addedAt;
      };
    }

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const id = await insertUser(
        test.db,
        community.id,
        {
          email: 'manager@example.org',
          name: 'The manager',
          role: 'manager',
          passwordHash: await hashPassword('correct horse battery staple'),
          totpSecret: null,
        },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      cookie = `cg_session=${await createSession(test.db, id, clock.now())}`;
      api = testApp(test.db, community, { clock: clock.now });
      expect((await api.post(history(community))).status).toBe(200);
      // A pool with a sensor, added at 08:40 (first reading 09:10), and a pergola without one,
      // added at 09:15.
      await addAmenity('Clubhouse Pool', '08:40');
      await addAmenity('Pergola', '09:15');
      clock.set(NOW);
      expect(
        (
          await api.post([
            reading('clubhouse-pool', local(TODAY, '09:10'), 20, 30, 40),
            reading('clubhouse-pool', local(TODAY, '10:10'), 25, 30, 40),
          ])
        ).status,
      ).toBe(200);
    });
    afterAll(() => test?.drop());

    it('stores when each amenity was added: the community’s creation for its first ones', async () => {
      const rows = await test.db.query<{ slug: string; created_ms: number }>(
        `SELECT slug, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms
             FROM amenities WHERE community_id = $1`,
        [community.id],
      );
      const created = Object.fromEntries(rows.map((r) => [r.slug, r.created_ms]));
      expect(created['great-lawn']).toBe(Date.parse(TEST_COMMUNITY_CREATED));
      expect(created['clubhouse-pool']).toBe(Date.parse(local(TODAY, '08:40')));
      expect(created['pergola']).toBe(Date.parse(local(TODAY, '09:15')));
      expect(community.amenities.find((a) => a.slug === 'pergola')?.createdAt).toBe(
        Date.parse(local(TODAY, '09:15')),
      );
    });

    it('POST /api/readings refuses a reading from before its amenity was added, naming both', async () => {
      // Coverage says the pool did not exist before 08:40, so a reading from 08:30 would be
      // visits in a period every report calls "added after this period".
      const res = await api.post([
        reading('clubhouse-pool', local(TODAY, '08:30'), 5, 12, 40),
        reading('great-lawn', local(TODAY, '08:30'), 5, 1, 40),
      ]);
      expect(res).toMatchObject({
        status: 400,
        json: {
          error:
            `readings.0 (clubhouse-pool at ${local(TODAY, '08:30')}): time is before ` +
            `Clubhouse Pool was added (${local(TODAY, '08:40')})`,
        },
      });
      const [stored] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM readings r JOIN amenities a ON a.id = r.amenity_id
          WHERE a.slug = 'clubhouse-pool' AND r.time < $1`,
        [local(TODAY, '08:40')],
      );
      expect(stored?.n).toBe(0);
    });

    it('GET /api/usage/gaps: an amenity is silent from when it was added, not before', async () => {
      const silent = await gaps();
      // The pool: created 08:40, its first reading in the 09:00 hour.
      expect(silent('clubhouse-pool')).toEqual([
        { from: local(TODAY, '08:40'), to: local(TODAY, '09:00') },
      ]);
      // No sensor: silent from its creation to now, not "throughout".
      expect(silent('pergola')).toEqual([{ from: local(TODAY, '09:15'), to: NOW }]);
      expect(silent('great-lawn')).toEqual([]);
      expect(silent('grand-lake')).toEqual([
        { from: local('2026-11-22', '00:00'), to: local('2026-11-22', '12:00') },
      ]);
    });

    it('GET /api/usage/gaps says when an amenity was added inside the window, not otherwise', async () => {
      const added = await addedAt('/api/usage/gaps?days=8');
      expect(added('clubhouse-pool')).toBe(local(TODAY, '08:40'));
      expect(added('pergola')).toBe(local(TODAY, '09:15'));
      // Added with the community in 2020, before the window (Mon 16 Nov): no addedAt.
      expect(added('great-lawn')).toBeUndefined();
      // A window of today only: the pool, added after its midnight, still says so.
      expect((await addedAt('/api/usage/gaps?days=1'))('clubhouse-pool')).toBe(
        local(TODAY, '08:40'),
      );
    });

    it('GET /api/amenities/analytics says when each amenity was added, when that is known', async () => {
      const added = await addedAt('/api/amenities/analytics');
      expect(added('clubhouse-pool')).toBe(local(TODAY, '08:40'));
      expect(added('great-lawn')).toBe(new Date(TEST_COMMUNITY_CREATED).toISOString());
    });

    it('last week’s report is not emptied by an amenity added today', async () => {
      const report = await buildUsageReport(test.db, community, 'weekly', Date.parse(NOW));
      expect(report.periodFrom).toBe('2026-11-16');
      expect(report.summary.coverage?.totalMs).toBe(7 * 24 * H);
      expect(report.summary.coverage?.coveredMs).toBe(7 * 24 * H - 12 * H);
      expect(report.summary.coverage?.text).not.toMatch(/Pool|Pergola|throughout/);
      // Their columns read 0 all week: the file says they came after it.
      expect(report.csv.split('\r\n')).toContain(
        'New amenities,Clubhouse Pool added after this period; Pergola added after this period',
      );
      // The archive's summary carries when, so its dialog can say it too.
      const added = Object.fromEntries(
        report.summary.perAmenity.map((row) => [row.id, row.addedAt]),
      );
      expect(added['clubhouse-pool']).toBe(local(TODAY, '08:40'));
      expect(added['pergola']).toBe(local(TODAY, '09:15'));
      expect(added['great-lawn']).toBeUndefined();
    });

    it('an amenity added before its creation was recorded (NULL) is there since the beginning', async () => {
      await test.db.query(`UPDATE amenities SET created_at = NULL WHERE slug = 'pergola'`);
      await reloadAmenities(test.db, community);
      try {
        expect((await gaps())('pergola')).toEqual([
          { from: local('2026-11-16', '00:00'), to: NOW },
        ]);
        expect((await addedAt('/api/usage/gaps?days=8'))('pergola')).toBeUndefined();
        expect((await addedAt('/api/amenities/analytics'))('pergola')).toBeUndefined();
      } finally {
        await test.db.query(`UPDATE amenities SET created_at = $1 WHERE slug = 'pergola'`, [
          local(TODAY, '09:15'),
        ]);
        await reloadAmenities(test.db, community);
      }
    });

    it('GET /api/dashboard/metrics: vs yesterday only for amenities that reported on both days', async () => {
      const res = await api.get('/api/dashboard/metrics');
      expect(res.status).toBe(200);
      const metrics = DashboardMetricsSchema.parse(res.json);
      const first = community.amenities.length - 2; // the amenities there from the start
      // Every entry today: 11 per first amenity (00:30-09:30 and 10:05), 60 at the pool.
      expect(metrics.activeUsersToday).toBe(11 * first + 60);
      // Like for like, to 10:05: 11 against 10 each, without the pool (new today) and Grand
      // Lake (nothing yesterday before noon). Counting them on today's side only would read
      // (11 x 7 + 60) / (10 x 6) = +128.3 %.
      expect(metrics.activeUsersChange).toBe(10);
    });
  });
}
