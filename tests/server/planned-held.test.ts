import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  EVENTS_PATH,
  HeldEventListSchema,
  HeldEventSchema,
  PLANNED_AWAITING_PATH,
  PLANNED_EVENTS_PATH,
  PlannedEventListSchema,
  PlannedEventSchema,
  plannedHeldPath,
  type EventAnalysis,
  type PlannedEvent,
  type Role,
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

/** Planned on Wednesday 2026-03-18 (the community is in America/Los_Angeles). */
const PLANS = {
  yoga: {
    amenityId: 'great-lawn',
    startsOn: '2026-03-19',
    startMinute: 7 * 60,
    endMinute: 8 * 60,
    title: 'Morning Yoga',
    category: 'wellness',
    plannedAttendance: 15,
  },
  bookSwap: {
    amenityId: 'solis-hall',
    startsOn: '2026-03-19',
    startMinute: 10 * 60,
    endMinute: 12 * 60,
    title: 'Book Swap',
    category: 'community',
    plannedAttendance: 25,
  },
  bootcamp: {
    amenityId: 'the-yard',
    startsOn: '2026-03-20',
    startMinute: 18 * 60,
    endMinute: 19 * 60,
    title: 'Bootcamp',
    category: 'wellness',
    plannedAttendance: 12,
  },
  /** One of Amy's plans for a lawn: recorded as held, it is that kind of event. */
  movies: {
    amenityId: 'great-lawn',
    startsOn: '2026-03-21',
    startMinute: 18 * 60,
    endMinute: 21 * 60,
    title: 'Sunset Movie Night',
    category: 'recreational',
    plannedAttendance: 60,
  },
  talk: {
    amenityId: 'solis-hall',
    startsOn: '2026-03-23',
    startMinute: 10 * 60,
    endMinute: 11 * 60 + 30,
    title: 'Gardening Talk',
    category: 'educational',
    plannedAttendance: 20,
  },
  fair: {
    amenityId: 'great-lawn',
    startsOn: '2026-05-30',
    startMinute: 10 * 60,
    endMinute: 16 * 60,
    title: 'Spring Fair',
    category: 'community',
    plannedAttendance: 100,
  },
} as const;
type PlanName = keyof typeof PLANS;

type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(
    `planned events recorded as held: ${backendTitle(backend)}`,
    () => {
      let test: TestDatabase;
      let community: Community;
      let app: ReturnType<typeof testApp>;
      let closedApp: ReturnType<typeof testApp>;
      // 2026-03-18 05:00 in the community's zone, a Wednesday.
      const clock = testClock('2026-03-18T12:00:00Z');
      const cookies = {} as Record<Role, string>;
      const ids = {} as Record<Role, number>;
      const planned = {} as Record<PlanName, PlannedEvent>;

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
        // A response cache that lives longer than the test: recording one as held must drop it.
        app = testApp(test.db, community, { clock: clock.now, demo: true, cacheMaxAgeMs: 600_000 });
        closedApp = testApp(test.db, community, { clock: clock.now, demo: false });
        for (const [name, plan] of Object.entries(PLANS) as [
          PlanName,
          (typeof PLANS)[PlanName],
        ][]) {
          const res = await call('POST', PLANNED_EVENTS_PATH, plan);
          if (res.status !== 201) throw new Error(`${name}: ${JSON.stringify(res.json)}`);
          planned[name] = PlannedEventSchema.parse(res.json);
        }
      });
      afterAll(() => test?.drop());

      /** Sessions started at the clock's time (after it moves, the old ones have ended). */
      async function signInAll() {
        for (const role of ['admin', 'manager', 'board'] as const) {
          cookies[role] = `cg_session=${await createSession(test.db, ids[role], clock.now())}`;
        }
      }
      async function moveClock(iso: string) {
        clock.set(iso);
        await signInAll();
      }

      async function call(
        method: string,
        path: string,
        body?: unknown,
        role: Role | 'demo' | 'anonymous' = 'manager',
      ): Promise<Res> {
        const signedIn = role !== 'demo' && role !== 'anonymous';
        const res = await (role === 'anonymous' ? closedApp : app).app.request(path, {
          method,
          headers: {
            ...(signedIn ? { Cookie: cookies[role] } : {}),
            ...(method === 'GET' ? {} : { Origin: ORIGIN }),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
      }
      const record = (name: PlanName | number, body: unknown, role: Role | 'demo' = 'manager') =>
        call(
          'POST',
          plannedHeldPath(typeof name === 'number' ? name : planned[name].id),
          body,
          role,
        );
      const awaiting = async (role: Role | 'demo' = 'board') => {
        const res = await call('GET', PLANNED_AWAITING_PATH, undefined, role);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        return PlannedEventListSchema.parse(res.json).map((e) => e.title);
      };
      const upcoming = async () => {
        const res = await call('GET', PLANNED_EVENTS_PATH, undefined, 'board');
        expect(res.status).toBe(200);
        return PlannedEventListSchema.parse(res.json).map((e) => e.title);
      };
      const eventsHeld = async () => {
        const res = await call('GET', EVENTS_PATH, undefined, 'board');
        expect(res.status).toBe(200);
        return HeldEventListSchema.parse(res.json);
      };
      const counts = async () =>
        (
          await test.db.query<{ events: number; planned: number }>(
            `SELECT (SELECT count(*)::int FROM events) AS events,
                  (SELECT count(*)::int FROM planned_events) AS planned`,
          )
        )[0];
      const analysis = async () => (await app.get(API_PATHS.analysis)).json as EventAnalysis;

      it('nothing awaits its attendance before it has ended', async () => {
        expect(await awaiting()).toEqual([]);
        expect(await upcoming()).toEqual([
          'Morning Yoga',
          'Book Swap',
          'Bootcamp',
          'Sunset Movie Night',
          'Gardening Talk',
          'Spring Fair',
        ]);
      });

      it('once it has ended in the community’s zone, a plan awaits its attendance, most recent first', async () => {
        // 03:00 UTC on the 22nd is still Saturday the 21st in California, 20:00: the movie night
        // (18:00-21:00) is on.
        await moveClock('2026-03-22T03:00:00Z');
        expect(await awaiting()).toEqual(['Bootcamp', 'Book Swap', 'Morning Yoga']);
        expect(await upcoming()).toEqual(['Sunset Movie Night', 'Gardening Talk', 'Spring Fair']);
        // 04:00 UTC is 21:00 there, its end: it is over, and awaits its attendance the same evening.
        await moveClock('2026-03-22T04:00:00Z');
        expect(await awaiting()).toEqual([
          'Sunset Movie Night',
          'Bootcamp',
          'Book Swap',
          'Morning Yoga',
        ]);
        expect(await upcoming()).toEqual(['Gardening Talk', 'Spring Fair']);
        // 08:00 UTC is the 22nd there: the same lists. Everyone who reads the dashboards sees
        // the list, the demo viewer included.
        await moveClock('2026-03-22T08:00:00Z');
        const expected = ['Sunset Movie Night', 'Bootcamp', 'Book Swap', 'Morning Yoga'];
        for (const role of ['admin', 'manager', 'board', 'demo'] as const) {
          expect(await awaiting(role), role).toEqual(expected);
        }
        expect(await upcoming()).toEqual(['Gardening Talk', 'Spring Fair']);
      });

      it('a Manager records one as held: the event held has the plan’s fields, the plan is gone, one audit row, Amy counts it at once', async () => {
        // Amy's answer is cached before the recording.
        expect((await analysis()).popularCategories).toEqual([]);
        const before = await counts();

        const res = await record('movies', { attendance: 48, cost: 120.5 });
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        const held = HeldEventSchema.parse(res.json);
        expect(held).toEqual({
          id: expect.any(Number) as number,
          amenityId: 'great-lawn',
          amenityName: 'The Great Lawn',
          heldOn: '2026-03-21',
          title: 'Sunset Movie Night',
          category: 'recreational',
          kind: 'movie-night',
          attendance: 48,
          plannedAttendance: 60,
          cost: 120.5,
        });
        expect(await eventsHeld()).toEqual([held]);
        expect(await awaiting()).toEqual(['Bootcamp', 'Book Swap', 'Morning Yoga']);
        expect(await counts()).toEqual({
          events: (before?.events ?? 0) + 1,
          planned: (before?.planned ?? 0) - 1,
        });

        const rows = await test.db.query<{
          action: string;
          target: string;
          user_id: number;
          before: unknown;
          after: unknown;
        }>(
          `SELECT action, target, user_id, before, after FROM audit_log
          WHERE action LIKE 'event.%' AND action <> 'event.plan' ORDER BY id`,
        );
        expect(rows).toEqual([
          {
            action: 'event.held',
            target: String(held.id),
            user_id: ids.manager,
            before: planned.movies,
            after: held,
          },
        ]);
        // 48 of 60: 80 % of plan.
        expect((await analysis()).popularCategories).toEqual([
          { category: 'recreational', count: 1, avgSuccess: 80 },
        ]);
      });

      it('recording it again is refused (404), not a second event held', async () => {
        const before = await counts();
        const again = await record('movies', { attendance: 48 });
        expect(again).toEqual({
          status: 404,
          json: {
            error: `No planned event ${planned.movies.id}: it may have been recorded as held or deleted meanwhile`,
          },
        });
        expect(await counts()).toEqual(before);
      });

      it('two recordings at once: one event held, the other refused', async () => {
        const before = await counts();
        const answers = await Promise.all([
          record('yoga', { attendance: 9 }),
          record('yoga', { attendance: 11 }, 'admin'),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
        expect(await counts()).toEqual({
          events: (before?.events ?? 0) + 1,
          planned: (before?.planned ?? 0) - 1,
        });
        expect((await eventsHeld()).filter((e) => e.title === 'Morning Yoga')).toHaveLength(1);
      });

      it('refuses an unknown plan (404) and one that has not ended (400), keeping it', async () => {
        for (const id of [999_999, 'abc']) {
          const res = await call('POST', `${PLANNED_EVENTS_PATH}/${id}/held`, { attendance: 5 });
          expect(res.status, String(id)).toBe(404);
          expect((res.json as { error: string }).error).toMatch(
            new RegExp(`^No planned event ${id}`),
          );
        }
        const talk = await record('talk', { attendance: 5 });
        expect(talk).toEqual({
          status: 400,
          json: {
            error:
              'Gardening Talk cannot be recorded as held: it has not ended yet (it ends at 11:30 on 2026-03-23); record it once it is over',
          },
        });
        expect((await record('fair', { attendance: 5 })).status).toBe(400);
        expect(await upcoming()).toEqual(['Gardening Talk', 'Spring Fair']);
      });

      it('refuses an attendance or cost out of bounds with a 400 naming the field, and stores nothing', async () => {
        const before = await counts();
        const cases: [string, unknown, RegExp][] = [
          ['negative', { attendance: -1 }, /^attendance: must be at least 0/],
          ['too many', { attendance: 100_001 }, /^attendance: must be at most 100000/],
          ['fraction', { attendance: 1.5 }, /^attendance: /],
          ['text', { attendance: '12' }, /^attendance: /],
          ['missing', {}, /^attendance: /],
          ['null', { attendance: null }, /^attendance: /],
          ['cost negative', { attendance: 5, cost: -1 }, /^cost: must be at least 0/],
          ['cost huge', { attendance: 5, cost: 1_000_001 }, /^cost: must be at most 1000000/],
          ['another field', { attendance: 5, title: 'Renamed' }, /unexpected field\(s\) title/],
          ['not an object', [5], /./],
        ];
        for (const [what, body, error] of cases) {
          const res = await record('bookSwap', body);
          expect(res.status, what).toBe(400);
          expect((res.json as { error: string }).error, what).toMatch(error);
        }
        const huge = await record('bookSwap', { attendance: 5, note: 'z'.repeat(20_000) });
        expect(huge.status).toBe(413);
        expect(await counts()).toEqual(before);
        expect(await awaiting()).toContain('Book Swap');
      });

      it('refuses one already among the events held (409) and one at an archived amenity (400), keeping both plans', async () => {
        // The Book Swap was recorded by hand meanwhile.
        const byHand = await call('POST', EVENTS_PATH, {
          amenityId: 'solis-hall',
          heldOn: '2026-03-19',
          title: 'Book Swap',
          category: 'community',
          attendance: 20,
          plannedAttendance: 25,
          cost: 0,
        });
        expect(byHand.status, JSON.stringify(byHand.json)).toBe(201);
        const before = await counts();
        expect(await record('bookSwap', { attendance: 21 })).toEqual({
          status: 409,
          json: {
            error:
              'An event called Book Swap at Solis Hall on 2026-03-19 is already in the events held; delete this plan, or that event and record this one',
          },
        });
        expect((await call('POST', `${AMENITY_SETUP_PATH}/the-yard/archive`)).status).toBe(200);
        expect(await record('bootcamp', { attendance: 10 })).toEqual({
          status: 400,
          json: { error: 'amenityId: The Yard is archived; restore it to record its events' },
        });
        expect(await counts()).toEqual(before);
        expect(await awaiting()).toEqual(['Bootcamp', 'Book Swap']);
      });

      it('the Board and the demo viewer may not record (403), nor anyone signed out (401) or without Origin', async () => {
        for (const role of ['board', 'demo'] as const) {
          const res = await record('bookSwap', { attendance: 5 }, role);
          expect(res.status, role).toBe(403);
          expect(res.json).toEqual({ error: expect.any(String) as string });
        }
        const anonymous = await call(
          'POST',
          plannedHeldPath(planned.bookSwap.id),
          { attendance: 5 },
          'anonymous',
        );
        expect(anonymous.status).toBe(401);
        const noOrigin = await app.app.request(plannedHeldPath(planned.bookSwap.id), {
          method: 'POST',
          headers: { Cookie: cookies.manager, 'Content-Type': 'application/json' },
          body: JSON.stringify({ attendance: 5 }),
        });
        expect(noOrigin.status).toBe(403);
        expect(await awaiting()).toContain('Book Swap');
      });

      it('lists them for 60 days after their day; an Admin records one with nobody there and no cost', async () => {
        // 19 May: 60 days after 20 March, 61 after 19 March.
        await moveClock('2026-05-19T19:00:00Z');
        expect(await awaiting()).toEqual(['Gardening Talk', 'Bootcamp']);
        const res = await record('talk', { attendance: 0 }, 'admin');
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        expect(HeldEventSchema.parse(res.json)).toMatchObject({
          heldOn: '2026-03-23',
          title: 'Gardening Talk',
          attendance: 0,
          plannedAttendance: 20,
          cost: 0,
          kind: null,
        });
        expect(await awaiting()).toEqual(['Bootcamp']);
      });
    },
  );
}
