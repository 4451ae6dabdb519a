import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageGapsSchema, type Reading } from '../../src/api/contract';
import type { Community } from '../../server/community';
import { buildUsageReport } from '../../server/schedules/build-report';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  local,
  openTestDatabase,
  reading,
  testApp,
  type TestDatabase,
} from './helpers';

/** Mon Nov 23 2026, 10:20 Pacific: Last Week is Mon Nov 16 - Sun Nov 22. */
const NOW = Date.parse(local('2026-11-23', '10:20'));
const H = 3_600_000;

/**
 * One reading (1 entry) at half past every hour of Nov 16-22 from every amenity, except Grand
 * Lake's sensor, silent Tue Nov 17 02:00-09:00 (no reading in those 7 hours).
 */
function week(community: Community): Reading[] {
  const readings: Reading[] = [];
  const start = Date.parse(local('2026-11-16', '00:30'));
  for (let hour = 0; hour < 7 * 24; hour++) {
    const time = new Date(start + hour * H).toISOString();
    for (const amenity of community.amenities) {
      const silent =
        amenity.slug === 'grand-lake' &&
        time >= local('2026-11-17', '02:00') &&
        time < local('2026-11-17', '09:00');
      if (!silent) readings.push(reading(amenity.slug, time, 1, 1, 10));
    }
  }
  return readings;
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(
    `coverage from sensor gaps, ${backendTitle(backend)}`,
    () => {
      let test: TestDatabase;
      let community: Community;
      let api: ReturnType<typeof testApp>;
      let posted = 0;

      beforeAll(async () => {
        test = await openTestDatabase(backend);
        community = await createTestCommunity(test.db);
        api = testApp(test.db, community, { clock: () => NOW });
        const readings = week(community);
        posted = readings.length;
        expect((await api.post(readings)).status).toBe(200);
        // The hour under way: Solis Hall has reported in it, the others not yet.
        expect(
          (await api.post([reading('solis-hall', local('2026-11-23', '10:05'), 1, 1, 10)])).status,
        ).toBe(200);
      });
      afterAll(() => test?.drop());

      it('GET /api/usage/gaps lists each amenity’s silences by whole hours', async () => {
        const res = await api.get('/api/usage/gaps?days=14');
        expect(res.status).toBe(200);
        const gaps = UsageGapsSchema.parse(res.json);
        // From local midnight 13 days back to now.
        expect(gaps.from).toBe(local('2026-11-10', '00:00'));
        expect(gaps.to).toBe(new Date(NOW).toISOString());
        const lake = gaps.amenities.find((a) => a.id === 'grand-lake');
        expect(lake).toMatchObject({ name: 'Grand Lake' });
        expect(lake?.silent).toEqual([
          { from: local('2026-11-10', '00:00'), to: local('2026-11-16', '00:00') },
          { from: local('2026-11-17', '02:00'), to: local('2026-11-17', '09:00') },
          // No reading since Sunday 23:30: silent from midnight, running on to now.
          { from: local('2026-11-23', '00:00'), to: new Date(NOW).toISOString() },
        ]);
        // Solis Hall reported in the hour under way, but 00:00-10:00 were whole silent hours.
        expect(gaps.amenities.find((a) => a.id === 'solis-hall')?.silent.at(-1)).toEqual({
          from: local('2026-11-23', '00:00'),
          to: local('2026-11-23', '10:00'),
        });
        expect(gaps.amenities).toHaveLength(community.amenities.length);
      });

      it('refuses a window out of bounds with a 400', async () => {
        expect((await api.get('/api/usage/gaps?days=0')).status).toBe(400);
        expect((await api.get('/api/usage/gaps?days=401')).status).toBe(400);
        expect((await api.get('/api/usage/gaps?days=abc')).status).toBe(400);
      });

      it('a scheduled weekly report states the coverage in its JSON summary and its CSV', async () => {
        const report = await buildUsageReport(test.db, community, 'weekly', NOW);
        expect(report.periodFrom).toBe('2026-11-16');
        const text = 'Data for 6 d 17 h of 7 d; Grand Lake sensor silent Tue 17 Nov 02:00–09:00';
        expect(report.summary.coverage).toEqual({
          coveredMs: 7 * 24 * H - 7 * H,
          totalMs: 7 * 24 * H,
          text,
        });
        expect(report.summary.totalVisits).toBe(posted);
        // The average adds up each amenity's own visits per covered day: 7 days each, Grand
        // Lake's 161 hours.
        const own = (id: string) => (id === 'grand-lake' ? 161 / 24 : 7);
        expect(report.summary.dailyAverage).toBeCloseTo(
          report.summary.perAmenity.reduce((sum, row) => sum + row.visits / own(row.id), 0),
          10,
        );
        const lines = report.csv.split('\r\n');
        expect(lines).toContain(`Coverage,${text}`);
        expect(lines).toContain('Covered (hours),161.0');
        expect(lines).toContain('Period length (hours),168.0');
      });
    },
  );
}
