import net, { type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  HEALTH_PATH,
  type AmenityAnalytics,
} from '../../src/api/contract';
import { DATABASE_RETRY_AFTER_S, unavailableMessage } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import { type Community } from '../../server/community';
import { databaseUnavailable, DatabaseUnavailableError } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  INGEST_KEY,
  local,
  openTestDatabase,
  pgliteTemplate,
  reading,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

/**
 * The database down, restarting or out of connections: every request is a 503 with Retry-After
 * and a sentence saying what became of it, never a 500; /api/health says so too, so the app
 * shows "Can't reach CommonGround" once (lib/connectivity.ts) and a load balancer sends requests
 * elsewhere; and all is well again once the database is back.
 */

const READ = unavailableMessage('GET', 'refused');
const NOT_SAVED = unavailableMessage('PATCH', 'refused');

describe('what counts as the database being out of reach', () => {
  it('no connection to be had is "refused"; one broken in use is "lost"; anything else is not', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const refused of [
      coded('ECONNREFUSED'),
      coded('ENOTFOUND'),
      coded('57P03'),
      coded('53300'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(databaseUnavailable(refused), refused.message).toBe('refused');
    }
    for (const lost of [
      coded('57P01'),
      coded('08006'),
      coded('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new DatabaseUnavailableError('The database thread stopped unexpectedly (exit code 1)'),
    ]) {
      expect(databaseUnavailable(lost), lost.message).toBe('lost');
    }
    for (const other of [coded('23505'), coded('22P02'), new Error('boom'), null, 'ECONNREFUSED']) {
      expect(databaseUnavailable(other)).toBeNull();
    }
  });

  it('a read is to be tried again; a write says whether it was made', () => {
    expect(unavailableMessage('GET', 'lost')).toBe(READ);
    expect(NOT_SAVED).toBe(
      'The database cannot be reached just now: nothing was saved. Try again in a moment.',
    );
    expect(unavailableMessage('POST', 'lost')).toBe(
      'The connection to the database was lost during this change: check whether it was saved before trying again.',
    );
  });
});

type App = ReturnType<typeof testApp>;

async function expectUnavailable(res: Response, message: string) {
  expect(res.status).toBe(503);
  expect(res.headers.get('Retry-After')).toBe(String(DATABASE_RETRY_AFTER_S));
  expect(((await res.json()) as { error?: string }).error).toBe(message);
}

describe('PGlite: the database thread stopped', () => {
  it('every request is a 503 saying so, the ingest included', async () => {
    const db = await openPglite(undefined, { loadDataDir: await pgliteTemplate() });
    await migrate(db);
    const clock = testClock('2026-03-18T12:00:00Z');
    const community = await createTestCommunity(db);
    const app = testApp(db, community, { clock: clock.now });
    try {
      expect((await app.app.request(HEALTH_PATH)).status).toBe(200);
      await db.thread.terminate();
      await expectUnavailable(await app.app.request(HEALTH_PATH), READ);
      await expectUnavailable(await app.app.request(API_PATHS.amenityAnalytics), READ);
      const posted = await app.app.request('/api/readings', {
        method: 'POST',
        headers: { Authorization: `Bearer ${INGEST_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          readings: [reading('great-lawn', local('2026-03-18', '04:50'), 4, 1)],
        }),
      });
      await expectUnavailable(
        posted,
        'The connection to the database was lost during this change: check whether it was saved before trying again.',
      );
    } finally {
      await db.close();
    }
  });
});

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused). */
async function relay(port: number) {
  const sockets = new Set<Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (at: number) =>
    new Promise<number>((resolve) =>
      server.listen(at, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const own = await listen(0);
  return {
    port: own,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => listen(own),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');

describe.skipIf(!postgres || postgres.skip !== null)(
  `the PostgreSQL server out of reach: ${postgres ? backendTitle(postgres) : ''}`,
  () => {
    let test: TestDatabase;
    let community: Community;
    let cookie: string;
    let link: Awaited<ReturnType<typeof relay>>;
    let through: Awaited<ReturnType<typeof openPostgres>>;
    let app: App;
    const clock = testClock('2026-03-18T12:00:00Z');

    beforeAll(async () => {
      if (!postgres) return;
      test = await openTestDatabase(postgres);
      community = await createTestCommunity(test.db);
      const id = await insertUser(
        test.db,
        community.id,
        {
          email: 'manager@example.org',
          name: 'The manager',
          role: 'manager',
          passwordHash: await hashPassword('correct horse battery staple'),
          totpSecret: null,
        },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      cookie = `cg_session=${await createSession(test.db, id, clock.now())}`;
      const [row] = await test.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      link = await relay(Number(url.port || 5432));
      url.hostname = '127.0.0.1';
      url.port = String(link.port);
      through = await openPostgres(url.toString(), { schema: row?.schema ?? 'public' });
      app = testApp(through, community, { clock: clock.now });
    });
    afterAll(async () => {
      await through?.close();
      await link?.close();
      await test?.drop();
    });

    const capacityOfLawn = async () =>
      (
        await test.db.query<{ capacity: number }>(
          `SELECT capacity FROM amenities WHERE slug = 'great-lawn'`,
        )
      )[0]?.capacity;
    const patchLawn = (capacity: number) =>
      app.app.request(`${AMENITY_SETUP_PATH}/great-lawn`, {
        method: 'PATCH',
        headers: { Cookie: cookie, Origin: 'http://localhost', 'Content-Type': 'application/json' },
        body: JSON.stringify({ capacity }),
      });
    const analytics = () =>
      app.app.request(API_PATHS.amenityAnalytics, { headers: { Cookie: cookie } });

    it('answers 503 with what became of each request while it is down, and works again once it is back', async () => {
      expect((await analytics()).status).toBe(200);
      await link.cut();
      // The pool drops the connections it held as it hears they are gone.
      await new Promise((resolve) => setTimeout(resolve, 100));

      await expectUnavailable(await app.app.request(HEALTH_PATH), READ);
      await expectUnavailable(await analytics(), READ);
      await expectUnavailable(await patchLawn(230), NOT_SAVED);
      expect(await capacityOfLawn()).toBe(200);

      await link.restore();
      expect((await app.app.request(HEALTH_PATH)).status).toBe(200);
      const back = await analytics();
      expect(back.status).toBe(200);
      const lawn = ((await back.json()) as AmenityAnalytics[]).find((a) => a.id === 'great-lawn');
      expect(lawn?.capacity).toBe(200);
      expect((await patchLawn(230)).status).toBe(200);
      expect(await capacityOfLawn()).toBe(230);
    });
  },
);
