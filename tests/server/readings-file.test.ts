import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  READINGS_FILE_MAX_ROWS,
  READINGS_FILE_PATH,
  type UsagePoint,
} from '../../src/api/contract';
import type { Community } from '../../server/community';
import { readingsFileResponse } from '../../server/endpoints/readings-file';
import { responseKit } from '../../server/http';
import { rebuildRollups } from '../../server/rollups';
import { cellsOf } from '../csv-cells';
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

// A Wednesday afternoon in the community's zone (America/Los_Angeles).
const NOW = local('2026-03-18', '15:00');

/** The answer's text as sent, its byte order mark kept (Response.text() drops it). */
const textOf = async (res: Response) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());

/** The header's value of `label` (its first column), and the rows under the column names. */
function fileOf(text: string) {
  const lines = cellsOf(text);
  const columnsAt = lines.findIndex((cells) => cells[0] === 'Amenity');
  return {
    header: (label: string) => lines.slice(0, columnsAt).find((cells) => cells[0] === label)?.[1],
    columns: lines[columnsAt],
    rows: lines.slice(columnsAt + 1),
  };
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`the readings file: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    const clock = testClock(NOW);
    let manager = 0;
    const file = (query: string, headers: Record<string, string> = {}) =>
      app.app.request(`${READINGS_FILE_PATH}?${query}`, { headers });

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      manager = await insertTestUser(test.db, community.id, 'manager', clock.now());
      app = testApp(test.db, community, { clock: clock.now, demo: true });
      // Two days of two amenities, with readings either side of local midnight.
      const sent = await app.post([
        reading('the-yard', local('2026-03-16', '09:00'), 5, 5, 20),
        reading('the-yard', local('2026-03-16', '23:55'), 2, 1, 12.3),
        reading('the-yard', local('2026-03-17', '00:05'), 1, 3, 40),
        reading('the-yard', local('2026-03-17', '18:30'), 9, 7, 15),
        reading('solis-hall', local('2026-03-16', '10:00'), 30, 12, 55.5),
        reading('solis-hall', local('2026-03-17', '11:00'), 20, 8, 60),
        reading('solis-hall', local('2026-03-18', '09:00'), 4, 4, 30),
      ]);
      expect(sent.status).toBe(200);
    });
    afterAll(() => test?.drop());

    it('holds every reading of the days asked, by amenity then time, under a header that says what it is', async () => {
      const res = await file('from=2026-03-16&to=2026-03-17');
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toBe(
        'attachment; filename="readings-all-2026-03-16-to-2026-03-17-2026-03-18.csv"',
      );
      const text = await textOf(res);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const { header, columns, rows } = fileOf(text);
      expect(header('Report')).toBe('Sensor readings, all amenities');
      expect(header('Period')).toBe('2026-03-16 to 2026-03-17');
      // Every sensor at once reported in none of these hours: seven amenities sent nothing.
      expect(header('Coverage')).toMatch(/^Data for 0 min of 2 d; The Great Lawn sensor silent/);
      expect(header('Covered (hours)')).toBe('0.0');
      expect(header('Period length (hours)')).toBe('48.0');
      expect(header('Time zone')).toBe('Pacific Time (PT), America/Los_Angeles');
      expect(columns).toEqual([
        'Amenity',
        'Amenity id',
        'Time (local)',
        'Time (UTC)',
        'Day',
        'Occupancy',
        'Entries',
        'Dwell minutes',
      ]);
      // The amenities in the community's order (Solis Hall before The Yard), each by time; the
      // 18th's reading is outside the days asked.
      expect(rows).toEqual([
        [
          'Solis Hall',
          'solis-hall',
          '2026-03-16 10:00:00',
          '2026-03-16T17:00:00.000Z',
          '2026-03-16',
          '30',
          '12',
          '55.5',
        ],
        [
          'Solis Hall',
          'solis-hall',
          '2026-03-17 11:00:00',
          '2026-03-17T18:00:00.000Z',
          '2026-03-17',
          '20',
          '8',
          '60',
        ],
        [
          'The Yard',
          'the-yard',
          '2026-03-16 09:00:00',
          '2026-03-16T16:00:00.000Z',
          '2026-03-16',
          '5',
          '5',
          '20',
        ],
        [
          'The Yard',
          'the-yard',
          '2026-03-16 23:55:00',
          '2026-03-17T06:55:00.000Z',
          '2026-03-16',
          '2',
          '1',
          '12.3',
        ],
        [
          'The Yard',
          'the-yard',
          '2026-03-17 00:05:00',
          '2026-03-17T07:05:00.000Z',
          '2026-03-17',
          '1',
          '3',
          '40',
        ],
        [
          'The Yard',
          'the-yard',
          '2026-03-17 18:30:00',
          '2026-03-18T01:30:00.000Z',
          '2026-03-17',
          '9',
          '7',
          '15',
        ],
      ]);
    });

    it('recomputes the figures: a day’s Entries add up to the visits the timeline reports', async () => {
      const { rows } = fileOf(await (await file('from=2026-03-16&to=2026-03-17')).text());
      const sums = new Map<string, number>();
      for (const [, id, , , day, , entries] of rows) {
        const key = `${day} ${id}`;
        sums.set(key, (sums.get(key) ?? 0) + Number(entries));
      }
      const timeline = (await app.get(`${API_PATHS.timeline}?period=month&days=3`))
        .json as UsagePoint[];
      // Each daily point starts at local midnight: 07:00 UTC in March (PDT).
      const dayPoint = (day: string) =>
        timeline.find((point) => point.time === new Date(local(day, '00:00')).toISOString());
      for (const day of ['2026-03-16', '2026-03-17']) {
        for (const id of ['solis-hall', 'the-yard']) {
          expect(dayPoint(day)?.amenities?.[id]).toBe(sums.get(`${day} ${id}`));
        }
      }
      expect(sums.get('2026-03-16 the-yard')).toBe(6);
      expect(sums.get('2026-03-17 the-yard')).toBe(10);
    });

    it('one amenity when asked, today included so far', async () => {
      const res = await file('from=2026-03-17&to=2026-03-18&amenity=solis-hall');
      expect(res.status).toBe(200);
      const { header, rows } = fileOf(await res.text());
      expect(header('Report')).toBe('Sensor readings, Solis Hall');
      // Its own sensor's coverage: two hours with a reading, of the 39 from the 17th to now.
      expect(header('Covered (hours)')).toBe('2.0');
      expect(header('Period length (hours)')).toBe('39.0');
      expect(rows.map((row) => row[2])).toEqual(['2026-03-17 11:00:00', '2026-03-18 09:00:00']);
    });

    it('is gzipped for a client that takes it', async () => {
      const plain = await textOf(await file('from=2026-03-16&to=2026-03-17'));
      const res = await file('from=2026-03-16&to=2026-03-17', { 'Accept-Encoding': 'gzip, br' });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      const unpacked = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
      expect(unpacked).toBe(plain);
    });

    it('refuses what it cannot answer with a 400 that names the parameter', async () => {
      const cases: [string, RegExp][] = [
        ['to=2026-03-17', /^Invalid query: from: a day is required/],
        ['from=2026-03-16', /^Invalid query: to: a day is required/],
        ['from=2026-02-30&to=2026-03-17', /^Invalid query: from: a day such as 2026-03-18/],
        ['from=16/03/2026&to=2026-03-17', /^Invalid query: from: a day such as/],
        ['from=2026-03-17&to=2026-03-16', /^Invalid query: from: 2026-03-17 is after to/],
        ['from=2026-03-16&to=2026-03-19', /^Invalid query: to: 2026-03-19 has not come yet/],
        ['from=2025-02-01&to=2026-03-17', /^Invalid query: from: a file reaches back 400 days/],
        ['from=2026-03-16&from=2026-03-15&to=2026-03-17', /from: given 2 times/],
        ['from=2026-03-16&to=2026-03-17&amenity=pool', /^Invalid query: amenity: no amenity/],
      ];
      for (const [query, message] of cases) {
        const res = await file(query);
        expect(res.status, query).toBe(400);
        expect(((await res.json()) as { error: string }).error, query).toMatch(message);
      }
    });

    it('pages through a long period without losing or repeating a reading', async () => {
      // 10,005 readings of Grand Lake a minute apart (five pages of 2,000 and one more), stored
      // directly, then the rollups rebuilt as after seeding.
      const lake = community.amenities.find((a) => a.slug === 'grand-lake');
      await test.db.query(
        `INSERT INTO readings (community_id, amenity_id, time, occupancy, entries, dwell_minutes)
         SELECT $1, $2, $3::timestamptz + n * interval '1 minute', n % 50, 1, 10
           FROM generate_series(0, 10004) AS n`,
        [community.id, lake?.id, local('2026-03-01', '00:00')],
      );
      await rebuildRollups(test.db, community.id);
      const res = await file('from=2026-03-01&to=2026-03-17&amenity=grand-lake');
      const { rows } = fileOf(await res.text());
      expect(rows).toHaveLength(10_005);
      expect(new Set(rows.map((row) => row[3])).size).toBe(10_005);
      expect(rows[0]?.[2]).toBe('2026-03-01 00:00:00');
      expect(rows.at(-1)?.[2]).toBe('2026-03-07 22:44:00');
    });

    it('more readings than a file holds: a 400 that says how many, before reading them', async () => {
      const hall = community.amenities.find((a) => a.slug === 'solis-hall');
      await test.db.query(
        `UPDATE readings_daily SET readings = $3 WHERE community_id = $1 AND amenity_id = $2
            AND day = '2026-03-16'`,
        [community.id, hall?.id, READINGS_FILE_MAX_ROWS],
      );
      try {
        const res = await file('from=2026-03-16&to=2026-03-17');
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(
          '2026-03-16 to 2026-03-17 holds 3,000,005 readings; a file holds at most 3,000,000: choose a shorter period or one amenity',
        );
        // The other amenities' file is still there to take.
        const yard = await file('from=2026-03-16&to=2026-03-17&amenity=the-yard');
        expect(yard.status).toBe(200);
        expect(fileOf(await yard.text()).rows).toHaveLength(4);
      } finally {
        await rebuildRollups(test.db, community.id);
      }
    });

    it('makes two files at once; a third is told to try again shortly, not queued', async () => {
      const answers = await Promise.all(
        [1, 2, 3].map(() => file('from=2026-03-01&to=2026-03-17&amenity=grand-lake')),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 429]);
      const refused = answers.find((res) => res.status === 429);
      expect(refused?.headers.get('Retry-After')).toBe('5');
      expect(((await refused?.json()) as { error: string }).error).toBe(
        'Other readings files are being made on this server; try again in a few seconds',
      );
      // A file is being made until it is sent: its place is not free when its answer starts.
      const sent = answers.filter((res) => res.status === 200);
      expect((await file('from=2026-03-16&to=2026-03-17')).status).toBe(429);
      // One taken whole, one left by its client: both places free again.
      expect(fileOf(await textOf(sent[0] as Response)).rows).toHaveLength(10_005);
      await sent[1]?.body?.cancel();
      const next = await Promise.all([1, 2].map(() => file('from=2026-03-16&to=2026-03-17')));
      expect(next.map((res) => res.status)).toEqual([200, 200]);
      await Promise.all(next.map((res) => res.text()));
    });

    it('a file whose readings cannot all be read is cut off, never ended as if whole', async () => {
      let pages = 0;
      const failing = new Proxy(test.db, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (property !== 'query' || typeof value !== 'function') {
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return (sql: string, params?: unknown[]) => {
            if (sql.includes('FROM readings r') && ++pages === 2) {
              return Promise.reject(new Error('connection to the database lost'));
            }
            return target.query(sql, params);
          };
        },
      });
      const logged: string[] = [];
      const broken = testApp(failing, community, {
        clock: clock.now,
        demo: true,
        log: (line) => logged.push(line),
      });
      const request = () =>
        broken.app.request(
          `${READINGS_FILE_PATH}?from=2026-03-01&to=2026-03-17&amenity=grand-lake`,
        );
      const res = await request();
      // The header and the first page were sent: the answer had begun, so only a cut-off body
      // (an error while reading it) can tell the client the file is not whole.
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      expect(logged.some((line) => line.startsWith('Readings file cut off'))).toBe(true);
      // Its place is free again.
      const [whole, left] = await Promise.all([request(), request()]);
      expect([whole?.status, left?.status]).toEqual([200, 200]);
      expect(fileOf((await whole?.text()) ?? '').rows).toHaveLength(10_005);
      await left?.body?.cancel();
    });

    it('names an archived amenity as such in a file of all amenities', async () => {
      const request = sessionRequests(
        () => test.db,
        () => app,
        () => clock.now(),
      );
      expect(
        (await request(manager, 'POST', `${AMENITY_SETUP_PATH}/the-yard/archive`)).status,
      ).toBe(200);
      const { rows } = fileOf(await (await file('from=2026-03-16&to=2026-03-16')).text());
      expect(rows.map((row) => row[0])).toEqual([
        'Solis Hall',
        'The Yard (archived)',
        'The Yard (archived)',
      ]);
    });

    it('is for those who read the figures: no session, no file', async () => {
      const closed = testApp(test.db, community, { clock: clock.now, demo: false });
      const res = await closed.app.request(`${READINGS_FILE_PATH}?from=2026-03-16&to=2026-03-17`);
      expect(res.status).toBe(401);
    });
  });
}

describe('the readings file as it is sent', () => {
  /** A file of endless pages, which says when it was closed. */
  function endless() {
    const state = { closed: false, pagesRead: 0 };
    async function* parts(): AsyncGenerator<string, void, undefined> {
      try {
        for (;;) {
          state.pagesRead++;
          yield `${'Solis Hall,solis-hall\r\n'.repeat(100)}`;
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, file: { filename: 'readings.csv', parts: parts() } };
  }

  it('is read a page at a time, as the client takes it', async () => {
    const { state, file } = endless();
    const res = readingsFileResponse(responseKit("default-src 'none'"), file, {
      acceptEncoding: undefined,
      done: () => undefined,
    });
    const reader = res.body?.getReader();
    await reader?.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not the whole endless file: a page or two ahead of the client, no more.
    expect(state.pagesRead).toBeLessThan(5);
    await reader?.cancel();
    await vi.waitFor(() => expect(state.closed).toBe(true));
  });

  it('a client that leaves frees its place once, without an error', async () => {
    const { state, file } = endless();
    const calls: unknown[] = [];
    const res = readingsFileResponse(responseKit("default-src 'none'"), file, {
      acceptEncoding: 'gzip',
      done: (error) => calls.push(error),
    });
    const reader = res.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    await vi.waitFor(() => expect(state.closed).toBe(true));
    expect(calls).toEqual([undefined]);
  });

  it('a client that stops taking it loses it: cut off, its place freed', async () => {
    const { state, file } = endless();
    const calls: unknown[] = [];
    const res = readingsFileResponse(responseKit("default-src 'none'"), file, {
      acceptEncoding: undefined,
      done: (error) => calls.push(error),
      stallMs: 30,
    });
    const reader = res.body?.getReader();
    await reader?.read();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(String(calls[0])).toBe('Error: the client took nothing for 0.03 s');
    expect(state.closed).toBe(true);
    // What was queued before the stall may still come; the file never ends as if whole.
    const drained = async (): Promise<void> => {
      const next = await reader?.read();
      if (next && !next.done) return drained();
    };
    await expect(drained()).rejects.toThrow('the client took nothing');
  });
});
