import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardMetricsSchema, UsageGapsSchema, type Reading } from '../../src/api/contract';
import { silences } from '../../server/endpoints/gaps';
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

/**
 * A sensor that stops today (README, "What each endpoint computes"): the gaps show it silent as
 * soon as its newest reading is 15 minutes old, and "vs yesterday" compares its frozen count with
 * yesterday only up to the time that count runs to. Today is Tue 24 Nov 2026 (Pacific).
 */
const TODAY = '2026-11-24';
const YESTERDAY = '2026-11-23';
const H = 3_600_000;
const MIN = 60_000;

/** A reading with `entries` at half past every hour from 00:30 to `last`:30. */
function hourly(slug: string, date: string, last: number, entries: number): Reading[] {
  return Array.from({ length: last + 1 }, (_, hour) =>
    reading(slug, local(date, `${String(hour).padStart(2, '0')}:30`), 1, entries, 10),
  );
}

const READINGS: Reading[] = [
  // Yesterday: the lawn and the hall all day, 10 visits an hour, and 7 more at the lawn at 13:40.
  ...hourly('great-lawn', YESTERDAY, 23, 10),
  reading('great-lawn', local(YESTERDAY, '13:40'), 1, 7, 10),
  ...hourly('solis-hall', YESTERDAY, 23, 10),
  // Grand Lake: 5 visits yesterday morning, and no reading at all today.
  reading('grand-lake', local(YESTERDAY, '09:30'), 1, 5, 10),
  // Today: the lawn's sensor stops after 13:30; the hall reports to 17:30 and once more at 17:55;
  // the yard (no visits) to 17:30 and once in the hour under way, at 18:10.
  ...hourly('great-lawn', TODAY, 13, 10),
  ...hourly('solis-hall', TODAY, 17, 10),
  reading('solis-hall', local(TODAY, '17:55'), 1, 0, 0),
  ...hourly('the-yard', TODAY, 17, 0),
  reading('the-yard', local(TODAY, '18:10'), 1, 0, 0),
];

describe('silences(): the hour under way', () => {
  const at = (time: string) => Date.parse(local(TODAY, time));
  const current = at('18:00');
  const now = at('18:20');
  /** Reported every hour from `first` to `last` (the query's edges: first and last row). */
  const after = (first: string, last: string, nowMs: number, newest: number | null) =>
    silences(
      [
        { hour_ms: at(first), next_ms: at(first) + H },
        { hour_ms: at(last), next_ms: null },
      ],
      at(first),
      current,
      nowMs,
      newest,
    );

  it('is silent so far after the last reported hour once the newest reading is 15 min old', () => {
    expect(after('09:00', '17:00', now, at('17:55'))).toEqual([{ from: current, to: now }]);
    expect(after('09:00', '17:00', now, now - 15 * MIN)).toEqual([]);
    expect(after('09:00', '17:00', now, now - 15 * MIN - 1)).toEqual([{ from: current, to: now }]);
  });

  it('stays covered when a reading came in it, however old; and never yields an empty interval', () => {
    expect(after('09:00', '18:00', now, at('18:01'))).toEqual([]);
    expect(after('09:00', '17:00', current, current - H)).toEqual([]);
  });

  it('with no reported hour in the window: silent from its start when stale or never heard', () => {
    expect(silences([], current, current, now, null)).toEqual([{ from: current, to: now }]);
    expect(silences([], current, current, now, now - 30 * MIN)).toEqual([
      { from: current, to: now },
    ]);
    expect(silences([], current, current, now, now - 10 * MIN)).toEqual([]);
  });

  it('keeps the whole-hour rule for completed hours', () => {
    // Last reported hour 13:00: silent from 14:00, whatever the newest reading's age.
    expect(after('09:00', '13:00', now, now)).toEqual([{ from: at('14:00'), to: now }]);
    // A gap between two reported hours is unchanged.
    expect(
      silences(
        [
          { hour_ms: at('09:00'), next_ms: at('12:00') },
          { hour_ms: at('12:00'), next_ms: at('18:00') },
          { hour_ms: at('18:00'), next_ms: null },
        ],
        at('09:00'),
        current,
        now,
        at('18:01'),
      ),
    ).toEqual([
      { from: at('10:00'), to: at('12:00') },
      { from: at('13:00'), to: at('18:00') },
    ]);
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(
    `a sensor that stops today, ${backendTitle(backend)}`,
    () => {
      let test: TestDatabase;
      let api: ReturnType<typeof testApp>;
      const clock = testClock(local(TODAY, '18:40'));

      beforeAll(async () => {
        test = await openTestDatabase(backend);
        const community = await createTestCommunity(test.db);
        api = testApp(test.db, community, { clock: clock.now });
        expect(await api.post(READINGS)).toMatchObject({
          status: 200,
          json: { accepted: READINGS.length },
        });
      });
      afterAll(() => test?.drop());

      async function silentToday(at: string) {
        clock.set(local(TODAY, at));
        const res = await api.get('/api/usage/gaps?days=1');
        expect(res.status).toBe(200);
        const gaps = UsageGapsSchema.parse(res.json);
        return (slug: string) => gaps.amenities.find((a) => a.id === slug)?.silent;
      }

      it('GET /api/usage/gaps: silent from the end of its last reported hour once 15 min stale', async () => {
        const at1820 = await silentToday('18:20');
        // The hall's newest reading (17:55) is 25 minutes old and 18:00 has none: silent so far.
        expect(at1820('solis-hall')).toEqual([
          { from: local(TODAY, '18:00'), to: local(TODAY, '18:20') },
        ]);
        // Completed hours as before: the lawn's last reported hour is 13:00.
        expect(at1820('great-lawn')).toEqual([
          { from: local(TODAY, '14:00'), to: local(TODAY, '18:20') },
        ]);
        expect(at1820('grand-lake')).toEqual([
          { from: local(TODAY, '00:00'), to: local(TODAY, '18:20') },
        ]);
        expect(at1820('the-yard')).toEqual([]);
      });

      it('GET /api/usage/gaps: not silent while the newest reading is at most 15 min old', async () => {
        expect((await silentToday('18:05'))('solis-hall')).toEqual([]);
        expect((await silentToday('18:10'))('solis-hall')).toEqual([]);
        expect((await silentToday('18:11'))('solis-hall')).toEqual([
          { from: local(TODAY, '18:00'), to: local(TODAY, '18:11') },
        ]);
      });

      it('GET /api/usage/gaps: an hour with a reading stays covered (whole hours)', async () => {
        // The yard reported at 18:10: 30 minutes stale at 18:40, but its hour under way has a reading.
        expect((await silentToday('18:40'))('the-yard')).toEqual([]);
      });

      it('GET /api/dashboard/metrics: vs yesterday up to the time each amenity’s count runs to', async () => {
        clock.set(local(TODAY, '18:05'));
        const res = await api.get('/api/dashboard/metrics');
        expect(res.status).toBe(200);
        const metrics = DashboardMetricsSchema.parse(res.json);
        // Today: the lawn 14 x 10 (to 13:30), the hall 18 x 10 (to 17:55), the yard none.
        expect(metrics.activeUsersToday).toBe(140 + 180);
        // Yesterday: the lawn to 13:30 (140; its 7 at 13:40 came later), the hall to 17:55 (180);
        // Grand Lake sent nothing today, so its 5 count on neither day. Up to 18:05 it would be
        // 180 + 7 + 180 + 5 = 372, a 14 % "drop" made by the silence.
        expect(metrics.activeUsersChange).toBe(0);
      });
    },
  );
}
