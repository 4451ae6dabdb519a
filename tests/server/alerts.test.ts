import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSilentSensors, evaluateReadings } from '../../server/alerts/evaluate';
import { reloadAmenities, type Community } from '../../server/community';
import { addDays } from '../../server/time';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
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

// A Wednesday afternoon; the Yard (capacity 60, open 05:00-22:00) fires at 54 people (90%).
const NOW = local('2026-03-18', '15:00');
const MIN = 60_000;
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * MIN).toISOString();

type AlertRow = { kind: string; message: string; value: number; observed_at: string };

async function alertsOf(db: Database): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT kind, message, value::float8 AS value,
            to_char(observed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS observed_at
       FROM alerts ORDER BY observed_at, id`,
  );
}

async function addRule(
  db: Database,
  community: Community,
  slug: string,
  kind: string,
  threshold: number,
  rearmBelow: number,
  cooldownMinutes = 0,
) {
  const amenity = community.amenities.find((a) => a.slug === slug);
  const [rule] = await db.query<{ id: number }>(
    `INSERT INTO alert_rules (community_id, amenity_id, kind, threshold, rearm_below, cooldown_minutes)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [community.id, amenity?.id, kind, threshold, rearmBelow, cooldownMinutes],
  );
  await db.query(`INSERT INTO alert_state (rule_id) VALUES ($1)`, [rule?.id]);
}

async function reset(db: Database) {
  for (const table of ['alerts', 'alert_state', 'alert_rules', 'alert_rule_defaults']) {
    await db.query(`DELETE FROM ${table}`);
  }
  for (const table of ['readings', 'readings_hourly', 'readings_daily']) {
    await db.query(`DELETE FROM ${table}`);
  }
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`alerts, ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock(NOW);
    let api: ReturnType<typeof testApp>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
    });
    afterAll(() => test?.drop());
    beforeEach(async () => {
      clock.set(NOW);
      await reset(test.db);
      api = testApp(test.db, community, { clock: clock.now });
    });

    /** Posts one Yard reading per minute offset, with the clock at that minute. */
    async function yard(...points: [minutes: number, occupancy: number][]) {
      for (const [minutes, occupancy] of points) {
        clock.set(at(minutes));
        const res = await api.post([reading('the-yard', at(minutes), occupancy)]);
        expect(res.status).toBe(200);
      }
    }

    it('every amenity gets the default 90% rule once, and a crossing alerts once', async () => {
      await yard([0, 40], [5, 53], [10, 54], [15, 58], [20, 55]);
      const rules = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_rules WHERE kind = 'occupancy' AND threshold = 90`,
      );
      expect(rules[0]?.n).toBe(community.amenities.length);
      expect(await alertsOf(test.db)).toEqual([
        {
          kind: 'occupancy',
          message: 'The Yard is at 90% of capacity (54 of 60 people)',
          value: 90,
          observed_at: at(10),
        },
      ]);
    });

    it('hysteresis: hovering under the threshold does not re-alert; falling below 80% re-arms', async () => {
      await yard([0, 55], [5, 50], [10, 56], [15, 49], [20, 55], [25, 47], [30, 54]);
      // 50 and 49 people are 83% and 82%: still above the 80% re-arm level. 47 is 78%.
      expect((await alertsOf(test.db)).map((a) => a.observed_at)).toEqual([at(0), at(30)]);
    });

    it('cool-down: a second crossing inside it waits, and fires after it if still high', async () => {
      await test.db.query(`INSERT INTO alert_rule_defaults SELECT $1, id FROM amenities`, [
        community.id,
      ]);
      await addRule(test.db, community, 'the-yard', 'occupancy', 90, 80, 30);
      await yard([0, 55], [5, 40], [10, 55], [20, 55], [35, 56]);
      expect((await alertsOf(test.db)).map((a) => a.observed_at)).toEqual([at(0), at(35)]);
    });

    it('after-hours use, in the community time zone', async () => {
      await test.db.query(`INSERT INTO alert_rule_defaults SELECT $1, id FROM amenities`, [
        community.id,
      ]);
      await addRule(test.db, community, 'the-yard', 'after_hours', 1, 1);
      const evening = (time: string) => local('2026-03-18', time);
      for (const [time, occupancy] of [
        ['21:50', 6],
        ['22:00', 0],
        ['22:10', 2],
        ['22:20', 3],
        ['22:30', 0],
        ['22:40', 1],
      ] as const) {
        clock.set(evening(time));
        await api.post([reading('the-yard', evening(time), occupancy)]);
      }
      const alerts = await alertsOf(test.db);
      expect(alerts.map((a) => a.observed_at)).toEqual([evening('22:10'), evening('22:40')]);
      expect(alerts[0]?.message).toBe(
        '2 people at The Yard after hours (open 5:00 AM - 10:00 PM on Wednesdays)',
      );
    });

    it('after-hours use follows the hours of each weekday (closed on Wednesdays)', async () => {
      await test.db.query(`INSERT INTO alert_rule_defaults SELECT $1, id FROM amenities`, [
        community.id,
      ]);
      await addRule(test.db, community, 'the-yard', 'after_hours', 1, 1);
      const yard = community.amenities.find((a) => a.slug === 'the-yard');
      // Closed on Wednesdays (weekday 3), open 05:00-22:00 the other days.
      await test.db.query(`DELETE FROM amenity_hours WHERE amenity_id = $1 AND weekday = 3`, [
        yard?.id,
      ]);
      await reloadAmenities(test.db, community);
      try {
        // Noon on Tuesday the 17th is within hours; noon on Wednesday the 18th is not.
        for (const when of [local('2026-03-17', '12:00'), local('2026-03-18', '12:00')]) {
          clock.set(when);
          await api.post([reading('the-yard', when, 4)]);
        }
        const alerts = await alertsOf(test.db);
        expect(alerts.map((a) => a.observed_at)).toEqual([local('2026-03-18', '12:00')]);
        expect(alerts[0]?.message).toBe('4 people at The Yard after hours (closed on Wednesdays)');
      } finally {
        await test.db.query(
          `INSERT INTO amenity_hours (amenity_id, weekday, opens_minute, closes_minute)
           VALUES ($1, 3, 300, 1320)`,
          [yard?.id],
        );
        await reloadAmenities(test.db, community);
      }
    });

    it('unusual usage against the seeded history of the same weekday and hour', async () => {
      await test.db.query(`INSERT INTO alert_rule_defaults SELECT $1, id FROM amenities`, [
        community.id,
      ]);
      await addRule(test.db, community, 'great-lawn', 'unusual', 3.5, 2);
      // Eight past Wednesdays at 15:00-15:59: about 40 people (capacity 200: spread >= 10).
      const usual = [38, 41, 40, 42, 39, 120, 40, 43];
      // Local 15:00 each week: four of the weeks are before the DST change of March 8.
      const history = usual.flatMap((occupancy, week) => {
        const day = addDays('2026-03-18', -7 * (week + 1));
        return ['15:00', '15:20', '15:40'].map((time) =>
          reading('great-lawn', local(day, time), occupancy),
        );
      });
      expect((await api.post(history)).status).toBe(200);
      expect(await alertsOf(test.db)).toEqual([]); // history is not judged as new
      clock.set(at(5));
      await api.post([reading('great-lawn', at(1), 60), reading('great-lawn', at(5), 120)]);
      const alerts = await alertsOf(test.db);
      // median 40.5; 60 is 1.95 spreads away (usual), 120 is 7.95 (unusual).
      expect(alerts).toEqual([
        {
          kind: 'unusual',
          message: 'The Great Lawn has 120 people, far above its usual 41 on Wednesdays at 3:00 PM',
          value: 7.95,
          observed_at: at(5),
        },
      ]);
    });

    it('unusual usage: a closure’s day is not judged, and its weeks are no one’s usual', async () => {
      await test.db.query(`INSERT INTO alert_rule_defaults SELECT $1, id FROM amenities`, [
        community.id,
      ]);
      await addRule(test.db, community, 'great-lawn', 'unusual', 3.5, 2);
      // Eight past Wednesdays at 15:00: the lawn was closed (0 people) the five most recent.
      const weeks = [0, 0, 0, 0, 0, 40, 41, 42];
      const days = weeks.map((_, week) => addDays('2026-03-18', -7 * (week + 1)));
      const history = weeks.flatMap((occupancy, week) =>
        ['15:00', '15:20', '15:40'].map((time) =>
          reading('great-lawn', local(days[week] ?? '', time), occupancy),
        ),
      );
      expect((await api.post(history)).status).toBe(200);
      const lawn = community.amenities.find((a) => a.slug === 'great-lawn');
      const setClosures = async (closures: { firstDay: string; lastDay: string }[]) => {
        await test.db.query(`DELETE FROM amenity_closures WHERE amenity_id = $1`, [lawn?.id]);
        for (const { firstDay, lastDay } of closures) {
          await test.db.query(
            `INSERT INTO amenity_closures (amenity_id, first_day, last_day) VALUES ($1, $2, $3)`,
            [lawn?.id, firstDay, lastDay],
          );
        }
        await reloadAmenities(test.db, community);
      };
      try {
        // Closed those five weeks and today: today's empty lawn is the closure, not news.
        await setClosures([
          { firstDay: days[4] ?? '', lastDay: days[0] ?? '' },
          { firstDay: '2026-03-18', lastDay: '2026-03-18' },
        ]);
        clock.set(at(5));
        await api.post([reading('great-lawn', at(5), 0)]);
        expect(await alertsOf(test.db)).toEqual([]);
        // Open again today: 40 people is not "far above a usual 0". The three open weeks are too
        // few to judge by (at least four): nothing fires.
        await setClosures([{ firstDay: days[4] ?? '', lastDay: days[0] ?? '' }]);
        clock.set(at(10));
        await api.post([reading('great-lawn', at(10), 40)]);
        expect(await alertsOf(test.db)).toEqual([]);
        // Without the closures the five empty weeks are the usual, and 40 people fire.
        await setClosures([]);
        clock.set(at(15));
        await api.post([reading('great-lawn', at(15), 40)]);
        expect((await alertsOf(test.db)).map((alert) => alert.message)).toEqual([
          'The Great Lawn has 40 people, far above its usual 0 on Wednesdays at 3:00 PM',
        ]);
      } finally {
        await setClosures([]);
      }
    });

    /** Solis Hall's silent rule at 3 intervals, and four readings 5 minutes apart (its interval). */
    const hallSilentRuleAfterFourReadings = async () => {
      await test.db.query(`INSERT INTO alert_rule_defaults SELECT $1, id FROM amenities`, [
        community.id,
      ]);
      await addRule(test.db, community, 'solis-hall', 'silent', 3, 1);
      for (const minutes of [0, 5, 10, 15]) {
        clock.set(at(minutes));
        await api.post([reading('solis-hall', at(minutes), 10)]);
      }
    };

    it('a silent sensor alerts once after three reporting intervals; a reading re-arms it', async () => {
      await hallSilentRuleAfterFourReadings();
      expect(await checkSilentSensors(test.db, community, Date.parse(at(29)))).toBe(0);
      expect(await checkSilentSensors(test.db, community, Date.parse(at(30)))).toBe(1);
      expect(await checkSilentSensors(test.db, community, Date.parse(at(60)))).toBe(0);
      expect((await alertsOf(test.db)).map((a) => a.message)).toEqual([
        'No readings from Solis Hall for 15 minutes (3.0 reporting intervals)',
      ]);
      clock.set(at(61));
      await api.post([reading('solis-hall', at(61), 10)]);
      expect(await checkSilentSensors(test.db, community, Date.parse(at(62)))).toBe(0);
      expect(await checkSilentSensors(test.db, community, Date.parse(at(200)))).toBe(1);
    });

    it('a silent sensor is not news on its amenity’s closure days, and is once it opens', async () => {
      await hallSilentRuleAfterFourReadings();
      const hall = community.amenities.find((a) => a.slug === 'solis-hall');
      // Closed from today (Wednesday) through Friday: the counter was switched off with it.
      await test.db.query(
        `INSERT INTO amenity_closures (amenity_id, first_day, last_day) VALUES ($1, $2, $3)`,
        [hall?.id, '2026-03-18', '2026-03-20'],
      );
      await reloadAmenities(test.db, community);
      try {
        expect(await checkSilentSensors(test.db, community, Date.parse(at(30)))).toBe(0);
        expect(
          await checkSilentSensors(test.db, community, Date.parse(local('2026-03-20', '23:59'))),
        ).toBe(0);
        expect(await alertsOf(test.db)).toEqual([]);
        // Saturday it is open again and still silent: told, with the silence's whole length
        // (Wednesday 15:15 to Saturday 00:01 is 3,406 minutes, 681.2 intervals of 5).
        expect(
          await checkSilentSensors(test.db, community, Date.parse(local('2026-03-21', '00:01'))),
        ).toBe(1);
        expect((await alertsOf(test.db)).map((a) => a.message)).toEqual([
          'No readings from Solis Hall for 2 days (681.2 reporting intervals)',
        ]);
      } finally {
        await test.db.query(`DELETE FROM amenity_closures WHERE amenity_id = $1`, [hall?.id]);
        await reloadAmenities(test.db, community);
      }
    });

    it('readings that arrive long after they were taken update no alert', async () => {
      clock.set(at(120));
      await api.post([reading('the-yard', at(0), 58)]);
      expect(await alertsOf(test.db)).toEqual([]);
    });
  });
}

const postgres = BACKENDS.find((b) => b.name === 'postgres');
describe.skipIf(postgres?.skip !== null)('exactly once with two servers on one PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `cg_test_alerts_${process.pid}_${randomBytes(4).toString('hex')}`;
  let first: Database;
  let second: Database;
  let community: Community;

  beforeAll(async () => {
    first = await openPostgres(url, { schema });
    second = await openPostgres(url, { schema });
    await migrate(first);
    await migrate(second);
    community = await createTestCommunity(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.query(`DROP SCHEMA ${schema} CASCADE`);
    await first?.close();
  });

  it('two app instances posting crossing readings at once produce one alert', async () => {
    const clock = testClock(at(30));
    const a = testApp(first, community, { clock: clock.now });
    const b = testApp(second, community, { clock: clock.now });
    // Each server gets its own crossing readings, all at once; several rounds to meet the race.
    const batches = Array.from({ length: 10 }, (_, i) => [
      reading('the-yard', at(i * 2), 55 + (i % 3)),
      reading('the-yard', at(i * 2 + 1), 56),
    ]);
    const results = await Promise.all(batches.map((batch, i) => (i % 2 ? a : b).post(batch)));
    expect(results.map((r) => r.status)).toEqual(batches.map(() => 200));
    // And both judge the same readings again, concurrently.
    const yardId = community.amenities.find((x) => x.slug === 'the-yard')?.id ?? 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        evaluateReadings(i % 2 ? first : second, community, [yardId], clock.now()),
      ),
    );
    const alerts = await alertsOf(first);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.kind).toBe('occupancy');
    const rules = await first.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_rules`);
    expect(rules[0]?.n).toBe(community.amenities.length);
  });
});
