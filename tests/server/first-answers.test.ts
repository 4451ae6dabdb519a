import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AMENITY_SETUP_PATH,
  API_PATHS,
  FIRST_ANSWERS_PATH,
  MAX_FIRST_ANSWERS,
  ME_PATH,
  SESSION_ENDED_HEADER,
  USERS_PATH,
} from '../../src/api/contract';
import { firstAnswersUrl } from '../../src/api/first-answers';
import { hashPassword } from '../../server/auth/passwords';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import { seedDemo } from '../../server/simulator/seed';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

type Answer = { path: string; status: number; sessionEnded?: boolean; body: string };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`first answers: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let demo: Community;
    let own: Community;
    const clock = testClock('2026-04-01T18:00:00Z');
    let demoApp: ReturnType<typeof testApp>;
    let ownApp: ReturnType<typeof testApp>;
    let board = '';

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      ({ community: demo } = await seedDemo(test.db, {
        now: clock.now(),
        days: 2,
        stepMs: 60 * 60_000,
        eventDays: 2,
      }));
      own = await createTestCommunity(test.db);
      demoApp = testApp(test.db, demo, { clock: clock.now, demo: true });
      ownApp = testApp(test.db, own, { clock: clock.now, demo: false });
      const id = await insertUser(
        test.db,
        own.id,
        {
          email: 'board@example.org',
          name: 'The board member',
          role: 'board',
          passwordHash: await hashPassword('correct horse battery staple'),
          totpSecret: null,
        },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      board = `${SESSION_COOKIE}=${await createSession(test.db, id, clock.now())}`;
    });
    afterAll(() => test?.drop());

    const ask = async (
      app: ReturnType<typeof testApp>,
      url: string,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.app.request(url, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text };
    };
    const batch = async (
      app: ReturnType<typeof testApp>,
      paths: string[],
      headers: Record<string, string> = {},
    ) => {
      const res = await ask(app, firstAnswersUrl(paths), headers);
      expect(res.status).toBe(200);
      return { ...res, answers: (JSON.parse(res.text) as { answers: Answer[] }).answers };
    };

    it('gives each answer exactly as the path asked alone would, in the order asked', async () => {
      const paths = [
        ME_PATH,
        API_PATHS.metrics,
        `${API_PATHS.gaps}?days=30`,
        `${API_PATHS.timeline}?period=day`,
        API_PATHS.sensors,
        `${API_PATHS.gaps}?days=abc`, // a 400 of its own
        '/api/no-such-thing', // a 404 of its own
        USERS_PATH, // the demo may not read the users: a 403 of its own
      ];
      const { answers } = await batch(demoApp, paths);
      expect(answers.map((answer) => answer.path)).toEqual(paths);
      for (const answer of answers) {
        const alone = await ask(demoApp, answer.path);
        expect({ path: answer.path, status: answer.status, body: answer.body }).toEqual({
          path: answer.path,
          status: alone.status,
          body: alone.text,
        });
      }
      expect(answers.map((answer) => answer.status)).toEqual([
        200, 200, 200, 200, 200, 400, 404, 403,
      ]);
    });

    it("asks each path with the caller's own session: its role's rules, not the batch's", async () => {
      const anonymous = await batch(ownApp, [API_PATHS.metrics, ME_PATH]);
      expect(anonymous.answers.map((answer) => answer.status)).toEqual([401, 401]);
      expect(JSON.parse(anonymous.answers[0]?.body ?? '')).toEqual({
        error: 'Sign in to continue',
      });

      const signedIn = await batch(ownApp, [ME_PATH, USERS_PATH, API_PATHS.metrics], {
        Cookie: board,
      });
      expect(signedIn.answers.map((answer) => answer.status)).toEqual([200, 403, 200]);
      expect(JSON.parse(signedIn.answers[0]?.body ?? '')).toMatchObject({
        user: { email: 'board@example.org', role: 'board' },
      });
    });

    it("says a session has ended, and clears its cookie as each path's answer would", async () => {
      const ended = `${SESSION_COOKIE}=no-longer-a-session`;
      const alone = await ask(ownApp, API_PATHS.metrics, { Cookie: ended });
      expect(alone.headers.get(SESSION_ENDED_HEADER)).toBe('1');
      const { answers, headers } = await batch(ownApp, [API_PATHS.metrics, ME_PATH], {
        Cookie: ended,
      });
      expect(answers.map((answer) => [answer.status, answer.sessionEnded])).toEqual([
        [401, true],
        [401, true],
      ]);
      expect(headers.getSetCookie()).toEqual(alone.headers.getSetCookie());
    });

    it('compresses the batch as a whole, and each body inside is plain JSON text', async () => {
      const paths = [
        API_PATHS.metrics,
        `${API_PATHS.timeline}?period=day`,
        API_PATHS.amenityAnalytics,
      ];
      const res = await demoApp.app.request(firstAnswersUrl(paths), {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect(res.headers.get('Content-Encoding')).toBe('br');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const text = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
      const { answers } = JSON.parse(text) as { answers: Answer[] };
      expect(answers).toHaveLength(3);
      for (const answer of answers) expect(() => JSON.parse(answer.body) as unknown).not.toThrow();
    });

    it('carries JSON answers only: an image is a 406 in the batch, never mangled bytes', async () => {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]);
      await test.db.query(
        `INSERT INTO amenity_photos (amenity_id, content_type, bytes, size, width, height,
                                     sha256, updated_at, updated_by)
         SELECT id, 'image/png', $2, $3, 1, 1, repeat('0', 64), now(), NULL FROM amenities
          WHERE community_id = $1 AND slug = 'great-lawn'`,
        [demo.id, png, png.length],
      );
      const photo = `${AMENITY_SETUP_PATH}/great-lawn/photo`;
      expect((await demoApp.app.request(photo)).headers.get('Content-Type')).toBe('image/png');
      const { answers } = await batch(demoApp, [photo, API_PATHS.metrics]);
      expect(answers.map((answer) => answer.status)).toEqual([406, 200]);
      expect((JSON.parse(answers[0]?.body ?? '') as { error: string }).error).toBe(
        `${photo} answers image/png, not JSON: ask for it on its own`,
      );
    });

    it.each([
      ['no path', FIRST_ANSWERS_PATH, 'at least one is required'],
      [
        'too many paths',
        firstAnswersUrl(Array.from({ length: MAX_FIRST_ANSWERS + 1 }, () => ME_PATH)),
        `at most ${MAX_FIRST_ANSWERS} are allowed`,
      ],
      ['a path outside the API', firstAnswersUrl(['/dashboard']), 'is not an API path'],
      ['a path that climbs out of it', firstAnswersUrl(['/api/../admin']), 'is not an API path'],
      ['another host', firstAnswersUrl(['//example.com/api/me']), 'is not an API path'],
      ['a full address', firstAnswersUrl(['http://localhost/api/me']), 'is not an API path'],
      ['a batch in a batch', firstAnswersUrl([firstAnswersUrl([ME_PATH])]), 'is not an API path'],
      [
        'an overlong path',
        firstAnswersUrl([`${API_PATHS.metrics}?x=${'a'.repeat(600)}`]),
        'at most 512 characters each',
      ],
    ])('refuses %s with a 400 that names it', async (_, url, message) => {
      const res = await ask(demoApp, url);
      expect(res.status).toBe(400);
      expect((JSON.parse(res.text) as { error: string }).error).toContain(message);
    });

    it('is read-only: any other method is a 405', async () => {
      const res = await demoApp.app.request(firstAnswersUrl([ME_PATH]), {
        method: 'POST',
        headers: { Origin: 'http://localhost' },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, HEAD');
    });
  });
}
