import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  COMMUNITY_PATH,
  type AmenityAnalytics,
  type CommunityProfile,
  type Role,
} from '../../src/api/contract';
import { changeMessage, parseChangeMessage } from '../../server/changes';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { loadCommunity } from '../../server/community';
import { LISTENER_NAME, openPostgres } from '../../server/db/postgres';
import { startServer } from '../../server/server';
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
 * Several server processes on one database (README, "Several servers on one database"): each
 * keeps the community's settings and its computed answers in memory, and hears the changes the
 * others make through the database (server/changes.ts). Here each "process" is an app of its own
 * with its own copy of the community, on one database.
 */

const ORIGIN = 'http://localhost';

/** Asks until `read` gives what `done` wants, or gives up after `ms`; returns the last answer. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3_000) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe('change messages', () => {
  it('say what changed and where, and nothing else is taken for one', () => {
    expect(parseChangeMessage(changeMessage('settings', 'p1'))).toEqual({
      change: 'settings',
      from: 'p1',
    });
    expect(parseChangeMessage(changeMessage('data', 'p2'))).toEqual({ change: 'data', from: 'p2' });
    for (const bad of ['', 'settings', 'schema p1', 'data p1 extra', ' data p1']) {
      expect(parseChangeMessage(bad)).toBeNull();
    }
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`server processes: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    const clock = testClock('2026-03-18T12:00:00Z');
    const cookies = {} as Record<Role, string>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      const community = await createTestCommunity(test.db);
      const passwordHash = await hashPassword('correct horse battery staple');
      for (const role of ['admin', 'manager'] as const) {
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
        cookies[role] = `cg_session=${await createSession(test.db, id, clock.now())}`;
      }
    });
    afterAll(() => test?.drop());

    /** A server process: its own copy of the community, and a cache that keeps answers. */
    async function serverProcess() {
      const community = await loadCommunity(test.db, 'test-community');
      if (!community) throw new Error('no community');
      const app = testApp(test.db, community, { clock: clock.now, cacheMaxAgeMs: 600_000 });
      const call = async (method: string, path: string, body?: unknown, role: Role = 'manager') => {
        const res = await app.app.request(path, {
          method,
          headers: {
            Cookie: cookies[role],
            ...(method === 'GET' ? {} : { Origin: ORIGIN }),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as unknown };
      };
      return {
        app,
        call,
        profile: async () => (await call('GET', COMMUNITY_PATH)).json as CommunityProfile,
        analytics: async () =>
          (await call('GET', API_PATHS.amenityAnalytics)).json as AmenityAnalytics[],
      };
    }

    it('the database says a notification to every listener, and no more once one stops', async () => {
      const heard: string[][] = [[], []];
      const stops = await Promise.all(
        heard.map((into) => test.db.listen((message) => into.push(message))),
      );
      await test.db.notify('data one');
      const both = await eventually(
        async () => heard.map((messages) => messages.length),
        (counts) => counts.every((n) => n === 1),
      );
      expect(both).toEqual([1, 1]);
      expect(heard).toEqual([['data one'], ['data one']]);
      await stops[0]?.();
      await test.db.notify('data two');
      await eventually(
        async () => heard[1]?.length,
        (n) => n === 2,
      );
      expect(heard).toEqual([['data one'], ['data one', 'data two']]);
      await stops[1]?.();
      await expect(test.db.notify('x'.repeat(8_000))).rejects.toThrow(/at most 7999 bytes/);
    });

    it('a profile changed through one process is what the others answer at once', async () => {
      const a = await serverProcess();
      const b = await serverProcess();
      // A process that does not follow: what every process did before (30 s to its next pass).
      const deaf = await serverProcess();
      const stop = await b.app.follow();
      try {
        expect((await b.profile()).name).toBe('Willow Creek');
        const changed = await a.call(
          'PATCH',
          COMMUNITY_PATH,
          { name: 'Willow Creek Commons', timeZone: 'America/Denver' },
          'admin',
        );
        expect(changed.status).toBe(200);
        const seen = await eventually(b.profile, (p) => p.name === 'Willow Creek Commons');
        expect(seen).toMatchObject({ name: 'Willow Creek Commons', timeZone: 'America/Denver' });
        // The figures too are now of the new zone: the answers cached before were dropped.
        expect((await b.analytics()).map((x) => x.timeZone)).toContain('America/Denver');
        expect((await deaf.profile()).name).toBe('Willow Creek');
      } finally {
        await stop();
        await a.call(
          'PATCH',
          COMMUNITY_PATH,
          { name: 'Willow Creek', timeZone: 'America/Los_Angeles' },
          'admin',
        );
      }
    });

    it('an amenity changed, and readings stored, through one process show in the others’ answers', async () => {
      const a = await serverProcess();
      const b = await serverProcess();
      const stop = await b.app.follow();
      try {
        const lawnOf = (list: AmenityAnalytics[]) => list.find((x) => x.id === 'great-lawn');
        expect((await b.analytics()).map((x) => x.timeZone)).toContain('America/Los_Angeles');
        // Cached in b from here on (its cache keeps answers for ten minutes).
        const before = lawnOf(await b.analytics());
        expect(before?.capacity).toBe(200);
        const res = await a.call('PATCH', `${AMENITY_SETUP_PATH}/great-lawn`, { capacity: 240 });
        expect(res.status).toBe(200);
        const after = await eventually(b.analytics, (list) => lawnOf(list)?.capacity === 240);
        expect(lawnOf(after)?.capacity).toBe(240);

        const usersNow = async () => lawnOf(await b.analytics())?.currentUsers;
        expect(await usersNow()).not.toBe(123);
        const stored = await a.app.post([
          reading('great-lawn', local('2026-03-18', '04:55'), 123, 0, 0),
        ]);
        expect(stored.status).toBe(200);
        expect(await eventually(usersNow, (n) => n === 123)).toBe(123);
      } finally {
        await stop();
        await a.call('PATCH', `${AMENITY_SETUP_PATH}/great-lawn`, { capacity: 200 });
      }
    });

    it.skipIf(backend.name !== 'postgres')(
      'a process whose listening connection was lost catches up when it is back',
      async () => {
        const a = await serverProcess();
        const b = await serverProcess();
        const stop = await b.app.follow();
        try {
          const ended = await test.db.query<{ ended: boolean }>(
            `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
              WHERE application_name = $1 AND query LIKE '%' || current_schema() || '"'`,
            [LISTENER_NAME],
          );
          expect(ended).toEqual([{ ended: true }]);
          // Made while no one listens in b: the news of it is lost, the reload on return is not.
          expect(
            (await a.call('PATCH', COMMUNITY_PATH, { name: 'Said while away' }, 'admin')).status,
          ).toBe(200);
          const seen = await eventually(b.profile, (p) => p.name === 'Said while away', 5_000);
          expect(seen.name).toBe('Said while away');
          // And it listens again.
          await a.call('PATCH', COMMUNITY_PATH, { name: 'Heard again' }, 'admin');
          expect((await eventually(b.profile, (p) => p.name === 'Heard again')).name).toBe(
            'Heard again',
          );
        } finally {
          await stop();
          await a.call('PATCH', COMMUNITY_PATH, { name: 'Willow Creek' }, 'admin');
        }
      },
    );
  });
}

describe.skipIf(!BACKENDS.some((b) => b.name === 'postgres' && b.skip === null))(
  'two servers on one PostgreSQL',
  () => {
    it('a change made through one server is what the other answers next', async () => {
      const url = process.env.TEST_DATABASE_URL ?? '';
      const name = `commonground_two_${process.pid}_${Date.now()}`;
      const admin = await openPostgres(url, { max: 1 });
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const servers: Awaited<ReturnType<typeof startServer>>[] = [];
      try {
        const start = () =>
          startServer({
            database: { url: target.toString() },
            port: 0,
            host: '127.0.0.1',
            distDir: '/nonexistent',
            simulate: false,
            ingestKey: 'two-servers-key',
            log: () => undefined,
            ownCommunity: {
              name: 'Lakeside Commons',
              slug: 'lakeside-commons',
              timeZone: 'America/Chicago',
              adminEmail: 'chair@lakeside.example',
            },
          });
        servers.push(await start());
        servers.push(await start());
        const [one, two] = servers;
        if (!one || !two) throw new Error('no servers');

        // An Admin of the community, signed in (a session straight in the database).
        const db = await openPostgres(target.toString(), { max: 1 });
        let cookie: string;
        try {
          const [community] = await db.query<{ id: number }>(
            `SELECT id FROM communities WHERE slug = 'lakeside-commons'`,
          );
          const id = await insertUser(
            db,
            community?.id ?? 0,
            {
              email: 'chair@lakeside.example',
              name: 'The chair',
              role: 'admin',
              passwordHash: await hashPassword('correct horse battery staple'),
              totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            },
            Date.now(),
          );
          if (id === null) throw new Error('duplicate');
          cookie = `cg_session=${await createSession(db, id, Date.now())}`;
        } finally {
          await db.close();
        }
        const profileAt = async (server: { url: string }) =>
          (await (
            await fetch(`${server.url}${COMMUNITY_PATH}`, { headers: { Cookie: cookie } })
          ).json()) as CommunityProfile;

        expect((await profileAt(two)).name).toBe('Lakeside Commons');
        const res = await fetch(`${one.url}${COMMUNITY_PATH}`, {
          method: 'PATCH',
          headers: { Cookie: cookie, Origin: one.url, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Lakeside Commons HOA', timeZone: 'America/Denver' }),
        });
        expect(res.status).toBe(200);
        // Its scheduler passes are 30 s apart: only the news from the other server brings this.
        const seen = await eventually(
          () => profileAt(two),
          (p) => p.name === 'Lakeside Commons HOA',
        );
        expect(seen).toMatchObject({ name: 'Lakeside Commons HOA', timeZone: 'America/Denver' });
      } finally {
        await Promise.all(servers.map((server) => server.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      }
    }, 60_000);
  },
);
