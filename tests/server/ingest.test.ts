import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, type DashboardMetrics, type UsagePoint } from '../../src/api/contract';
import type { Community } from '../../server/community';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  INGEST_KEY,
  local,
  openTestDatabase,
  reading,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const NOW = local('2026-03-18', '12:30');

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(backendTitle(backend), () => {
    let test: TestDatabase;
    let community: Community;
    let api: ReturnType<typeof testApp>;
    const clock = testClock(NOW);

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      clock.set(NOW);
      // A long-lived cache, so the tests also show that new readings invalidate it.
      api = testApp(test.db, community, {
        clock: clock.now,
        cacheMaxAgeMs: 3_600_000,
        authFailures: { max: 3, windowMs: 60_000 },
      });
      await test.db.query('DELETE FROM readings');
      await test.db.query('DELETE FROM readings_hourly');
      await test.db.query('DELETE FROM readings_daily');
    });

    const count = async () =>
      (await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM readings'))[0]?.n;

    const good = reading('great-lawn', local('2026-03-18', '11:00'), 40, 6, 30);

    it('writes a valid batch and updates the rollups the endpoints read', async () => {
      const before = (await api.get('/api/dashboard/metrics')).json as DashboardMetrics;
      expect(before.activeUsersToday).toBe(0);
      const res = await api.post([
        good,
        reading('solis-hall', local('2026-03-18', '11:00'), 20, 4, 80),
        reading('great-lawn', local('2026-03-18', '11:05'), 44, 3, 30),
      ]);
      expect(res).toMatchObject({ status: 200, json: { accepted: 3 } });
      const after = (await api.get('/api/dashboard/metrics')).json as DashboardMetrics;
      expect(after.activeUsersToday).toBe(13);
      const hours = (await api.get('/api/usage/timeline?period=day')).json as UsagePoint[];
      expect(hours.find((p) => p.time === local('2026-03-18', '11:00'))).toMatchObject({
        lawn: 9,
        hall: 4,
      });
      const hourly = await test.db.query<{ readings: number; occupancy_max: number }>(
        `SELECT readings, occupancy_max FROM readings_hourly WHERE hour = $1 AND amenity_id = $2`,
        [local('2026-03-18', '11:00'), community.amenities[0]?.id],
      );
      expect(hourly).toEqual([{ readings: 2, occupancy_max: 44 }]);
      // A second batch into the same hour recomputes the bucket.
      await api.post([reading('great-lawn', local('2026-03-18', '11:10'), 90, 1, 30)]);
      const daily = await test.db.query<{ entries: number; occupancy_max: number }>(
        `SELECT entries, occupancy_max FROM readings_daily WHERE day = '2026-03-18' AND amenity_id = $1`,
        [community.amenities[0]?.id],
      );
      expect(daily).toEqual([{ entries: 10, occupancy_max: 90 }]);
    });

    const rejected: [string, () => unknown[], RegExp][] = [
      [
        'an unknown amenity',
        () => [good, reading('tennis-court', local('2026-03-18', '11:00'), 3)],
        /^readings\.1 \(tennis-court at .+\): unknown amenity "tennis-court"$/,
      ],
      [
        'a time in the future',
        () => [good, reading('great-lawn', local('2026-03-18', '12:35'), 3)],
        /^readings\.1 \(great-lawn at .+\): time is in the future$/,
      ],
      [
        'a negative occupancy',
        () => [good, reading('the-yard', local('2026-03-18', '11:00'), -2)],
        /^readings\.1 \(the-yard at .+\): occupancy -2 is negative$/,
      ],
      [
        'negative entries',
        () => [good, reading('the-yard', local('2026-03-18', '11:00'), 2, -1)],
        /^readings\.1 .+: entries -1 is negative$/,
      ],
      [
        'an occupancy far over capacity',
        () => [good, reading('solis-hall', local('2026-03-18', '11:00'), 181)],
        /^readings\.1 \(solis-hall at .+\): occupancy 181 is far over the capacity of 120 \(more than 150%\)$/,
      ],
      [
        'a duplicate within the batch',
        () => [good, reading('solis-hall', local('2026-03-18', '11:00'), 1), { ...good }],
        /^readings\.2 \(great-lawn at .+\): duplicates readings\.0 \(same amenity and time\)$/,
      ],
      [
        'a reading without a time zone',
        () => [good, { ...good, time: '2026-03-18T11:00:00' }],
        /^readings\.1\.time: /,
      ],
      [
        'a missing field',
        () => [good, { amenityId: 'the-yard', time: NOW }],
        /^readings\.1\.occupancy: expected/,
      ],
      ['an empty batch', () => [], /^readings: must have at least 1 item/],
    ];

    for (const [what, batch, message] of rejected) {
      it(`rejects the whole batch for ${what}, naming the reading, and writes nothing`, async () => {
        const res = await api.post(batch());
        expect(res.status).toBe(400);
        expect(ApiErrorSchema.parse(res.json).error).toMatch(message);
        expect(await count()).toBe(0);
      });
    }

    it('rejects a reading that is already stored, and writes nothing of the batch', async () => {
      expect((await api.post([good])).status).toBe(200);
      const res = await api.post([
        reading('solis-hall', local('2026-03-18', '11:00'), 5),
        reading('great-lawn', good.time, 41),
      ]);
      expect(res.status).toBe(400);
      expect(ApiErrorSchema.parse(res.json).error).toMatch(
        /^readings\.1 \(great-lawn at .+\): a reading for this amenity and time already exists$/,
      );
      expect(await count()).toBe(1);
    });

    it('rejects more than 5,000 readings, bodies over 1 MB and bodies that are not JSON', async () => {
      const many = Array.from({ length: 5001 }, (_, i) =>
        reading('great-lawn', new Date(Date.parse(NOW) - (i + 1) * 60_000).toISOString(), 1),
      );
      const tooMany = await api.post(many);
      expect(tooMany.status).toBe(400);
      expect(ApiErrorSchema.parse(tooMany.json).error).toMatch(/at most 5000/);

      const huge = await api.post(JSON.stringify({ readings: [], padding: 'x'.repeat(1_100_000) }));
      expect(huge.status).toBe(413);
      expect(ApiErrorSchema.parse(huge.json).error).toMatch(/too large/);

      const garbled = await api.post('{"readings": [');
      expect(garbled).toMatchObject({ status: 400, json: { error: 'The body is not valid JSON' } });
      expect(await count()).toBe(0);
    });

    it('needs the bearer key: 401 without it or with a wrong one, nothing written', async () => {
      const missing = await api.post([good], null);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(ApiErrorSchema.parse(missing.json).error).toMatch(/Missing API key/);
      const wrong = await api.post([good], `${INGEST_KEY}x`);
      expect(wrong).toMatchObject({ status: 401, json: { error: 'Invalid API key' } });
      expect(await count()).toBe(0);
    });

    it('rate-limits failed attempts, even a right key, until the window ends', async () => {
      for (let i = 0; i < 3; i++) expect((await api.post([good], 'guess')).status).toBe(401);
      const limited = await api.post([good]);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(ApiErrorSchema.safeParse(limited.json).success).toBe(true);
      clock.advance(61_000);
      expect((await api.post([good])).status).toBe(200);
    });

    it('only POST reaches /api/readings', async () => {
      const res = await api.get('/api/readings');
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
    });
  });
}
