import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  USERS_PATH,
} from '../../src/api/contract';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  INGEST_KEY,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

/**
 * "An error is a clear 4xx, never a 500": every route the app registers, asked by a signed-in
 * admin and by a sensor's key, with path parameters, queries and bodies a hostile or broken
 * client sends. PostgreSQL refuses the NUL character in text, so `%00` in a path and `\u0000` in
 * a JSON string are among them.
 */

const PARAMS = [
  'x',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '%00',
  'a%00b',
  "1'--",
  'a'.repeat(3000),
  '%E0%A4%A',
  '..%2F..',
];
const QUERIES = [
  '',
  '?period=zzz',
  '?period=day&from=abc&to=-1',
  '?limit=-1&offset=1e999',
  '?amenity=%00&period=week&days=%00',
  '?from=2026-13-45&to=2026-01-01',
  '?page=NaN&cursor=%ff',
  '?period=day&period=week&days=7&days=8',
];
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  'not json',
  '{',
  'null',
  '[]',
  '{}',
  '"text"',
  '123',
  '{"name":1,"email":[],"role":{},"password":null,"enabled":"yes","id":"1","amenityId":-1}',
  `{"name":"${'n'.repeat(100_000)}"}`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"a\\u0000b","unit":"\\u0000","email":"a\\u0000@example.org","password":"\\u0000"}',
  '{"readings":[{"amenityId":"great-lawn","time":"2026-03-18T11:00:00Z","occupancy":1e308,"entries":-5,"dwellMinutes":"x"}]}',
  '{"readings":[{"amenityId":"great\\u0000lawn","time":"2026-03-18T11:00:00Z","occupancy":1,"entries":0,"dwellMinutes":0}]}',
  '{"readings":[{"amenityId":"great-lawn","time":"2026-03-18T11:00:00Z","occupancy":1,"entries":1,"dwellMinutes":5e-324}]}',
  '{"name":"\\ud800","unit":"\\udfff","email":"\\udfff@example.org","password":"\\ud800\\ud800"}',
];

type Route = { method: string; path: string };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`hostile input: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let app: ReturnType<typeof testApp>;
    let adminId = 0;
    const clock = testClock('2026-03-18T12:00:00Z');

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      const community = await createTestCommunity(test.db);
      const id = await insertUser(
        test.db,
        community.id,
        {
          email: 'admin@example.org',
          name: 'The admin',
          role: 'admin',
          passwordHash: await hashPassword('correct horse battery staple'),
          totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      adminId = id;
      app = testApp(test.db, community, { clock: clock.now, demo: false });
    });
    afterAll(() => test.drop());

    /** A fresh session for each request: a route may end the one it was given. */
    const ask = async (
      method: string,
      url: string,
      { body, as = 'admin', type = 'application/json' }: AskOptions = {},
    ) => {
      const headers: Record<string, string> =
        as === 'admin'
          ? {
              Cookie: `cg_session=${await createSession(test.db, adminId, clock.now())}`,
              Origin: 'http://localhost',
            }
          : { Authorization: `Bearer ${INGEST_KEY}` };
      if (body !== undefined) headers['Content-Type'] = type;
      const res = await app.app.request(url, { method, headers, body });
      return { status: res.status, text: await res.text() };
    };

    it('no route answers 5xx to bad parameters, queries or bodies', async () => {
      const routes = (app.app as unknown as { routes: Route[] }).routes;
      const seen = new Set<string>();
      const failures: string[] = [];
      let signedInReads = 0;
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        // The catch-all 404 and 405 handlers; sign-out would end the admin's other sessions.
        if (route.path.endsWith('*') || route.path.includes('sign-out') || seen.has(key)) continue;
        seen.add(key);
        const methods = route.method === 'ALL' ? ['GET', 'POST'] : [route.method];
        const hasParam = route.path.includes(':');
        for (const method of methods) {
          for (const param of hasParam ? PARAMS : ['']) {
            const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, param);
            const queries = method === 'GET' ? QUERIES : [''];
            const bodies = method === 'GET' ? [undefined] : BODIES;
            for (const query of queries) {
              for (const body of bodies) {
                for (const as of ['admin', 'sensor'] as const) {
                  const res = await ask(method, `${path}${query}`, { body, as });
                  if (method === 'GET' && as === 'admin' && res.status === 200) signedInReads++;
                  if (res.status >= 500) {
                    failures.push(
                      `${res.status} ${method} ${path.slice(0, 60)}${query} ` +
                        `body ${(body ?? '').slice(0, 50)} as ${as}: ${res.text.slice(0, 120)}`,
                    );
                  }
                }
              }
            }
          }
        }
      }
      expect(seen.size).toBeGreaterThan(80);
      // The walk reached the handlers: the admin's session was accepted.
      expect(signedInReads).toBeGreaterThan(100);
      expect(failures).toEqual([]);
    }, 600_000);

    it('a NUL character in a path, a JSON string or a CSV file is a 400 that names it', async () => {
      const nul = /NUL character/;
      const device = await ask('DELETE', '/api/devices/70B3D5%00');
      expect(device.status).toBe(400);
      expect(device.text).toMatch(nul);

      const signIn = await app.app.request(AUTH_PATHS.signIn, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
        body: '{"email":"admin@example.org\\u0000","password":"correct horse battery staple"}',
      });
      expect(signIn.status).toBe(400);
      expect(await signIn.text()).toMatch(nul);

      const resident = await ask('POST', RESIDENTS_PATH, {
        body: '{"name":"Marcus\\u0000Johnson","unit":"D-143"}',
      });
      expect(resident.status).toBe(400);
      expect(resident.text).toMatch(nul);

      const reading = await ask('POST', '/api/readings', {
        as: 'sensor',
        body: '{"readings":[{"amenityId":"great-lawn","time":"2026-03-18T11:00:00Z","occupancy":1,"entries":0,"dwellMinutes":"\\u0000"}]}',
      });
      expect(reading.status).toBe(400);
      expect(reading.text).toMatch(nul);

      // A UTF-16 file (Excel's "Unicode Text") read as UTF-8 has a NUL after every letter.
      const csv = await ask('POST', RESIDENTS_IMPORT_PATH, {
        body: 'Name,Unit\nM\u0000a\u0000r\u0000c\u0000u\u0000s\u0000,D-143\n',
        type: 'text/csv',
      });
      expect(csv.status).toBe(400);
      expect(csv.text).toMatch(/Line 2: .*NUL character/);

      // Nested as deep as the ingest endpoint's 1 MB allows, the NUL at the bottom.
      const depth = 200_000;
      const deep = await ask('POST', '/api/readings', {
        as: 'sensor',
        body: `{"readings":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
      });
      expect(deep.status).toBe(400);
      expect(deep.text).toMatch(nul);
      // And as wide: 200,000 strings in one array.
      const wide = await ask('POST', '/api/readings', {
        as: 'sensor',
        body: `{"readings":[${'"a",'.repeat(depth)}"\\u0000"]}`,
      });
      expect(wide.status).toBe(400);
      expect(wide.text).toMatch(nul);

      // An escaped backslash before "u0000" is text, not a NUL: it is stored as sent.
      const literal = await ask('POST', RESIDENTS_PATH, {
        body: '{"name":"Path C:\\\\u0000","unit":"D-144"}',
      });
      expect(literal.status).toBe(201);
      expect(literal.text).toContain('C:\\\\u0000');
      expect((await ask('GET', USERS_PATH)).status).toBe(200);
    });

    it('a lone UTF-16 surrogate in a JSON string is a 400 that names it; a whole emoji is kept', async () => {
      const lone = /lone UTF-16 surrogate/;
      for (const name of ['\\ud800', 'Marcus \\udfff', '\\ude00\\ud83d']) {
        const res = await ask('POST', RESIDENTS_PATH, {
          body: `{"name":"${name}","unit":"D-150"}`,
        });
        expect(res.status, name).toBe(400);
        expect(res.text).toMatch(lone);
      }
      const key = await ask('PATCH', '/api/auth/profile', { body: '{"\\udbff":"x"}' });
      expect(key.status).toBe(400);
      expect(key.text).toMatch(lone);
      const emoji = await ask('POST', RESIDENTS_PATH, {
        body: '{"name":"Marcus \\ud83d\\ude00","unit":"D-151"}',
      });
      expect(emoji.status, emoji.text).toBe(201);
      expect(emoji.text).toContain('Marcus \u{1F600}');
    });
  });
}

type AskOptions = { body?: string; as?: 'admin' | 'sensor'; type?: string };
