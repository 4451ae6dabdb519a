import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  HEALTH_PATH,
  ApiErrorSchema,
  RESPONSE_SCHEMAS,
  type AmenityAnalytics,
  type Suggestion,
} from '../../src/api/contract';
import { AMENITY_TYPE_ICONS } from '../../src/ui/page-icons';
import { seedDemo } from '../../server/simulator/seed';
import {
  BACKENDS,
  backendTitle,
  local,
  openTestDatabase,
  testApp,
  type TestDatabase,
} from './helpers';

/** Every endpoint on a small seeded data set: shapes, bad input, unknown paths. */
const NOW = local('2026-03-18', '12:30');

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(backendTitle(backend), () => {
    let test: TestDatabase;
    let api: ReturnType<typeof testApp>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      const { community } = await seedDemo(test.db, {
        now: Date.parse(NOW),
        days: 10,
        stepMs: 15 * 60_000,
      });
      api = testApp(test.db, community, { clock: () => Date.parse(NOW) });
    });
    afterAll(() => test?.drop());

    const valid: [string, string][] = [
      [API_PATHS.metrics, ''],
      [API_PATHS.timeline, ''],
      [API_PATHS.timeline, '?period=day'],
      [API_PATHS.timeline, '?period=week'],
      [API_PATHS.timeline, '?period=month'],
      [API_PATHS.timeline, '?period=month&days=7'],
      [API_PATHS.timeline, '?period=month&days=366'],
      [API_PATHS.popularity, ''],
      [API_PATHS.popularity, '?days=7'],
      [API_PATHS.amenityAnalytics, ''],
      [API_PATHS.suggestions, ''],
      ...Array.from(
        { length: 12 },
        (_, i) => [API_PATHS.suggestions, `?month=${i + 1}`] as [string, string],
      ),
      [API_PATHS.analysis, ''],
    ];

    it.each(valid)('%s%s answers JSON that matches the contract', async (path, query) => {
      const res = await api.get(path + query);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const parsed = RESPONSE_SCHEMAS[path as keyof typeof RESPONSE_SCHEMAS].safeParse(res.json);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });

    it('seeded data moves: metrics and popularity are not empty', async () => {
      const metrics = (await api.get(API_PATHS.metrics)).json as Record<string, unknown>;
      expect(metrics.activeUsersToday).toBeGreaterThan(0);
      expect(metrics.revenueImpact).toBeGreaterThan(0);
      const popularity = (await api.get(API_PATHS.popularity)).json as { percentage: number }[];
      expect(popularity).toHaveLength(7);
      expect(popularity.reduce((s, e) => s + e.percentage, 0)).toBe(100);
    });

    it('amenities: the seven of the demo, with the spec colours and known icons', async () => {
      const list = (await api.get(API_PATHS.amenityAnalytics)).json as AmenityAnalytics[];
      expect(list.map((a) => a.type)).toEqual([
        'lawn',
        'hall',
        'yard',
        'lake',
        'heritage',
        'street',
        'playground',
      ]);
      expect(list.slice(0, 4).map((a) => [a.name, a.color])).toEqual([
        ['The Great Lawn', '#16a34a'],
        ['Solis Hall', '#9333ea'],
        ['The Yard', '#d97706'],
        ['Grand Lake', '#2563eb'],
      ]);
      expect(list.find((a) => a.type === 'heritage')?.name).toBe('Heritage Tree Area');
      for (const amenity of list) {
        expect(amenity.icon).toBe(AMENITY_TYPE_ICONS[amenity.type]);
        expect(amenity.color).toMatch(/^#[0-9a-f]{6}$/);
      }
    });

    it('reports: every amenity per timeline day, and the seeded monthly operating costs', async () => {
      const list = (await api.get(API_PATHS.amenityAnalytics)).json as AmenityAnalytics[];
      const costs = Object.fromEntries(list.map((a) => [a.id, a.monthlyOperatingCost]));
      expect(costs['great-lawn']).toBe(4200);
      expect(costs['market-street']).toBeUndefined(); // "cost not entered"
      const timeline = (await api.get(`${API_PATHS.timeline}?period=month&days=400`)).json as {
        lawn: number;
        amenities?: Record<string, number>;
      }[];
      expect(timeline).toHaveLength(400);
      const last = timeline.at(-2);
      expect(Object.keys(last?.amenities ?? {}).sort()).toEqual(list.map((a) => a.id).sort());
      expect(last?.amenities?.['great-lawn']).toBe(last?.lawn);
    });

    it('suggestions: computed per month, dated in that month, times as display ranges', async () => {
      const months = await Promise.all(
        [1, 4, 7, 10, 12].map(
          async (m) => (await api.get(`${API_PATHS.suggestions}?month=${m}`)).json as Suggestion[],
        ),
      );
      for (const [i, list] of months.entries()) {
        const month = [1, 4, 7, 10, 12][i] ?? 0;
        expect(list.length).toBeGreaterThan(0);
        for (const s of list) {
          expect(Number(s.suggestedDate.slice(5, 7))).toBe(month);
          expect(s.suggestedDate >= '2026-03-19').toBe(true);
          expect(s.suggestedTime).toMatch(/^\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M$/);
          expect(s.reasoning).toMatch(/\d/);
        }
      }
      const titles = months.map((list) => list.map((s) => s.title).join('|'));
      expect(new Set(titles).size).toBe(titles.length);
      // The current month by default, from tomorrow on.
      const current = (await api.get(API_PATHS.suggestions)).json as Suggestion[];
      expect(current).toEqual((await api.get(`${API_PATHS.suggestions}?month=3`)).json);
      // Leading zeros are still plain decimal digits: 03 is March, not an error.
      expect((await api.get(`${API_PATHS.suggestions}?month=03`)).json).toEqual(current);
      expect((await api.get(`${API_PATHS.suggestions}?month=${'0'.repeat(20)}3`)).json).toEqual(
        current,
      );
    });

    const bad: [string, RegExp][] = [
      [
        `${API_PATHS.timeline}?period=fortnight`,
        /^Invalid query: period: must be one of day, week, month$/,
      ],
      [`${API_PATHS.timeline}?period=month&days=0`, /^Invalid query: days: must be at least 1$/],
      // Given twice, which one was meant is not guessed.
      [
        `${API_PATHS.popularity}?days=1&days=2`,
        /^Invalid query: days: given 2 times; give it once$/,
      ],
      [
        `${API_PATHS.timeline}?period=month&period=week`,
        /^Invalid query: period: given 2 times; give it once$/,
      ],
      [`${API_PATHS.timeline}?period=month&days=401`, /^Invalid query: days: must be at most 400$/],
      [`${API_PATHS.timeline}?period=month&days=2.5`, /^Invalid query: days: /],
      [
        `${API_PATHS.popularity}?days=-1`,
        /^Invalid query: days: must be a whole number in decimal digits$/,
      ],
      [
        `${API_PATHS.popularity}?days=abc`,
        /^Invalid query: days: must be a whole number in decimal digits$/,
      ],
      // Only plain decimal integers: Number() would take all of these.
      [
        `${API_PATHS.popularity}?days=1e2`,
        /^Invalid query: days: must be a whole number in decimal digits$/,
      ],
      [
        `${API_PATHS.popularity}?days=0x10`,
        /^Invalid query: days: must be a whole number in decimal digits$/,
      ],
      [
        `${API_PATHS.popularity}?days=%20%2030`,
        /^Invalid query: days: must be a whole number in decimal digits$/,
      ],
      [
        `${API_PATHS.timeline}?period=month&days=+7`,
        /^Invalid query: days: must be a whole number/,
      ],
      // Too large is too large however many digits: the range, not the format, is what is wrong.
      [`${API_PATHS.popularity}?days=100000`, /^Invalid query: days: must be at most 366$/],
      [
        `${API_PATHS.popularity}?days=99999999999999999999`,
        /^Invalid query: days: must be at most 366$/,
      ],
      [
        `${API_PATHS.timeline}?period=month&days=${'9'.repeat(40)}`,
        /^Invalid query: days: must be at most 400$/,
      ],
      [
        `${API_PATHS.suggestions}?month=99999999999999999999`,
        /^Invalid query: month: must be at most 12$/,
      ],
      [`${API_PATHS.suggestions}?month=13`, /^Invalid query: month: must be at most 12$/],
      [`${API_PATHS.suggestions}?month=0`, /^Invalid query: month: must be at least 1$/],
      [
        `${API_PATHS.suggestions}?month=abc`,
        /^Invalid query: month: must be a whole number in decimal digits$/,
      ],
      [`${API_PATHS.popularity}?days=`, /^Invalid query: days: a value is required/],
      [
        `${API_PATHS.popularity}?days=%2B5`,
        /^Invalid query: days: must be a whole number in decimal digits$/,
      ],
      [
        `${API_PATHS.suggestions}?month=`,
        /^Invalid query: month: a value is required \(or leave month out\)$/,
      ],
    ];

    it.each(bad)('%s is a 400 with a short JSON message', async (path, message) => {
      const res = await api.get(path);
      expect(res.status).toBe(400);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(ApiErrorSchema.parse(res.json).error).toMatch(message);
    });

    it.each(['/api/nope', '/api/dashboard', '/api/amenities/popularity/extra', '/api/'])(
      'unknown API path %s is a JSON 404, never the app',
      async (path) => {
        const res = await api.get(path);
        expect(res.status).toBe(404);
        expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
        expect(ApiErrorSchema.parse(res.json).error).toMatch(/^Not found/);
      },
    );

    it('the health path answers { ok: true } without touching the data, never cached', async () => {
      const res = await api.get(HEALTH_PATH);
      expect(res).toMatchObject({ status: 200, json: { ok: true } });
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    });

    it('a wrong method on a known endpoint is a 405 with Allow', async () => {
      const res = await api.app.request(API_PATHS.metrics, { method: 'DELETE' });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD');
      expect(ApiErrorSchema.safeParse(await res.json()).success).toBe(true);
    });

    it('a wrong method on a path with an id is a 405 naming that path’s methods, not a 404', async () => {
      const cases: [string, string, string][] = [
        ['PUT', '/api/amenities/great-lawn', 'PATCH'],
        ['GET', '/api/amenities/great-lawn/archive', 'POST'],
        ['DELETE', '/api/report-archive/7', 'GET, HEAD'],
        ['PUT', '/api/amenities/analytics', 'GET, HEAD'],
        // A fixed path is never an id of the pattern beside it (PATCH /amenities/:id).
        ['PATCH', '/api/amenities/analytics', 'GET, HEAD'],
        ['PATCH', '/api/amenities/popularity', 'GET, HEAD'],
        ['DELETE', '/api/report-schedules/recipients', 'GET, HEAD'],
        ['DELETE', '/api/users/invites', 'GET, HEAD, POST'],
        ['PATCH', '/api/residents/import', 'POST'],
        ['DELETE', '/api/events/planned', 'GET, HEAD, POST'],
        ['PUT', '/api/events/planned/awaiting', 'GET, HEAD'],
      ];
      for (const [method, path, allow] of cases) {
        const res = await api.app.request(path, { method });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('Allow'), `${method} ${path}`).toBe(allow);
      }
      // A path no route has is still a 404.
      expect((await api.app.request('/api/amenities/great-lawn/nowhere')).status).toBe(404);
    });

    it('a server fault is a JSON 500 without a stack trace', async () => {
      const logged: string[] = [];
      const broken = testApp(
        {
          ...test.db,
          query: () => Promise.reject(new Error('connection lost at /secret/path.ts:12')),
        },
        {
          id: 999,
          slug: 'x',
          name: 'x',
          timeZone: 'America/Los_Angeles',
          code: 'X',
          address: '',
          currency: 'USD',
          createdAt: 0,
          amenities: [],
          archivedAmenities: [],
        },
        { clock: () => Date.parse(NOW), log: (m) => logged.push(m) },
      );
      const res = await broken.get(API_PATHS.metrics);
      expect(res).toMatchObject({ status: 500, json: { error: 'Internal server error' } });
      expect(res.text).not.toMatch(/secret|at /);
      expect(logged.join('\n')).toMatch(/connection lost/);
    });

    it('every kind of API response carries the security headers', async () => {
      const responses = [
        await api.app.request(API_PATHS.metrics),
        await api.app.request(`${API_PATHS.suggestions}?month=13`),
        await api.app.request('/api/nope'),
        await api.app.request(API_PATHS.metrics, { method: 'PUT' }),
        await api.app.request('/api/readings', { method: 'POST' }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 400, 404, 405, 401]);
      for (const res of responses) {
        expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
        expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('Cache-Control')).toBe('no-store');
      }
    });

    it('compresses JSON for clients that accept it', async () => {
      const res = await api.app.request(`${API_PATHS.timeline}?period=month&days=90`, {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      const plain = await api.get(`${API_PATHS.timeline}?period=month&days=90`);
      const br = await api.app.request(`${API_PATHS.timeline}?period=month&days=90`, {
        headers: { 'Accept-Encoding': 'gzip, br' },
      });
      expect(br.headers.get('Content-Encoding')).toBe('br');
      const decoded = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
      expect(JSON.parse(decoded)).toEqual(plain.json);
    });
  });
}
