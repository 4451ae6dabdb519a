import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardMetrics } from '../../src/api/contract';
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
 * The dashboard's comparisons and session time say only what the readings measured: a counter
 * that reports no visit length (a plain line counter stores 0 minutes) is not read as visits of
 * 0 minutes, and a day with nothing to compare against gives no percentage.
 * "Now" is Wednesday 18 March 2026, 12:30 in Los Angeles.
 */
const NOW = local('2026-03-18', '12:30');

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(backendTitle(backend), () => {
    let test: TestDatabase;
    let api: ReturnType<typeof testApp>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      api = testApp(test.db, await createTestCommunity(test.db), { clock: testClock(NOW).now });
    });
    afterAll(() => test?.drop());

    const metrics = async () => {
      const res = await api.get('/api/dashboard/metrics');
      expect(res.status, res.text).toBe(200);
      return res.json as DashboardMetrics;
    };

    it('with no readings at all, compares nothing and measures no visit length', async () => {
      expect(await metrics()).toMatchObject({
        activeUsersToday: 0,
        activeUsersChange: null,
        avgSessionTime: '—',
        sessionTimeChange: null,
      });
    });

    it('averages only the visits whose counter measured their length', async () => {
      // 14 visits of 25 minutes at the lawn; 11 at the playground, whose counter sends no length.
      const today = [
        reading('great-lawn', local('2026-03-18', '10:00'), 14, 14, 25),
        reading('sunny-playground', local('2026-03-18', '10:00'), 11, 11, 0),
      ];
      expect((await api.post(today)).status).toBe(200);
      const m = await metrics();
      expect(m.activeUsersToday).toBe(25);
      // (14 x 25) / 14, not (14 x 25) / 25 = 14m.
      expect(m.avgSessionTime).toBe('25m');
      // Nothing in the 30 days before, and no amenity reported yesterday: nothing to compare.
      expect(m.sessionTimeChange).toBeNull();
      expect(m.activeUsersChange).toBeNull();
    });

    it('gives no percentage against a yesterday with no visits, but 0 for none on both days', async () => {
      // Yesterday the lawn's sensor reported, with nobody coming in before 10:00.
      const yesterday = [reading('great-lawn', local('2026-03-17', '09:00'), 0, 0, 0)];
      expect((await api.post(yesterday)).status).toBe(200);
      expect((await metrics()).activeUsersChange).toBeNull();
    });

    it('compares visit length once both periods measured one', async () => {
      const before = [reading('great-lawn', local('2026-02-10', '10:00'), 10, 10, 50)];
      expect((await api.post(before)).status).toBe(200);
      const m = await metrics();
      // 25 minutes now against 50 before.
      expect(m.sessionTimeChange).toBe(-50);
    });
  });
}
