import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, type DashboardMetrics, type UsagePoint } from '../../src/api/contract';
import type { Community } from '../../server/community';
import type { Database } from '../../server/db/database';
import { ingestBatches } from '../../server/ingest';
import { FailureLimiter } from '../../server/rate-limit';
import { rebuildRollups } from '../../server/rollups';
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

/**
 * The hourly and daily rollups as written equal a rebuild from the raw readings (dwell totals to
 * 6 decimals: they are sums of reals). Returns how many buckets each table had as written.
 */
async function expectRollupsEqualRebuild(db: Database, community: Community) {
  const rollups = (table: string) =>
    db.query<Record<string, number | string>>(
      `SELECT amenity_id, ${table === 'readings_hourly' ? 'hour' : 'day'}::text AS bucket,
              readings, entries, occupancy_sum, occupancy_max, dwell_total
         FROM ${table} ORDER BY 1, 2`,
    );
  const written = [await rollups('readings_hourly'), await rollups('readings_daily')];
  await rebuildRollups(db, community.id);
  const recomputed = [await rollups('readings_hourly'), await rollups('readings_daily')];
  for (const [t, rows] of written.entries()) {
    expect(rows.map(({ dwell_total: _, ...rest }) => rest)).toEqual(
      recomputed[t]?.map(({ dwell_total: _, ...rest }) => rest),
    );
    rows.forEach((row, i) =>
      expect(row.dwell_total).toBeCloseTo(Number(recomputed[t]?.[i]?.dwell_total), 6),
    );
  }
  return { hourly: written[0]?.length ?? 0, daily: written[1]?.length ?? 0 };
}

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
      await test.db.query('DELETE FROM key_failures');
      await test.db.query('DELETE FROM readings_hourly');
      await test.db.query('DELETE FROM readings_daily');
    });

    const count = async () =>
      (await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM readings'))[0]?.n;

    const good = reading('great-lawn', local('2026-03-18', '11:00'), 40, 6, 30);

    it('tells a counted zero from no data: buckets without readings are listed as gaps', async () => {
      await api.post([
        reading('great-lawn', local('2026-03-18', '11:00'), 40, 6, 30),
        reading('solis-hall', local('2026-03-18', '11:00'), 0, 0, 0), // counted: nobody came
      ]);
      const hours = (await api.get('/api/usage/timeline?period=day')).json as UsagePoint[];
      const eleven = hours.find((p) => p.time === local('2026-03-18', '11:00'));
      expect(eleven).toMatchObject({ lawn: 6, hall: 0, yard: 0, lake: 0 });
      expect(eleven?.gaps).toEqual(expect.arrayContaining(['yard', 'lake', 'grand-lake']));
      expect(eleven?.gaps).not.toContain('lawn');
      expect(eleven?.gaps).not.toContain('hall');
      expect(eleven?.gaps).not.toContain('great-lawn');
      expect(eleven?.gaps).not.toContain('solis-hall');
      const ten = hours.find((p) => p.time === local('2026-03-18', '10:00'));
      expect(ten?.gaps).toEqual(expect.arrayContaining(['lawn', 'hall', 'great-lawn']));
      const days = (await api.get('/api/usage/timeline?period=week')).json as UsagePoint[];
      expect(days.at(-1)?.gaps).not.toContain('lawn');
      expect(days.at(-2)?.gaps).toContain('lawn');
    });

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

    it('adds new batches to the rollups exactly as a recomputation from the readings would', async () => {
      // Several hours and amenities, across local midnight, into buckets that already hold
      // readings, with dwell times a real cannot hold exactly.
      const slugs = ['great-lawn', 'solis-hall', 'the-yard'];
      const batch = (from: string, count: number, shift: number) =>
        Array.from({ length: count }, (_, i) =>
          reading(
            slugs[i % slugs.length] ?? 'great-lawn',
            new Date(
              Date.parse(from) + Math.floor(i / slugs.length) * 7 * 60_000 + shift,
            ).toISOString(),
            (i * 7) % 50,
            (i * 3) % 11,
            ((i * 37) % 200) / 3,
          ),
        );
      for (const [from, shift] of [
        [local('2026-03-16', '21:10'), 0],
        [local('2026-03-16', '22:40'), 1000],
        [local('2026-03-17', '09:00'), 0],
      ] as const) {
        expect((await api.post(batch(from, 120, shift))).status).toBe(200);
      }
      const written = await expectRollupsEqualRebuild(test.db, community);
      expect(written.hourly).toBeGreaterThan(20);
      expect(written.daily).toBe(6);
    });

    const rejected: [string, () => unknown[], RegExp][] = [
      [
        'an unknown amenity',
        () => [good, reading('tennis-court', local('2026-03-18', '11:00'), 3)],
        /^readings\.1 \(tennis-court at .+\): unknown amenity "tennis-court"$/,
      ],
      [
        'a time in the future',
        () => [good, reading('great-lawn', local('2026-03-18', '12:36'), 3)],
        /^readings\.1 \(great-lawn at .+\): time is in the future \(more than 5 minutes ahead\)$/,
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
      [
        'an amenity id longer than any amenity has (not echoed back)',
        () => [good, reading('x'.repeat(100_000), local('2026-03-18', '11:00'), 3)],
        /^readings\.1\.amenityId: must have at most 60 characters$/,
      ],
    ];

    for (const [what, batch, message] of rejected) {
      it(`rejects the whole batch for ${what}, naming the reading, and writes nothing`, async () => {
        const res = await api.post(batch());
        expect(res.status).toBe(400);
        expect(ApiErrorSchema.parse(res.json).error).toMatch(message);
        expect(await count()).toBe(0);
      });
    }

    it('accepts an identical reading re-sent as a duplicate, stored once (a retry)', async () => {
      const batch = [good, reading('solis-hall', local('2026-03-18', '11:00'), 5, 2, 60)];
      expect(await api.post(batch)).toMatchObject({ status: 200, json: { accepted: 2 } });
      const hourly = async () =>
        test.db.query('SELECT * FROM readings_hourly ORDER BY amenity_id, hour');
      const rollups = await hourly();
      // The whole batch again, and again with one new reading in it.
      expect(await api.post(batch)).toMatchObject({
        status: 200,
        json: { accepted: 0, duplicates: 2 },
      });
      const extra = reading('the-yard', local('2026-03-18', '11:00'), 3, 1, 20);
      expect(await api.post([...batch, extra])).toMatchObject({
        status: 200,
        json: { accepted: 1, duplicates: 2 },
      });
      expect(await count()).toBe(3);
      const after = await hourly();
      expect(after.filter((r) => r.amenity_id !== community.amenities[2]?.id)).toEqual(rollups);
    });

    it('answers 409 naming the reading when the same amenity and time is stored with other values, and writes nothing of the batch', async () => {
      expect((await api.post([good])).status).toBe(200);
      const res = await api.post([
        reading('solis-hall', local('2026-03-18', '11:00'), 5),
        reading('great-lawn', good.time, 41, good.entries, good.dwellMinutes),
      ]);
      expect(res.status).toBe(409);
      expect(ApiErrorSchema.parse(res.json).error).toMatch(
        /^readings\.1 \(great-lawn at .+\): a different reading for this amenity and time is already stored \(occupancy 40, entries 6, dwellMinutes 30\)$/,
      );
      expect(await count()).toBe(1);
    });

    it('answers batches sent at once each as if it had come alone (group commit), in the order they came', async () => {
      expect((await api.post([good])).status).toBe(200);
      const at = (minute: string) => local('2026-03-18', `10:${minute}`);
      const fresh = [
        reading('great-lawn', at('00'), 12, 3, 45.3),
        reading('solis-hall', at('00'), 7, 2, 61.7),
        reading('the-yard', at('05'), 4, 1, 15),
      ];
      const answers = await Promise.all([
        api.post(fresh),
        // An identical reading already stored and one new: a duplicate counted.
        api.post([good, reading('the-yard', at('10'), 2, 1, 20)]),
        // The same amenity and time as stored, other values: 409, nothing of it written.
        api.post([reading('grand-lake', at('15'), 1), { ...good, occupancy: 41 }]),
        // Out of bounds: 400, nothing of it written.
        api.post([reading('grand-lake', at('20'), 1), reading('solis-hall', at('20'), 181)]),
        // Repeats a reading of the first batch, which came before it.
        api.post([fresh[0], reading('great-lawn', at('25'), 9, 2, 30)]),
        api.post([reading('sunny-playground', at('30'), 5, 5, 12.5)]),
      ]);
      expect(answers.map((a) => [a.status, a.json])).toEqual([
        [200, { accepted: 3 }],
        [200, { accepted: 1, duplicates: 1 }],
        [409, expect.objectContaining({ error: expect.stringMatching(/^readings\.1 /) })],
        [400, expect.objectContaining({ error: expect.stringMatching(/^readings\.1 .*181/) })],
        [200, { accepted: 1, duplicates: 1 }],
        [200, { accepted: 1 }],
      ]);
      expect(await count()).toBe(1 + 3 + 1 + 1 + 1);
      const grandLake = community.amenities.find((a) => a.slug === 'grand-lake')?.id;
      expect(
        await test.db.query('SELECT 1 FROM readings WHERE amenity_id = $1', [grandLake]),
      ).toEqual([]);
      await expectRollupsEqualRebuild(test.db, community);
    });

    it('writes batches that arrive together in one transaction, and on its own a batch that cannot join', async () => {
      let transactions = 0;
      const db = test.db;
      const counting: Database = {
        kind: db.kind,
        query: (text, params) => db.query(text, params),
        bulkInsert: (table, columns, rows) => db.bulkInsert(table, columns, rows),
        transaction: (work) => {
          transactions++;
          return db.transaction(work);
        },
        notify: (message) => db.notify(message),
        listen: (onMessage, onGap) => db.listen(onMessage, onGap),
        close: () => db.close(),
      };
      const now = Date.parse(NOW);
      const batches = ['08', '09', '10'].map((hour) => [
        reading('great-lawn', local('2026-03-18', `${hour}:00`), 5, 1, 10),
        reading('solis-hall', local('2026-03-18', `${hour}:00`), 6, 2, 20),
      ]);
      const together = await ingestBatches(counting, community, batches, now);
      expect(together).toEqual(
        batches.map(() => ({ ok: true, result: { accepted: 2, duplicates: 0 } })),
      );
      expect(transactions).toBe(1);
      expect(await count()).toBe(6);

      // A batch repeating a stored reading: the joint write fails and is undone, then each is
      // written on its own.
      transactions = 0;
      const next = [
        [reading('the-yard', local('2026-03-18', '08:00'), 1)],
        [batches[0]?.[0] ?? good, reading('the-yard', local('2026-03-18', '09:00'), 1)],
      ];
      expect(await ingestBatches(counting, community, next, now)).toEqual([
        { ok: true, result: { accepted: 1, duplicates: 0 } },
        { ok: true, result: { accepted: 1, duplicates: 1 } },
      ]);
      expect(transactions).toBe(1 + 1 + 2);
      expect(await count()).toBe(8);
    });

    const outOfBounds: [string, () => unknown, RegExp][] = [
      [
        'entries past 32 bits',
        () => reading('the-yard', local('2026-03-18', '11:00'), 2, 2147483648),
        /^readings\.1 \(the-yard at .+\): entries 2147483648 is more than 10 times the capacity of 60$/,
      ],
      [
        'entries over ten times the capacity',
        () => reading('solis-hall', local('2026-03-18', '11:00'), 2, 1201),
        /: entries 1201 is more than 10 times the capacity of 120$/,
      ],
      [
        'a visit longer than a day',
        () => reading('the-yard', local('2026-03-18', '11:00'), 2, 1, 1441),
        /: dwellMinutes 1441 is more than 1440 \(a whole day\)$/,
      ],
      [
        'a dwell time past the range of a real',
        () => reading('the-yard', local('2026-03-18', '11:00'), 2, 1, 1e39),
        /: dwellMinutes 1e\+39 is more than 1440/,
      ],
      [
        'the year 0000',
        () => reading('the-yard', '0000-03-18T11:00:00Z', 2),
        /^readings\.1 \(the-yard at 0000-03-18T11:00:00Z\): time is before the community was created \(2020-01-01T00:00:00.000Z\)$/,
      ],
      [
        'a time before the community was created',
        () => reading('the-yard', '2019-12-31T23:59:59Z', 2),
        /: time is before the community was created/,
      ],
    ];
    for (const [what, bad, message] of outOfBounds) {
      it(`answers 400 naming the field, never 500, for ${what}`, async () => {
        const res = await api.post([good, bad()]);
        expect(res.status).toBe(400);
        expect(ApiErrorSchema.parse(res.json).error).toMatch(message);
        expect(await count()).toBe(0);
      });
    }

    it('stores a dwell time too small for a real (5e-324) as 0, not a 500', async () => {
      // PostgreSQL refuses a value that underflows float4 instead of storing 0.
      const res = await api.post([
        reading('the-yard', local('2026-03-18', '10:00'), 3, 1, 5e-324),
        reading('the-yard', local('2026-03-18', '10:01'), 3, 1, 1e-46),
        reading('the-yard', local('2026-03-18', '10:02'), 3, 1, 2.5),
      ]);
      expect(res).toMatchObject({ status: 200, json: { accepted: 3 } });
      const rows = await test.db.query<{ dwell: number }>(
        `SELECT dwell_minutes::float8 AS dwell FROM readings ORDER BY time`,
      );
      expect(rows.map((row) => row.dwell)).toEqual([0, 0, 2.5]);
      // Sent again, the same readings are duplicates, not conflicts with what was stored.
      const again = await api.post([
        reading('the-yard', local('2026-03-18', '10:00'), 3, 1, 5e-324),
      ]);
      expect(again).toMatchObject({ status: 200, json: { accepted: 0, duplicates: 1 } });
    });

    it('sums with 64-bit arithmetic: the largest valid readings keep every endpoint answering', async () => {
      // Every amenity at its bound on entries, once a minute for a day, stays well within
      // range; the sums that used to be cast to int (32 bits) are bigint now.
      const day = Array.from({ length: 24 * 60 }, (_, i) =>
        community.amenities.map((a) =>
          reading(
            a.slug,
            new Date(Date.parse(local('2026-03-17', '00:00')) + i * 60_000).toISOString(),
            a.capacity,
            a.capacity * 10,
            1440,
          ),
        ),
      ).flat();
      for (let start = 0; start < day.length; start += 5000) {
        expect((await api.post(day.slice(start, start + 5000))).status).toBe(200);
      }
      await test.db.query(
        `UPDATE readings_daily SET entries = entries + 3000000000 WHERE day = '2026-03-17'`,
      );
      for (const path of [
        '/api/dashboard/metrics',
        '/api/amenities/popularity?days=7',
        '/api/usage/timeline?period=week',
      ]) {
        expect((await api.get(path)).status, path).toBe(200);
      }
      const [sum] = await test.db.query<{ entries: number }>(
        `SELECT sum(entries)::bigint AS entries FROM readings_daily`,
      );
      expect(sum?.entries).toBeGreaterThan(2 ** 31);
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

    it('rate-limits failed attempts until the window ends, but never refuses the right key', async () => {
      for (let i = 0; i < 3; i++) expect((await api.post([good], 'guess')).status).toBe(401);
      const limited = await api.post([good], 'guess');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(ApiErrorSchema.safeParse(limited.json).success).toBe(true);
      expect((await api.post([good], null)).status).toBe(429);
      // The right key from the same address (a NAT shared with a bad actor) still gets in.
      expect(await api.post([good])).toMatchObject({ status: 200, json: { accepted: 1 } });
      expect((await api.post([good], 'guess again')).status).toBe(429);
      clock.advance(61_000);
      expect((await api.post([good], 'guess')).status).toBe(401);
    });

    it('servers on one database share the failed-key count: 3 a minute in all, not 3 each', async () => {
      const other = testApp(test.db, community, {
        clock: clock.now,
        authFailures: { max: 3, windowMs: 60_000 },
      });
      const servers = [api, other];
      // Twelve wrong keys at once, spread over both servers.
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? other : api).post([good], `guess ${i}`)),
      );
      const statuses = burst.map((res) => res.status).sort();
      expect(statuses).toEqual([401, 401, 401, ...Array.from({ length: 9 }, () => 429)]);
      // Either server goes on refusing; the right key still gets in at both.
      for (const server of servers) {
        expect((await server.post([good], 'guess')).status).toBe(429);
      }
      expect((await other.post([good])).status).toBe(200);
      clock.advance(60_000);
      expect((await other.post([good], 'guess')).status).toBe(401);
      expect((await api.post([good], 'guess')).status).toBe(401);
    });

    it('counts failures per endpoint and client in windows, and drops ended windows', async () => {
      const limiter = new FailureLimiter(test.db, 'ingest', 2, 60_000);
      const other = new FailureLimiter(test.db, 'uplink', 2, 60_000);
      const at = clock.now();
      expect(await limiter.recordFailure('a', at)).toBe(0);
      expect(await limiter.recordFailure('a', at + 1000)).toBe(0);
      expect(await limiter.recordFailure('a', at + 2000)).toBe(58_000);
      expect(await limiter.recordFailure('b', at + 2000)).toBe(0);
      expect(await other.recordFailure('a', at + 2000)).toBe(0);
      // A window ends 60 s after its first failure; the next failure starts a new one and drops
      // the rows of windows that have ended (all three by now).
      expect(await limiter.recordFailure('a', at + 62_000)).toBe(0);
      const rows = await test.db.query<{ scope: string; failures: number }>(
        `SELECT scope, failures FROM key_failures ORDER BY scope`,
      );
      expect(rows).toEqual([{ scope: 'ingest:a', failures: 1 }]);
    });

    it('bounds the ingest queue: past it a 503 with Retry-After, and nothing of that batch is written', async () => {
      const small = testApp(test.db, community, { clock: clock.now, maxQueuedBatches: 2 });
      const batches = Array.from({ length: 5 }, (_, b) =>
        Array.from({ length: 500 }, (_, i) =>
          reading(
            community.amenities[b]?.slug ?? 'great-lawn',
            new Date(Date.parse(NOW) - (i + 1) * 60_000).toISOString(),
            1,
          ),
        ),
      );
      const answers = await Promise.all(batches.map((batch) => small.post(batch)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200).length).toBe(2);
      expect(statuses.filter((s) => s === 503).length).toBe(3);
      const full = answers.find((a) => a.status === 503);
      expect(full?.headers.get('Retry-After')).toBe('1');
      expect(ApiErrorSchema.parse(full?.json).error).toMatch(/ingest queue is full/);
      expect(await count()).toBe(1000);
      // Once the queue drains, batches are taken again.
      expect((await small.post(batches[4] ?? [])).status).toBe(200);
    });

    it('only POST reaches /api/readings', async () => {
      const res = await api.get('/api/readings');
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
    });
  });
}
