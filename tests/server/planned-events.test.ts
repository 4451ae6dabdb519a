import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  PLANNED_EVENTS_PATH,
  PlannedEventListSchema,
  PlannedEventSchema,
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

/** A Saturday evening on the lawn (open 06:00-22:00 every day). */
const MOVIES = {
  amenityId: 'great-lawn',
  startsOn: '2026-03-21',
  startMinute: 18 * 60,
  endMinute: 21 * 60,
  title: 'Sunset Movie Night',
  category: 'recreational',
  plannedAttendance: 60,
};
/** A Monday morning in the hall (open 08:00-22:00). */
const TALK = {
  amenityId: 'solis-hall',
  startsOn: '2026-03-23',
  startMinute: 10 * 60,
  endMinute: 11 * 60 + 30,
  title: 'Gardening Talk',
  category: 'educational',
  plannedAttendance: 20,
};

type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`planned events: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    // 2026-03-18 05:00 in the community's zone (America/Los_Angeles), a Wednesday.
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
      app = testApp(test.db, community, { clock: clock.now, demo: true });
    });
    afterAll(() => test?.drop());

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
    const list = async (role: Role | 'demo' = 'board') => {
      const res = await call('GET', PLANNED_EVENTS_PATH, undefined, role);
      expect(res.status).toBe(200);
      return PlannedEventListSchema.parse(res.json);
    };
    const auditRows = (target: string) =>
      test.db.query<{ action: string; user_id: number; before: unknown; after: unknown }>(
        `SELECT action, user_id, before, after FROM audit_log
          WHERE action LIKE 'event.%plan' AND target = $1 ORDER BY id`,
        [target],
      );
    const plannedCount = async () =>
      (await test.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM planned_events`))[0]?.n;

    it('a new community has no planned events', async () => {
      expect(await list()).toEqual([]);
    });

    it('a Manager plans an event: 201, listed for everyone, audited', async () => {
      const res = await call('POST', PLANNED_EVENTS_PATH, MOVIES);
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const created = PlannedEventSchema.parse(res.json);
      expect(created).toEqual({
        ...MOVIES,
        id: expect.any(Number) as number,
        amenityName: 'The Great Lawn',
      });
      expect(await list()).toEqual([created]);
      expect(await list('demo')).toEqual([created]);
      const [row, ...more] = await auditRows(String(created.id));
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        action: 'event.plan',
        user_id: ids.manager,
        before: null,
        after: created,
      });
    });

    it('lists soonest first (by date, then start)', async () => {
      expect((await call('POST', PLANNED_EVENTS_PATH, TALK, 'admin')).status).toBe(201);
      const early = { ...MOVIES, title: 'Morning Yoga', startMinute: 7 * 60, endMinute: 8 * 60 };
      expect((await call('POST', PLANNED_EVENTS_PATH, early)).status).toBe(201);
      expect((await list()).map((e) => e.title)).toEqual([
        'Morning Yoga',
        'Sunset Movie Night',
        'Gardening Talk',
      ]);
    });

    it('refuses the same day, amenity and title again with a 409 at the title', async () => {
      const res = await call('POST', PLANNED_EVENTS_PATH, { ...MOVIES, plannedAttendance: 10 });
      expect(res).toEqual({
        status: 409,
        json: {
          error:
            'title: an event called Sunset Movie Night at The Great Lawn on 2026-03-21 is already planned; give this one another title or date',
        },
      });
      const other = await call('POST', PLANNED_EVENTS_PATH, { ...MOVIES, startsOn: '2026-03-28' });
      expect(other.status).toBe(201);
    });

    it('refuses every value out of bounds with a 400 naming the field, and stores nothing', async () => {
      await call('POST', `${AMENITY_SETUP_PATH}/the-yard/archive`);
      // The hall is closed on Sundays from now on (hours read from the database).
      const [hall] = await test.db.query<{ id: number }>(
        `SELECT id FROM amenities WHERE community_id = $1 AND slug = 'solis-hall'`,
        [community.id],
      );
      await test.db.query(`DELETE FROM amenity_hours WHERE amenity_id = $1 AND weekday = 0`, [
        hall?.id,
      ]);
      const stored = await plannedCount();
      const cases: [string, Record<string, unknown>, RegExp | string][] = [
        [
          'yesterday',
          { startsOn: '2026-03-17' },
          'startsOn: must not be before today (2026-03-18): plan an upcoming event',
        ],
        [
          'over 2 years',
          { startsOn: '2028-03-19' },
          'startsOn: must be within the next 2 years (up to 2028-03-18)',
        ],
        ['not a date', { startsOn: '2026-02-30' }, /^startsOn: must be a real date/],
        ['shape', { startsOn: '21/03/2026' }, /^startsOn: /],
        [
          'end before start',
          { startMinute: 1200, endMinute: 1140 },
          'endMinute: must be after the start (8:00 PM)',
        ],
        ['end at start', { startMinute: 1200, endMinute: 1200 }, /^endMinute: must be after/],
        [
          'before opening',
          { startMinute: 5 * 60, endMinute: 7 * 60 },
          'startMinute: The Great Lawn opens at 6:00 AM on Saturdays (open 6:00 AM – 10:00 PM)',
        ],
        [
          'after closing',
          { startMinute: 21 * 60, endMinute: 23 * 60 },
          'endMinute: The Great Lawn closes at 10:00 PM on Saturdays (open 6:00 AM – 10:00 PM)',
        ],
        [
          'closed day',
          { amenityId: 'solis-hall', startsOn: '2026-03-22' },
          'startsOn: Solis Hall is closed on Sundays; choose a day it is open',
        ],
        [
          'unknown amenity',
          { amenityId: 'moon-base' },
          'amenityId: the community has no amenity moon-base',
        ],
        [
          'archived amenity',
          { amenityId: 'the-yard' },
          /^amenityId: The Yard is archived; restore it/,
        ],
        ['category', { category: 'party' }, /^category: must be one of seasonal, community/],
        ['start -1', { startMinute: -1 }, /^startMinute: must be at least 0/],
        ['end 1441', { endMinute: 1441 }, /^endMinute: must be at most 1440/],
        ['start 1.5', { startMinute: 1.5 }, /^startMinute: /],
        ['planned 0', { plannedAttendance: 0 }, /^plannedAttendance: must be at least 1/],
        ['planned huge', { plannedAttendance: 100_001 }, /^plannedAttendance: must be at most/],
        ['title empty', { title: '   ' }, /^title: /],
        ['title long', { title: 'x'.repeat(121) }, /^title: must have at most 120/],
        ['extra field', { cost: 5 }, /unexpected field\(s\) cost/],
        ['missing field', { amenityId: undefined }, /^amenityId: /],
      ];
      for (const [what, change, error] of cases) {
        const res = await call('POST', PLANNED_EVENTS_PATH, {
          ...MOVIES,
          title: 'Bounds',
          ...change,
        });
        expect(res.status, what).toBe(400);
        const message = (res.json as { error: string }).error;
        if (typeof error === 'string') expect(message, what).toBe(error);
        else expect(message, what).toMatch(error);
      }
      expect(await plannedCount()).toBe(stored);
      // The whole opening window, and the last day two years ahead, are fine.
      const edge = await call('POST', PLANNED_EVENTS_PATH, {
        ...MOVIES,
        title: 'All day',
        startsOn: '2028-03-18',
        startMinute: 6 * 60,
        endMinute: 22 * 60,
      });
      expect(edge.status, JSON.stringify(edge.json)).toBe(201);
      const huge = await call('POST', PLANNED_EVENTS_PATH, {
        ...MOVIES,
        title: 'z'.repeat(20_000),
      });
      expect(huge.status).toBe(413);
    });

    it('the Board and the demo viewer may not plan or remove (403), nor a write without Origin', async () => {
      const [first] = await list();
      for (const role of ['board', 'demo'] as const) {
        const post = await call('POST', PLANNED_EVENTS_PATH, { ...MOVIES, title: 'Board' }, role);
        expect(post.status, role).toBe(403);
        const remove = await call('DELETE', `${PLANNED_EVENTS_PATH}/${first?.id}`, undefined, role);
        expect(remove.status, role).toBe(403);
      }
      const res = await app.app.request(PLANNED_EVENTS_PATH, {
        method: 'POST',
        headers: { Cookie: cookies.manager, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...MOVIES, title: 'No origin' }),
      });
      expect(res.status).toBe(403);
      expect((await list()).some((e) => ['Board', 'No origin'].includes(e.title))).toBe(false);
    });

    it('removes a planned event (204, audited); unknown is 404', async () => {
      const talk = (await list()).find((e) => e.title === 'Gardening Talk');
      if (!talk) throw new Error('no talk');
      const res = await call('DELETE', `${PLANNED_EVENTS_PATH}/${talk.id}`, undefined, 'admin');
      expect(res).toEqual({ status: 204, json: null });
      expect((await list()).map((e) => e.id)).not.toContain(talk.id);
      const [row] = await auditRows(String(talk.id)).then((rows) => rows.slice(-1));
      expect(row).toMatchObject({
        action: 'event.unplan',
        user_id: ids.admin,
        before: talk,
        after: null,
      });
      for (const id of [talk.id, 999_999, 'abc']) {
        const missing = await call('DELETE', `${PLANNED_EVENTS_PATH}/${id}`);
        expect(missing.status, String(id)).toBe(404);
        expect(missing.json).toEqual({ error: `No planned event ${id}` });
      }
    });

    it('a Manager changes a plan: 200, by the rules of planning, audited before and after', async () => {
      const picnic = {
        ...MOVIES,
        startsOn: '2026-03-25',
        startMinute: 12 * 60,
        endMinute: 13 * 60,
        title: 'Picnic',
        category: 'community',
        plannedAttendance: 30,
      };
      const created = PlannedEventSchema.parse(
        (await call('POST', PLANNED_EVENTS_PATH, picnic)).json,
      );
      const path = `${PLANNED_EVENTS_PATH}/${created.id}`;
      // Another amenity, day, window, title, category and attendance.
      const changes = {
        amenityId: 'solis-hall',
        startsOn: '2026-03-24',
        startMinute: 12 * 60,
        endMinute: 14 * 60,
        title: 'Spring Picnic',
        category: 'seasonal',
        plannedAttendance: 40,
      };
      const res = await call('PUT', path, changes);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const changed = { ...changes, id: created.id, amenityName: 'Solis Hall' };
      expect(PlannedEventSchema.parse(res.json)).toEqual(changed);
      expect((await list()).find((e) => e.id === created.id)).toEqual(changed);
      const [row] = await auditRows(String(created.id)).then((rows) => rows.slice(-1));
      expect(row).toMatchObject({
        action: 'event.replan',
        user_id: ids.manager,
        before: created,
        after: changed,
      });

      // Each refusal names its field, and changes nothing.
      const refusals: [unknown, number, string][] = [
        [{ ...changes, startMinute: 7 * 60 }, 400, 'startMinute: Solis Hall opens at 8:00 AM'],
        [{ ...changes, endMinute: 11 * 60 }, 400, 'endMinute: must be after the start (12:00 PM)'],
        [{ ...changes, startsOn: '2026-03-17' }, 400, 'startsOn: must not be before today'],
        [{ ...changes, amenityId: 'the-yard' }, 400, 'amenityId: The Yard is archived'],
        [{ ...changes, note: 'x' }, 400, ''],
        [
          { ...MOVIES },
          409,
          'title: an event called Sunset Movie Night at The Great Lawn on 2026-03-21 is already planned',
        ],
      ];
      for (const [body, status, error] of refusals) {
        const refused = await call('PUT', path, body);
        expect(refused.status, JSON.stringify(body)).toBe(status);
        expect((refused.json as { error: string }).error).toContain(error);
      }
      for (const role of ['board', 'demo'] as const) {
        expect((await call('PUT', path, { ...changes, title: role }, role)).status, role).toBe(403);
      }
      expect((await list()).find((e) => e.id === created.id)).toEqual(changed);
      expect((await auditRows(String(created.id))).length).toBe(2);

      // Its own day, amenity and title again is no duplicate of itself.
      expect((await call('PUT', path, { ...changes, plannedAttendance: 45 })).status).toBe(200);
      for (const id of [999_999, 'abc']) {
        const missing = await call('PUT', `${PLANNED_EVENTS_PATH}/${id}`, changes);
        expect(missing.status, String(id)).toBe(404);
      }
      expect((await call('DELETE', path)).status).toBe(204);
    });

    it('lists only the upcoming ones, from today in the community’s time zone', async () => {
      // 03:00 UTC on the 22nd is still Saturday the 21st in California: its events are listed.
      clock.set('2026-03-22T03:00:00Z');
      await signInAll();
      expect((await list()).map((e: PlannedEvent) => e.startsOn)).toContain('2026-03-21');
      // It is 20:00 there: an event of today that ended at 19:30 would be over already.
      const over = await call('POST', PLANNED_EVENTS_PATH, {
        ...MOVIES,
        title: 'Over already',
        endMinute: 19 * 60 + 30,
      });
      expect(over).toMatchObject({
        status: 400,
        json: {
          error:
            'endMinute: it would be over already (it is 20:00 today): plan a later end, or record it under Events held',
        },
      });
      expect((await list()).map((e) => e.title)).not.toContain('Over already');
      // 08:00 UTC on the 22nd is the 22nd there: Saturday's are past.
      clock.set('2026-03-22T08:00:00Z');
      await signInAll();
      const later = await list();
      expect(later.map((e) => e.startsOn)).not.toContain('2026-03-21');
      expect(later.map((e) => e.title)).toEqual(['Sunset Movie Night', 'All day']);
      // A date in the past is refused now too.
      const past = await call('POST', PLANNED_EVENTS_PATH, { ...MOVIES, title: 'Late' });
      expect((past.json as { error: string }).error).toBe(
        'startsOn: must not be before today (2026-03-22): plan an upcoming event',
      );
      // Saturday's movie night has ended: it is recorded as held or deleted, not changed.
      const [ended] = await test.db.query<{ id: number }>(
        `SELECT id FROM planned_events WHERE starts_on = '2026-03-21' AND title = $1`,
        [MOVIES.title],
      );
      const change = await call('PUT', `${PLANNED_EVENTS_PATH}/${ended?.id}`, {
        ...MOVIES,
        startsOn: '2026-03-29',
      });
      expect(change).toEqual({
        status: 400,
        json: {
          error:
            'Sunset Movie Night has ended: record it as held, or delete it, instead of changing it',
        },
      });
    });
  });
}
