import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESPONSE_SCHEMAS,
  type AmenityAnalytics,
  type DashboardMetrics,
  type PopularityEntry,
  type UsagePoint,
} from '../../src/api/contract';
import { VISIT_VALUE } from '../../server/community';
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
 * Each endpoint's definition (README, "The API server") checked on hand-made readings with
 * answers worked out by hand. "Now" is Wednesday 18 March 2026, 12:30 in Los Angeles (PDT).
 */
const NOW = local('2026-03-18', '12:30');

const READINGS = [
  // Today
  reading('great-lawn', local('2026-03-18', '09:00'), 50, 10, 30),
  reading('great-lawn', local('2026-03-18', '10:00'), 150, 20, 60),
  reading('solis-hall', local('2026-03-18', '11:00'), 60, 5, 90),
  // Live readings five minutes ago (no one new came in)
  reading('great-lawn', local('2026-03-18', '12:25'), 140),
  reading('solis-hall', local('2026-03-18', '12:25'), 35),
  reading('the-yard', local('2026-03-18', '12:25'), 18),
  reading('grand-lake', local('2026-03-18', '12:25'), 104),
  // Yesterday: before and after 12:30
  reading('great-lawn', local('2026-03-17', '09:00'), 40, 20, 45),
  reading('solis-hall', local('2026-03-17', '12:15'), 30, 8, 30),
  reading('great-lawn', local('2026-03-17', '12:45'), 100, 100, 20),
  // Earlier this month, and last month (outside the last 30 days)
  reading('the-yard', local('2026-03-01', '10:00'), 30, 12, 40),
  reading('grand-lake', local('2026-02-01', '10:00'), 20, 10, 60),
];

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(backendTitle(backend), () => {
    let test: TestDatabase;
    let api: ReturnType<typeof testApp>;
    const clock = testClock(NOW);

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      const community = await createTestCommunity(test.db);
      api = testApp(test.db, community, { clock: clock.now });
      expect(await api.post(READINGS)).toMatchObject({ status: 200, json: { accepted: 12 } });
    });
    afterAll(() => test?.drop());

    async function getValid<T>(path: string): Promise<T> {
      const res = await api.get(path);
      expect(res.status, res.text).toBe(200);
      const schema = RESPONSE_SCHEMAS[path.split('?')[0] as keyof typeof RESPONSE_SCHEMAS];
      const parsed = schema.safeParse(res.json);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      return res.json as T;
    }

    describe('/api/dashboard/metrics', () => {
      it('counts entries since local midnight and compares with yesterday up to the same time', async () => {
        const m = await getValid<DashboardMetrics>('/api/dashboard/metrics');
        expect(m.activeUsersToday).toBe(10 + 20 + 5);
        // Yesterday until 12:30: 20 (09:00) + 8 (12:15); the 100 at 12:45 came later.
        expect(m.activeUsersChange).toBe(25);
      });

      it("reports today's highest occupancy as a share of capacity, and where", async () => {
        const m = await getValid<DashboardMetrics>('/api/dashboard/metrics');
        // 150 of 200 at The Great Lawn beats 104 of 150 at Grand Lake and 60 of 120 in the hall.
        expect(m.peakUsage).toBe(75);
        expect(m.peakAmenity).toBe('The Great Lawn');
      });

      it('averages visit length over 30 days against the 30 before, and values the visits', async () => {
        const m = await getValid<DashboardMetrics>('/api/dashboard/metrics');
        // Last 30 days: 175 entries, 5,570 visit-minutes -> 31.8 min; before: 10 x 60 min.
        expect(m.avgSessionTime).toBe('32m');
        expect(m.sessionTimeChange).toBe(-47);
        const lawn = 10 + 20 + 20 + 100;
        const hall = 5 + 8;
        const yard = 12;
        expect(m.revenueImpact).toBe(
          Math.round(lawn * VISIT_VALUE.lawn + hall * VISIT_VALUE.hall + yard * VISIT_VALUE.yard),
        );
      });
    });

    describe('/api/usage/timeline', () => {
      it('day: 24 hourly points up to the current hour, visits per amenity', async () => {
        const points = await getValid<UsagePoint[]>('/api/usage/timeline?period=day');
        expect(points).toHaveLength(24);
        expect(points.at(-1)?.time).toBe(local('2026-03-18', '12:00'));
        expect(points[0]?.time).toBe(local('2026-03-17', '13:00'));
        const at = (time: string) => points.find((p) => p.time === local('2026-03-18', time));
        expect(at('09:00')).toMatchObject({ lawn: 10, hall: 0, yard: 0, lake: 0 });
        expect(at('10:00')).toMatchObject({ lawn: 20 });
        expect(at('11:00')).toMatchObject({ hall: 5 });
        const total = points.reduce((s, p) => s + p.lawn + p.hall + p.yard + p.lake, 0);
        expect(total).toBe(35); // yesterday's readings are more than 24 hours old
      });

      it('week: 7 daily points ending today, each at local midnight', async () => {
        const points = await getValid<UsagePoint[]>('/api/usage/timeline?period=week');
        expect(points.map((p) => p.time)).toEqual(
          ['12', '13', '14', '15', '16', '17', '18'].map((d) => local(`2026-03-${d}`, '00:00')),
        );
        expect(points[5]).toMatchObject({ lawn: 120, hall: 8 });
        expect(points[6]).toMatchObject({ lawn: 30, hall: 5, yard: 0, lake: 0 });
      });

      it('month: `days` daily points (30 by default)', async () => {
        const month = await getValid<UsagePoint[]>('/api/usage/timeline?period=month');
        expect(month).toHaveLength(30);
        expect(month.find((p) => p.time === local('2026-03-01', '00:00'))?.yard).toBe(12);
        const ninety = await getValid<UsagePoint[]>('/api/usage/timeline?period=month&days=90');
        expect(ninety).toHaveLength(90);
        expect(ninety.find((p) => p.time === local('2026-02-01', '00:00'))?.lake).toBe(10);
      });

      it('defaults to day', async () => {
        expect(await getValid<UsagePoint[]>('/api/usage/timeline')).toEqual(
          await getValid<UsagePoint[]>('/api/usage/timeline?period=day'),
        );
      });
    });

    describe('/api/amenities/popularity', () => {
      it('shares of visits over 30 days, whole percentages summing to exactly 100', async () => {
        const entries = await getValid<PopularityEntry[]>('/api/amenities/popularity');
        // 150 / 13 / 12 of 175 visits = 85.7 / 7.4 / 6.9 -> 86 / 7 / 7 (largest remainders).
        expect(entries.slice(0, 3)).toEqual([
          { name: 'The Great Lawn', percentage: 86, color: '#16a34a' },
          { name: 'Solis Hall', percentage: 7, color: '#9333ea' },
          { name: 'The Yard', percentage: 7, color: '#d97706' },
        ]);
        expect(entries.reduce((s, e) => s + e.percentage, 0)).toBe(100);
        expect(entries).toHaveLength(7);
      });

      it('follows ?days=N', async () => {
        const today = await getValid<PopularityEntry[]>('/api/amenities/popularity?days=1');
        expect(today.slice(0, 2).map((e) => [e.name, e.percentage])).toEqual([
          ['The Great Lawn', 86],
          ['Solis Hall', 14],
        ]);
        const sixty = await getValid<PopularityEntry[]>('/api/amenities/popularity?days=60');
        expect(sixty.find((e) => e.name === 'Grand Lake')?.percentage).toBe(5); // 10 of 185
        expect(sixty.reduce((s, e) => s + e.percentage, 0)).toBe(100);
      });
    });

    describe('/api/amenities/analytics', () => {
      it('live users, usage %, status thresholds, peak window and peak count', async () => {
        const list = await getValid<AmenityAnalytics[]>('/api/amenities/analytics');
        const byId = new Map(list.map((a) => [a.id, a]));
        expect(byId.get('great-lawn')).toMatchObject({
          currentUsers: 140,
          usagePercentage: 70,
          status: 'high', // 70 % is the high threshold
          // Mean occupancy by hour: 9h 45, 10h 150, 12h 120 -> 9-11 is the busiest pair.
          peakTime: '9:00 AM - 11:00 AM',
          peakUsage: 150,
          type: 'lawn',
          icon: 'tree',
          color: '#16a34a',
          capacity: 200,
        });
        expect(byId.get('great-lawn')?.live).toBe(true);
        expect(byId.get('solis-hall')).toMatchObject({ currentUsers: 35, status: 'low' }); // 29 %
        expect(byId.get('the-yard')).toMatchObject({ currentUsers: 18, status: 'medium' }); // 30 %
        expect(byId.get('grand-lake')).toMatchObject({ currentUsers: 104, status: 'medium' });
        // No reading at all: not live, and says so (the 0 is a rule, not a count).
        expect(byId.get('heritage-tree')).toMatchObject({
          currentUsers: 0,
          live: false,
          lastReadingAt: null,
          peakTime: 'No data yet',
        });
      });

      it('is closed outside opening hours, and forgets readings older than 15 minutes', async () => {
        clock.set(local('2026-03-18', '12:41'));
        try {
          const later = await getValid<AmenityAnalytics[]>('/api/amenities/analytics');
          const lawn = later.find((a) => a.id === 'great-lawn');
          expect(lawn).toMatchObject({ currentUsers: 0, live: false });
          // Its newest reading is still named, so the app can say since when nothing came.
          expect(lawn?.lastReadingAt).toBe(new Date(local('2026-03-18', '12:25')).toISOString());
          clock.set(local('2026-03-18', '21:30'));
          const night = await getValid<AmenityAnalytics[]>('/api/amenities/analytics');
          const status = Object.fromEntries(night.map((a) => [a.id, a.status]));
          // Grand Lake closes at 9 PM, the playground at 8 PM; the lawn is open until 10 PM.
          expect(status).toMatchObject({
            'grand-lake': 'closed',
            'sunny-playground': 'closed',
            'great-lawn': 'low',
            'market-street': 'low',
          });
        } finally {
          clock.set(NOW);
        }
      });
    });
  });
}
