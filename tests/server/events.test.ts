import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  EVENTS_PATH,
  HeldEventListSchema,
  HeldEventSchema,
  type EventAnalysis,
  type HeldEvent,
  type Role,
  type Suggestion,
} from '../../src/api/contract';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const ORIGIN = 'http://localhost';

/** Held on a Saturday (local date in the community's zone, America/Los_Angeles). */
const PICNIC = {
  amenityId: 'great-lawn',
  heldOn: '2026-03-14',
  title: 'Spring Picnic',
  category: 'community',
  attendance: 42,
  plannedAttendance: 60,
  cost: 350.5,
};
/** Held on a Tuesday, beyond its plan. */
const TALK = {
  amenityId: 'solis-hall',
  heldOn: '2026-02-10',
  title: 'Gardening Talk',
  category: 'educational',
  attendance: 30,
  plannedAttendance: 20,
  cost: 0,
};

type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`events held: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    // 2026-03-18 05:00 in the community's zone.
    const clock = testClock('2026-03-18T12:00:00Z');
    const cookies = {} as Record<Role, string>;
    const ids = {} as Record<Role, number>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const passwordHash = await hashPassword('correct horse battery staple');
      for (const role of ['admin', 'manager', 'board'] as const) {
        const id = await insertUser(
          test.db,
          community.id,
          {
            email: `${role}@example.org`,
            name: `The ${role}`,
            role,
            passwordHash,
            totpSecret: role === 'admin' ? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' : null,
          },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        ids[role] = id;
      }
      await signInAll();
      // A response cache that lives longer than the test: a change must drop it.
      app = testApp(test.db, community, { clock: clock.now, demo: true, cacheMaxAgeMs: 600_000 });
    });
    afterAll(() => test?.drop());

    /** Sessions started at the clock's time (after it moves, the old ones have ended). */
    async function signInAll() {
      for (const role of ['admin', 'manager', 'board'] as const) {
        cookies[role] = `cg_session=${await createSession(test.db, ids[role], clock.now())}`;
      }
    }

    async function call(
      method: string,
      path: string,
      body?: unknown,
      role: Role | 'demo' = 'manager',
    ): Promise<Res> {
      const res = await app.app.request(path, {
        method,
        headers: {
          ...(role === 'demo' ? {} : { Cookie: cookies[role] }),
          ...(method === 'GET' ? {} : { Origin: ORIGIN }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    }
    const list = async (query = '', role: Role | 'demo' = 'board') => {
      const res = await call('GET', `${EVENTS_PATH}${query}`, undefined, role);
      expect(res.status).toBe(200);
      return HeldEventListSchema.parse(res.json);
    };
    const analysis = async () => (await app.get(API_PATHS.analysis)).json as EventAnalysis;
    const auditRows = (target: string) =>
      test.db.query<{ action: string; user_id: number; before: unknown; after: unknown }>(
        `SELECT action, user_id, before, after FROM audit_log
          WHERE action LIKE 'event.%' AND target = $1 ORDER BY id`,
        [target],
      );
    const eventCount = async () =>
      (await test.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`))[0]?.n;

    it('a new community has no events, and Amy has nothing to analyse', async () => {
      expect(await list()).toEqual([]);
      const empty = await analysis();
      expect(empty.popularCategories).toEqual([]);
      expect(empty.monthlyTrends.every((m) => m.events === 0)).toBe(true);
    });

    it('a Manager records an event: 201, listed for everyone, audited', async () => {
      const res = await call('POST', EVENTS_PATH, PICNIC);
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const created = HeldEventSchema.parse(res.json);
      expect(created).toEqual({
        ...PICNIC,
        id: expect.any(Number) as number,
        amenityName: 'The Great Lawn',
        kind: null,
      });
      // The Board and the demo viewer read the list; it is what was stored.
      expect(await list()).toEqual([created]);
      expect(await list('', 'demo')).toEqual([created]);

      const [row, ...more] = await auditRows(String(created.id));
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        action: 'event.create',
        user_id: ids.manager,
        before: null,
        after: created,
      });
    });

    it('Amy’s analysis counts a recorded event at once (the cached answer is dropped)', async () => {
      // The picnic is in the cache's answer already (the test before asked nothing of Amy since).
      const before = await analysis();
      expect(before.popularCategories).toEqual([
        { category: 'community', count: 1, avgSuccess: 70 },
      ]);

      const res = await call('POST', EVENTS_PATH, TALK, 'admin');
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const after = await analysis();
      // By hand: the picnic 42 of 60 (70 %), the talk 30 of 20 (over plan: 100 %).
      expect(after.popularCategories).toEqual([
        { category: 'educational', count: 1, avgSuccess: 100 },
        { category: 'community', count: 1, avgSuccess: 70 },
      ]);
      expect(after.bestPerformingAmenities).toEqual([
        { amenity: 'The Great Lawn', eventCount: 1, avgAttendance: 42 },
        { amenity: 'Solis Hall', eventCount: 1, avgAttendance: 30 },
      ]);
      // Twelve months, April 2025 to March 2026: one event in February, one in March.
      expect(after.monthlyTrends).toHaveLength(12);
      expect(after.monthlyTrends.at(-2)).toEqual({ month: 'Feb', events: 1, avgAttendance: 30 });
      expect(after.monthlyTrends.at(-1)).toEqual({ month: 'Mar', events: 1, avgAttendance: 42 });
      expect(after.seasonalInsights).toContain(
        'Weekend events averaged 42 people, against 30 on weekdays.',
      );
    });

    it('lists newest first, pages with before= and limit=, and refuses a bad query', async () => {
      const older = { ...TALK, heldOn: '2025-01-05', title: 'New Year Social' };
      expect((await call('POST', EVENTS_PATH, older)).status).toBe(201);
      expect((await list()).map((e) => e.heldOn)).toEqual([
        '2026-03-14',
        '2026-02-10',
        '2025-01-05',
      ]);
      expect((await list('?limit=1')).map((e) => e.title)).toEqual(['Spring Picnic']);
      expect((await list('?before=2026-03-14')).map((e) => e.title)).toEqual([
        'Gardening Talk',
        'New Year Social',
      ]);
      for (const query of [
        '?limit=0',
        '?limit=101',
        '?limit=abc',
        '?before=2026-02-30',
        '?before=',
      ]) {
        const res = await call('GET', `${EVENTS_PATH}${query}`);
        expect(res.status, query).toBe(400);
        expect(res.json).toEqual({
          error: expect.stringMatching(/^Invalid query: (limit|before): /) as string,
        });
      }
      // Older than 12 months: listed, but not in Amy's analysis.
      const months = (await analysis()).monthlyTrends;
      expect(months.reduce((sum, m) => sum + m.events, 0)).toBe(2);
    });

    it('refuses the same day, amenity and title again with a 409 at the title', async () => {
      const res = await call('POST', EVENTS_PATH, { ...PICNIC, attendance: 10 });
      expect(res).toEqual({
        status: 409,
        json: {
          error:
            'title: an event called Spring Picnic at The Great Lawn on 2026-03-14 is already recorded; give this one another title or date',
        },
      });
      // Another day, or another title, is another event.
      expect((await call('POST', EVENTS_PATH, { ...PICNIC, heldOn: '2026-03-15' })).status).toBe(
        201,
      );
    });

    it('refuses every value out of bounds with a 400 naming the field, and stores nothing', async () => {
      await call('POST', `${AMENITY_SETUP_PATH}/the-yard/archive`);
      const stored = await eventCount();
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['tomorrow', { heldOn: '2026-03-19' }, /^heldOn: must not be after today \(2026-03-18\)/],
        ['not a date', { heldOn: '2026-02-30' }, /^heldOn: must be a real date/],
        ['shape', { heldOn: '14/03/2026' }, /^heldOn: /],
        ['over 2 years', { heldOn: '2024-03-17' }, /^heldOn: must be within the last 2 years/],
        [
          'unknown amenity',
          { amenityId: 'moon-base' },
          /^amenityId: the community has no amenity moon-base$/,
        ],
        [
          'archived amenity',
          { amenityId: 'the-yard' },
          /^amenityId: The Yard is archived; restore it/,
        ],
        ['category', { category: 'party' }, /^category: must be one of seasonal, community/],
        ['attendance -1', { attendance: -1 }, /^attendance: must be at least 0/],
        ['attendance 1.5', { attendance: 1.5 }, /^attendance: /],
        ['attendance huge', { attendance: 100_001 }, /^attendance: must be at most 100000/],
        ['planned 0', { plannedAttendance: 0 }, /^plannedAttendance: must be at least 1/],
        ['cost', { cost: 1_000_000.01 }, /^cost: must be at most 1000000/],
        ['cost negative', { cost: -5 }, /^cost: must be at least 0/],
        ['title empty', { title: '   ' }, /^title: /],
        ['title long', { title: 'x'.repeat(121) }, /^title: must have at most 120/],
        ['title control', { title: 'Line\nbreak' }, /^title: /],
        ['extra field', { kind: 'picnic' }, /unexpected field\(s\) kind/],
        ['missing field', { amenityId: undefined }, /^amenityId: /],
      ];
      for (const [what, change, error] of cases) {
        const res = await call('POST', EVENTS_PATH, { ...PICNIC, title: 'Bounds', ...change });
        expect(res.status, what).toBe(400);
        expect((res.json as { error: string }).error, what).toMatch(error);
      }
      // Exactly 120 characters is fine; the title is trimmed.
      const long = await call('POST', EVENTS_PATH, { ...PICNIC, title: ` ${'y'.repeat(120)} ` });
      expect(long.status).toBe(201);
      expect((long.json as HeldEvent).title).toBe('y'.repeat(120));
      expect(await eventCount()).toBe((stored ?? 0) + 1);

      // Not JSON, or too large.
      const text = await app.app.request(EVENTS_PATH, {
        method: 'POST',
        headers: { Cookie: cookies.manager, Origin: ORIGIN, 'Content-Type': 'text/plain' },
        body: 'hello',
      });
      expect(text.status).toBe(415);
      const huge = await call('POST', EVENTS_PATH, { ...PICNIC, title: 'z'.repeat(20_000) });
      expect(huge.status).toBe(413);
    });

    it('judges "today" in the community’s time zone and refuses a day before the community', async () => {
      // 03:00 UTC on the 19th is still the 18th in California.
      clock.set('2026-03-19T03:00:00Z');
      await signInAll();
      const late = await call('POST', EVENTS_PATH, {
        ...PICNIC,
        heldOn: '2026-03-19',
        title: 'Late',
      });
      expect((late.json as { error: string }).error).toMatch(/^heldOn: must not be after today/);
      const today = await call('POST', EVENTS_PATH, {
        ...PICNIC,
        heldOn: '2026-03-18',
        title: 'Late',
      });
      expect(today.status).toBe(201);

      // Two years back at most; before the community joined is fine (its history for Amy).
      const early = await call('POST', EVENTS_PATH, { ...PICNIC, heldOn: '2024-03-17' });
      expect(early.status).toBe(400);
      expect((early.json as { error: string }).error).toBe(
        'heldOn: must be within the last 2 years (from 2024-03-18)',
      );
      const oldest = await call('POST', EVENTS_PATH, { ...PICNIC, heldOn: '2024-03-18' });
      expect(oldest.status).toBe(201);
    });

    it('the Board and the demo viewer may not record or remove events (403)', async () => {
      const [first] = await list();
      for (const role of ['board', 'demo'] as const) {
        const post = await call('POST', EVENTS_PATH, { ...PICNIC, title: 'Board' }, role);
        expect(post.status, role).toBe(403);
        const remove = await call('DELETE', `${EVENTS_PATH}/${first?.id}`, undefined, role);
        expect(remove.status, role).toBe(403);
      }
      // A write without the app's Origin is refused too.
      const res = await app.app.request(EVENTS_PATH, {
        method: 'POST',
        headers: { Cookie: cookies.manager, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...PICNIC, title: 'No origin' }),
      });
      expect(res.status).toBe(403);
      expect((await list()).some((e) => ['Board', 'No origin'].includes(e.title))).toBe(false);
    });

    it('removes an event (204, audited), which leaves Amy’s analysis at once; unknown is 404', async () => {
      const talk = (await list()).find((e) => e.title === 'Gardening Talk');
      if (!talk) throw new Error('no talk');
      expect((await analysis()).popularCategories.map((c) => c.category)).toContain('educational');
      const res = await call('DELETE', `${EVENTS_PATH}/${talk.id}`, undefined, 'admin');
      expect(res).toEqual({ status: 204, json: null });
      expect((await list()).map((e) => e.id)).not.toContain(talk.id);
      expect((await analysis()).popularCategories.map((c) => c.category)).not.toContain(
        'educational',
      );
      const [row] = await auditRows(String(talk.id)).then((rows) => rows.slice(-1));
      expect(row).toMatchObject({
        action: 'event.remove',
        user_id: ids.admin,
        before: talk,
        after: null,
      });

      for (const id of [talk.id, 999_999, 'abc']) {
        const missing = await call('DELETE', `${EVENTS_PATH}/${id}`);
        expect(missing.status, String(id)).toBe(404);
        expect(missing.json).toEqual({ error: `No event ${id}` });
      }
    });

    it('an event with the title of one of Amy’s plans is that kind: her suggestions learn from it', async () => {
      const movieNight = async () =>
        ((await app.get(`${API_PATHS.suggestions}?month=6`)).json as Suggestion[]).find(
          (s) => s.title === 'Sunset Movie Night',
        );
      expect((await movieNight())?.reasoning ?? '').not.toMatch(/past edition/);
      const res = await call('POST', EVENTS_PATH, {
        ...PICNIC,
        title: 'sunset movie night',
        heldOn: '2025-06-14',
        category: 'recreational',
        attendance: 120,
        plannedAttendance: 150,
      });
      expect(res.status).toBe(201);
      expect((res.json as HeldEvent).kind).toBe('movie-night');
      // By hand: one edition, 120 people, 120 of 150 planned is 80 %.
      expect((await movieNight())?.reasoning).toMatch(
        /1 past edition in summer drew 120 people on average \(120-120\), 80% of plan\./,
      );
      // Any other title is no kind of Amy's.
      expect(
        HeldEventSchema.parse((await list()).find((e) => e.title === 'Spring Picnic')).kind,
      ).toBe(null);
    });
  });
}
