import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  ME_PATH,
  MeSchema,
  SESSION_ENDED_COOKIE,
  SESSION_ENDED_HEADER,
  type Role,
} from '../../src/api/contract';
import { ACCESS_RULES, PRINCIPALS, ruleFor, type PrincipalKind } from '../../server/auth/access';
import {
  DEMO_ACCOUNTS,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_PASSWORD,
  ensureDemoAccounts,
} from '../../server/auth/demo-accounts';
import { hashPassword } from '../../server/auth/passwords';
import { SESSION_ENDED } from '../../server/auth/middleware';
import { WRONG_CREDENTIALS } from '../../server/auth/routes';
import { createSession } from '../../server/auth/sessions';
import { base32Decode, totp } from '../../server/auth/totp';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import { DAY, HOUR, MINUTE } from '../../server/time';
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
const PASSWORD = 'correct horse battery staple';
const ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * The access matrix, written out by hand: which principals may call each route. It must list
 * exactly the routes of the access table, so a new route cannot go untested.
 */
const EXPECTED: Record<string, readonly PrincipalKind[]> = {
  'GET /api/health': PRINCIPALS,
  // Each path inside is asked with the caller's headers and meets its own rule.
  'GET /api/first-answers': PRINCIPALS,
  'GET /api/dashboard/metrics': ['admin', 'manager', 'board', 'demo'],
  'GET /api/usage/timeline': ['admin', 'manager', 'board', 'demo'],
  'GET /api/amenities/popularity': ['admin', 'manager', 'board', 'demo'],
  'GET /api/amenities/analytics': ['admin', 'manager', 'board', 'demo'],
  'GET /api/amy/suggestions': ['admin', 'manager', 'board', 'demo'],
  'GET /api/amy/analysis': ['admin', 'manager', 'board', 'demo'],
  'GET /api/sensors': ['admin', 'manager', 'board', 'demo'],
  'GET /api/usage/gaps': ['admin', 'manager', 'board', 'demo'],
  'GET /api/alert-rules': ['admin', 'manager'],
  'POST /api/alert-rules': ['admin', 'manager'],
  'PATCH /api/alert-rules/:id': ['admin', 'manager'],
  'DELETE /api/alert-rules/:id': ['admin', 'manager'],
  'GET /api/alerts': ['admin', 'manager', 'board', 'demo'],
  'POST /api/alerts/:id/read': ['admin', 'manager', 'board'],
  'GET /api/report-schedules': ['admin', 'manager'],
  'POST /api/report-schedules': ['admin', 'manager'],
  'PATCH /api/report-schedules/:id': ['admin', 'manager'],
  'DELETE /api/report-schedules/:id': ['admin', 'manager'],
  'GET /api/report-schedules/recipients': ['admin', 'manager'],
  'GET /api/report-archive': ['admin', 'manager', 'board', 'demo'],
  'GET /api/report-archive/:id': ['admin', 'manager', 'board', 'demo'],
  'GET /api/amenities': ['admin', 'manager', 'board', 'demo'],
  'POST /api/amenities': ['admin', 'manager'],
  'PATCH /api/amenities/:id': ['admin', 'manager'],
  'POST /api/amenities/:id/archive': ['admin', 'manager'],
  'POST /api/amenities/:id/restore': ['admin', 'manager'],
  'GET /api/amenities/:id/photo': ['admin', 'manager', 'board', 'demo'],
  'PUT /api/amenities/:id/photo': ['admin', 'manager'],
  'DELETE /api/amenities/:id/photo': ['admin', 'manager'],
  'GET /api/users': ['admin'],
  'GET /api/users/invites': ['admin'],
  'POST /api/users/invites': ['admin'],
  'DELETE /api/users/invites/:id': ['admin'],
  'PATCH /api/users/:id': ['admin'],
  'DELETE /api/users/:id': ['admin'],
  'POST /api/auth/accept-invite': PRINCIPALS,
  'POST /api/auth/accept-invite/check': PRINCIPALS,
  'GET /api/residents': ['admin', 'manager'],
  'POST /api/residents': ['admin', 'manager'],
  'PATCH /api/residents/:id': ['admin', 'manager'],
  'DELETE /api/residents/:id': ['admin', 'manager'],
  'POST /api/residents/import': ['admin', 'manager'],
  'GET /api/residents.csv': ['admin', 'manager'],
  'GET /api/events': ['admin', 'manager', 'board', 'demo'],
  'POST /api/events': ['admin', 'manager'],
  'DELETE /api/events/:id': ['admin', 'manager'],
  'GET /api/events/planned': ['admin', 'manager', 'board', 'demo'],
  'GET /api/events/planned/awaiting': ['admin', 'manager', 'board', 'demo'],
  'POST /api/events/planned': ['admin', 'manager'],
  'POST /api/events/planned/:id/held': ['admin', 'manager'],
  'PUT /api/events/planned/:id': ['admin', 'manager'],
  'DELETE /api/events/planned/:id': ['admin', 'manager'],
  'GET /api/me': ['admin', 'manager', 'board', 'demo', 'enrolling'],
  'GET /api/notifications/status': ['admin', 'manager', 'board', 'demo'],
  'POST /api/auth/sign-in': PRINCIPALS,
  'POST /api/auth/sign-out': PRINCIPALS,
  'POST /api/auth/sign-out-everywhere': ['admin', 'manager', 'board', 'enrolling'],
  'GET /api/auth/sessions': ['admin', 'manager', 'board'],
  'DELETE /api/auth/sessions/:id': ['admin', 'manager', 'board'],
  'POST /api/auth/password': ['admin', 'manager', 'board'],
  'PATCH /api/auth/profile': ['admin', 'manager', 'board'],
  'GET /api/auth/recovery-codes': ['admin'],
  'POST /api/auth/recovery-codes': ['admin'],
  'POST /api/auth/authenticator': ['admin'],
  'POST /api/auth/authenticator/confirm': ['admin'],
  'POST /api/auth/totp/setup': ['enrolling'],
  'POST /api/auth/totp/confirm': ['enrolling'],
  'GET /api/integrations': ['admin'],
  'POST /api/integrations': ['admin'],
  'POST /api/integrations/:id/secret': ['admin'],
  'DELETE /api/integrations/:id': ['admin'],
  'POST /api/devices': ['admin'],
  'PATCH /api/devices/:devEui': ['admin'],
  'DELETE /api/devices/:devEui': ['admin'],
  'GET /api/push/public-key': ['admin', 'manager', 'board', 'demo'],
  'POST /api/push/subscriptions': ['admin', 'manager', 'board'],
  'DELETE /api/push/subscriptions': ['admin', 'manager', 'board'],
  'GET /api/me/notifications': ['admin', 'manager', 'board', 'demo'],
  'PUT /api/me/notifications': ['admin', 'manager', 'board'],
  'GET /api/community': ['admin', 'manager', 'board', 'demo'],
  'PATCH /api/community': ['admin'],
  'GET /api/audit': ['admin'],
  'GET /api/audit.csv': ['admin'],
  'GET /api/readings.csv': ['admin', 'manager', 'board', 'demo'],
  'GET /api/billing': ['admin', 'manager', 'board', 'demo'],
};

type Res = { status: number; json: unknown; headers: Headers };

function sessionCookie(res: Res): string | null {
  const header = res.headers.get('Set-Cookie');
  const token = /cg_session=([^;]*)/.exec(header ?? '')?.[1];
  return token ? `cg_session=${token}` : null;
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`auth: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock('2026-03-18T12:00:00Z');
    let demoApp: ReturnType<typeof testApp>;
    let closedApp: ReturnType<typeof testApp>;
    const ids = {} as Record<'admin' | 'manager' | 'board' | 'enrolling', number>;
    let emailSeq = 0;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const passwordHash = await hashPassword(PASSWORD);
      const add = async (email: string, role: Role, totpSecret: string | null = null) => {
        const id = await insertUser(
          test.db,
          community.id,
          { email, name: `The ${role}`, role, passwordHash, totpSecret },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        return id;
      };
      ids.admin = await add('Admin@Example.org', 'admin', ADMIN_SECRET);
      ids.manager = await add('manager@example.org', 'manager');
      ids.board = await add('board@example.org', 'board');
      ids.enrolling = await add('new-admin@example.org', 'admin');
      const limits = { perAccount: 3, perAddress: 1000, windowMs: 15 * MINUTE };
      demoApp = testApp(test.db, community, { clock: clock.now, demo: true, signInLimits: limits });
      closedApp = testApp(test.db, community, {
        clock: clock.now,
        demo: false,
        signInLimits: limits,
      });
    });
    afterAll(() => test?.drop());

    async function call(
      app: ReturnType<typeof testApp>,
      method: string,
      path: string,
      options: {
        cookie?: string | null;
        origin?: string | null;
        body?: unknown;
        url?: string;
      } = {},
    ): Promise<Res> {
      const headers: Record<string, string> = {};
      if (options.cookie) headers.Cookie = options.cookie;
      const origin = options.origin === undefined ? ORIGIN : options.origin;
      if (origin !== null && method !== 'GET') headers.Origin = origin;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await app.app.request(options.url ?? path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, json, headers: res.headers };
    }

    const signIn = (body: unknown, app = closedApp, extra: { origin?: string | null } = {}) =>
      call(app, 'POST', AUTH_PATHS.signIn, { body, ...extra });
    const sessionFor = async (who: keyof typeof ids) =>
      `cg_session=${await createSession(test.db, ids[who], clock.now())}`;
    const adminCode = () => totp(base32Decode(ADMIN_SECRET) ?? Buffer.alloc(0), clock.now());
    const freshEmail = () => `nobody-${++emailSeq}@example.org`;

    it('the hand-written matrix lists exactly the routes of the access table', () => {
      expect(Object.keys(EXPECTED).sort()).toEqual(
        ACCESS_RULES.map((rule) => `${rule.method} ${rule.path}`).sort(),
      );
    });

    it('sensors and network servers authenticate with their own keys, not sessions', () => {
      expect(ruleFor('POST', '/api/readings')).toBe('sessionless');
      expect(ruleFor('POST', '/api/integrations/demo-tts/uplink')).toBe('sessionless');
      expect(ruleFor('GET', '/api/integrations/demo-tts/uplink')).toBeNull();
    });

    describe('every route × every principal', () => {
      const cells = Object.entries(EXPECTED).flatMap(([route, allowed]) =>
        PRINCIPALS.map((principal) => [route, principal, allowed.includes(principal)] as const),
      );
      it.each(cells)('%s as %s: allowed %s', async (route, principal, allowed) => {
        const [method = 'GET', path = '/'] = route.split(' ');
        const cookie =
          principal === 'demo' || principal === 'anonymous' ? null : await sessionFor(principal);
        const app = principal === 'demo' ? demoApp : closedApp;
        const res = await call(app, method, path, {
          cookie,
          body: method === 'GET' ? undefined : {},
        });
        if (allowed) {
          expect([401, 403], JSON.stringify(res.json)).not.toContain(res.status);
          expect(res.status).toBeLessThan(500);
        } else {
          expect(res.status, JSON.stringify(res.json)).toBe(principal === 'anonymous' ? 401 : 403);
          expect(res.json).toEqual({ error: expect.any(String) as string });
          // The demo viewer is told what was refused: a change, or something it may not read.
          if (principal === 'demo') {
            expect((res.json as { error: string }).error).toBe(
              method === 'GET'
                ? 'The demo does not show this: sign in to see it'
                : 'The demo is read-only: sign in to make changes',
            );
          }
        }
      });
    });

    it('a state-changing request needs its own Origin (CSRF)', async () => {
      const cookie = await sessionFor('manager');
      const foreign = await call(closedApp, 'POST', AUTH_PATHS.signOut, {
        cookie,
        origin: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      const missing = await call(closedApp, 'POST', AUTH_PATHS.signOut, { cookie, origin: null });
      expect(missing.status).toBe(403);
      // The session survived both attempts.
      expect((await call(closedApp, 'GET', ME_PATH, { cookie })).status).toBe(200);
      const signInFromElsewhere = await signIn(
        { email: 'manager@example.org', password: PASSWORD },
        closedApp,
        { origin: 'https://evil.example' },
      );
      expect(signInFromElsewhere.status).toBe(403);
      const same = await call(closedApp, 'POST', AUTH_PATHS.signOut, { cookie });
      expect(same.status).toBe(200);
    });

    it('the ingest endpoint keeps its bearer key: no session, no Origin', async () => {
      const res = await closedApp.post([]);
      expect(res.status).toBe(400); // got past authentication to validation
      expect((await closedApp.post([], 'wrong-key')).status).toBe(401);
    });

    it('signs in with a cookie (HttpOnly, SameSite=Lax, Path=/) and /api/me names the user', async () => {
      const res = await signIn({ email: ' MANAGER@example.org ', password: PASSWORD });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const setCookie = res.headers.get('Set-Cookie') ?? '';
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/);
      const me = await call(closedApp, 'GET', ME_PATH, { cookie: sessionCookie(res) });
      expect(MeSchema.parse(me.json)).toEqual({
        demo: false,
        user: { name: 'The manager', email: 'manager@example.org', role: 'manager' },
        community: { slug: community.slug, name: community.name },
        totpEnrolmentRequired: false,
      });
      const rows = await test.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
      const token = sessionCookie(res)?.split('=')[1] ?? '';
      expect(rows.some((r) => r.token_hash === token)).toBe(false); // only a hash is stored
    });

    it('the cookie is Secure on HTTPS, and behind a proxy only when TRUST_PROXY says so', async () => {
      const body = { email: 'board@example.org', password: PASSWORD };
      const https = await call(closedApp, 'POST', AUTH_PATHS.signIn, {
        body,
        url: `https://localhost${AUTH_PATHS.signIn}`,
        origin: 'https://localhost',
      });
      expect(https.headers.get('Set-Cookie')).toMatch(/; Secure/);
      const forwarded = async (trustProxy: boolean) => {
        const app = testApp(test.db, community, { clock: clock.now, trustProxy });
        const res = await app.app.request(AUTH_PATHS.signIn, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Forwarded-Proto': 'https',
            Origin: trustProxy ? 'https://localhost' : 'http://localhost',
          },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        return res.headers.get('Set-Cookie') ?? '';
      };
      expect(await forwarded(false)).not.toMatch(/Secure/);
      expect(await forwarded(true)).toMatch(/; Secure/);
    });

    it('an unknown email and a wrong password get the same answer in similar time', async () => {
      const time = async (email: string) => {
        const started = performance.now();
        const res = await signIn({ email, password: 'wrong password' });
        return { ms: performance.now() - started, status: res.status, json: res.json };
      };
      try {
        const unknown = [];
        const wrong = [];
        // Alternating samples, compared by their fastest: a busy machine only ever adds time
        // (with four, a CPU hog once slowed every sample of one side).
        for (let i = 0; i < 6; i++) {
          unknown.push(await time(freshEmail()));
          wrong.push(await time('board@example.org'));
          // Four wrong passwords would meet the per-account limit (429), which is not timed here.
          await test.db.query(`DELETE FROM sign_in_attempts`);
        }
        for (const res of [...unknown, ...wrong]) {
          expect(res.status).toBe(401);
          expect(res.json).toEqual({ error: WRONG_CREDENTIALS });
        }
        const fastest = (samples: { ms: number }[]) => Math.min(...samples.map((s) => s.ms));
        // Both run argon2: an unknown email is not answered measurably faster.
        expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) * 0.5);
      } finally {
        await test.db.query(`DELETE FROM sign_in_attempts`);
      }
    });

    it('limits failed sign-ins per account, and lets the right password in after the window', async () => {
      const body = { email: 'board@example.org', password: 'guess' };
      for (let i = 0; i < 3; i++) expect((await signIn(body)).status).toBe(401);
      const blocked = await signIn({ email: 'board@example.org', password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
      // Another account from the same address is not affected.
      expect((await signIn({ email: 'manager@example.org', password: PASSWORD })).status).toBe(200);
      clock.advance(15 * MINUTE);
      expect((await signIn({ email: 'board@example.org', password: PASSWORD })).status).toBe(200);
    });

    it("an account's own browser signs in while guesses from elsewhere have locked it, and guesses no faster itself", async () => {
      const email = 'board@example.org';
      const deviceOf = (res: Res) =>
        res.headers
          .getSetCookie()
          .find((value) => value.startsWith('cg_device='))
          ?.split(';')[0] ?? null;
      const first = await signIn({ email, password: PASSWORD });
      expect(first.status).toBe(200);
      // HttpOnly, sent to the sign-in and password routes only, for 180 days.
      expect(first.headers.getSetCookie().find((value) => value.startsWith('cg_device='))).toMatch(
        /^cg_device=[\w-]{43}; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=15552000$/,
      );
      const phone = deviceOf(first);
      const fromPhone = (password: string) =>
        call(closedApp, 'POST', AUTH_PATHS.signIn, { cookie: phone, body: { email, password } });
      const manager = await signIn({ email: 'manager@example.org', password: PASSWORD });
      const fromManagersLaptop = (password: string) =>
        call(closedApp, 'POST', AUTH_PATHS.signIn, {
          cookie: deviceOf(manager),
          body: { email, password },
        });

      // Someone elsewhere guesses until the account is locked for every other browser, another
      // account's included.
      for (let i = 0; i < 3; i++)
        expect((await signIn({ email, password: 'guess' })).status).toBe(401);
      expect((await signIn({ email, password: PASSWORD })).status).toBe(429);
      expect((await fromManagersLaptop(PASSWORD)).status).toBe(429);
      // The board member's own phone still signs in, and is not given a second token.
      const back = await fromPhone(PASSWORD);
      expect(back.status).toBe(200);
      expect(deviceOf(back)).toBeNull();

      // Its own wrong guesses are limited as the account's are (3 here), and lock only it.
      for (let i = 0; i < 3; i++) expect((await fromPhone('guess')).status).toBe(401);
      expect((await fromPhone(PASSWORD)).status).toBe(429);
      expect((await signIn({ email, password: PASSWORD })).status).toBe(200);
      clock.advance(15 * MINUTE);
      expect((await fromPhone(PASSWORD)).status).toBe(200);
    });

    it('limits failed sign-ins per address across accounts', async () => {
      const app = testApp(test.db, community, {
        clock: clock.now,
        signInLimits: { perAccount: 100, perAddress: 4, windowMs: 15 * MINUTE },
      });
      for (let i = 0; i < 4; i++) {
        expect((await signIn({ email: freshEmail(), password: 'x' }, app)).status).toBe(401);
      }
      expect((await signIn({ email: freshEmail(), password: 'x' }, app)).status).toBe(429);
      clock.advance(15 * MINUTE);
      // The next failure drops the counts of windows that have ended.
      expect((await signIn({ email: freshEmail(), password: 'x' }, app)).status).toBe(401);
      const scopes = await test.db.query<{ scope: string }>(`SELECT scope FROM sign_in_attempts`);
      expect(scopes).toHaveLength(2); // this failure's account and address
      await test.db.query(`DELETE FROM sign_in_attempts`);
    });

    describe('attempts sent at once are counted before they are judged', () => {
      const limits = { perAccount: 10, perAddress: 1000, windowMs: 15 * MINUTE };
      const statuses = (results: readonly Res[]) =>
        results.reduce<Record<number, number>>((counts, res) => {
          counts[res.status] = (counts[res.status] ?? 0) + 1;
          return counts;
        }, {});
      /** A user of its own, so no other case's failures count toward its limit. */
      const addUser = async (role: Role, totpSecret: string | null = null) => {
        const email = `burst-${++emailSeq}@example.org`;
        const id = await insertUser(
          test.db,
          community.id,
          { email, name: 'Burst', role, passwordHash: await hashPassword(PASSWORD), totpSecret },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        return email;
      };
      const failuresAudited = async (email: string) => {
        const rows = await test.db.query(
          `SELECT 1 FROM audit_log WHERE action = 'sign-in.failed' AND target = $1`,
          [email],
        );
        return rows.length;
      };

      it('30 wrong passwords at once: 10 are judged (401), the rest refused (429)', async () => {
        const apps = [0, 1].map(() =>
          testApp(test.db, community, { clock: clock.now, demo: false, signInLimits: limits }),
        );
        const email = await addUser('board');
        try {
          const burst = await Promise.all(
            Array.from({ length: 30 }, (_, i) =>
              signIn({ email, password: `guess ${i}` }, apps[i % 2]),
            ),
          );
          expect(statuses(burst)).toEqual({ 401: 10, 429: 20 });
          for (const res of burst.filter((r) => r.status === 429)) {
            expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
            expect(Number(res.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
          }
          expect(await failuresAudited(email)).toBe(10);

          // Past the limit the right password, sent with more guesses, is refused like them.
          const after = await Promise.all([
            signIn({ email, password: PASSWORD }, apps[0]),
            ...Array.from({ length: 9 }, (_, i) =>
              signIn({ email, password: `more ${i}` }, apps[i % 2]),
            ),
          ]);
          expect(after.map((res) => res.status)).toEqual(Array.from({ length: 10 }, () => 429));
          expect(await failuresAudited(email)).toBe(10);

          clock.advance(15 * MINUTE);
          expect((await signIn({ email, password: PASSWORD }, apps[1])).status).toBe(200);
        } finally {
          await test.db.query(`DELETE FROM sign_in_attempts`);
        }
      });

      it('the right password sent at once with guesses, under the limit, signs in', async () => {
        const app = testApp(test.db, community, {
          clock: clock.now,
          demo: false,
          signInLimits: limits,
        });
        const email = await addUser('manager');
        try {
          const burst = await Promise.all([
            signIn({ email, password: PASSWORD }, app),
            ...Array.from({ length: 5 }, (_, i) => signIn({ email, password: `guess ${i}` }, app)),
          ]);
          expect(burst.map((res) => res.status)).toEqual([200, 401, 401, 401, 401, 401]);
          // The right one is no failure of the address: only the five wrong ones count there.
          const [row] = await test.db.query<{ failures: number }>(
            `SELECT failures FROM sign_in_attempts WHERE scope = 'address:local'`,
          );
          expect(row?.failures).toBe(5);
        } finally {
          await test.db.query(`DELETE FROM sign_in_attempts`);
        }
      });

      it('30 wrong passwords at once for 30 accounts from one address: 10 are judged', async () => {
        const app = testApp(test.db, community, {
          clock: clock.now,
          demo: false,
          signInLimits: { perAccount: 100, perAddress: 10, windowMs: 15 * MINUTE },
        });
        try {
          const burst = await Promise.all(
            Array.from({ length: 30 }, () => signIn({ email: freshEmail(), password: 'x' }, app)),
          );
          expect(statuses(burst)).toEqual({ 401: 10, 429: 20 });
          // A refused attempt counts toward no account: its email's count was never kept.
          const accounts = await test.db.query(
            `SELECT 1 FROM sign_in_attempts WHERE scope LIKE 'account:%'`,
          );
          expect(accounts).toHaveLength(10);
        } finally {
          await test.db.query(`DELETE FROM sign_in_attempts`);
        }
      });

      it("30 wrong authenticator codes at once for an Admin's right password: 10 are judged", async () => {
        const app = testApp(test.db, community, {
          clock: clock.now,
          demo: false,
          signInLimits: limits,
        });
        const email = await addUser('admin', ADMIN_SECRET);
        try {
          // Not a code of any nearby time step (the authenticator accepts ±1 step).
          const near = new Set(
            [-1, 0, 1].map((step) =>
              totp(base32Decode(ADMIN_SECRET) ?? Buffer.alloc(0), clock.now() + step * 30_000),
            ),
          );
          const wrong = Array.from({ length: 40 }, (_, i) => String(100000 + i * 7919))
            .filter((code) => !near.has(code))
            .slice(0, 20);
          const recovery = Array.from({ length: 10 }, (_, i) => `wron${i}-codes`);
          const burst = await Promise.all(
            [...wrong, ...recovery].map((code) => signIn({ email, password: PASSWORD, code }, app)),
          );
          expect(statuses(burst)).toEqual({ 401: 10, 429: 20 });
          for (const res of burst.filter((r) => r.status === 401)) {
            expect(res.json).toMatchObject({ totpRequired: true });
          }
          // Then the right code, sent with more guesses, is refused like them.
          const after = await Promise.all([
            signIn({ email, password: PASSWORD, code: adminCode() }, app),
            signIn({ email, password: PASSWORD, code: '000000' }, app),
          ]);
          expect(after.map((res) => res.status)).toEqual([429, 429]);
        } finally {
          await test.db.query(`DELETE FROM sign_in_attempts`);
        }
      });
    });

    it('an Admin needs the authenticator code; each code works once', async () => {
      const body = { email: 'admin@example.org', password: PASSWORD };
      const noCode = await signIn(body);
      expect(noCode.status).toBe(401);
      expect(noCode.json).toMatchObject({ totpRequired: true });
      expect(sessionCookie(noCode)).toBeNull();
      const wrong = await signIn({ ...body, code: '000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ totpRequired: true });
      const wrongPasswordRightCode = await signIn({ ...body, password: 'x', code: adminCode() });
      expect(wrongPasswordRightCode.json).toEqual({ error: WRONG_CREDENTIALS });
      clock.advance(30_000);
      const code = adminCode();
      const ok = await signIn({ ...body, code });
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      expect(ok.json).toMatchObject({ user: { role: 'admin' }, totpEnrolmentRequired: false });
      expect((await signIn({ ...body, code })).status).toBe(401); // replayed
      await test.db.query(`DELETE FROM sign_in_attempts`);
    });

    it('an Admin without an authenticator may only enrol, then needs codes', async () => {
      const body = { email: 'new-admin@example.org', password: PASSWORD };
      const [{ last = 0 } = {}] = await test.db.query<{ last: number }>(
        `SELECT coalesce(max(id), 0)::int AS last FROM audit_log`,
      );
      const first = await signIn(body);
      expect(first.status).toBe(200);
      const cookie = sessionCookie(first);
      expect(first.json).toMatchObject({ totpEnrolmentRequired: true });
      expect((await call(closedApp, 'GET', '/api/dashboard/metrics', { cookie })).status).toBe(403);

      const setup = await call(closedApp, 'POST', AUTH_PATHS.totpSetup, { cookie });
      expect(setup.status).toBe(200);
      const { secret, uri } = setup.json as { secret: string; uri: string };
      expect(uri).toContain(`secret=${secret}`);
      const key = base32Decode(secret) ?? Buffer.alloc(0);
      // A code of the wrong shape is asked for again in the sign-in's own words, never the
      // schema's ("Invalid body: code: invalid value").
      for (const code of ['12345x', '12345', '1234567', '', 123456]) {
        const bad = await call(closedApp, 'POST', AUTH_PATHS.totpConfirm, {
          cookie,
          body: { code },
        });
        expect(bad.status).toBe(400);
        expect(bad.json).toEqual({ error: 'Enter the 6-digit code from your authenticator app.' });
      }
      const confirmed = await call(closedApp, 'POST', AUTH_PATHS.totpConfirm, {
        cookie,
        body: { code: totp(key, clock.now()) },
      });
      expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
      const { recoveryCodes } = confirmed.json as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);

      // The same session is now a full Admin; a new sign-in needs a code.
      expect((await call(closedApp, 'GET', '/api/dashboard/metrics', { cookie })).status).toBe(200);
      expect((await signIn(body)).json).toMatchObject({ totpRequired: true });
      // A recovery code works once, typed in any case.
      const recovery = recoveryCodes[0] ?? '';
      expect((await signIn({ ...body, code: recovery.toUpperCase() })).status).toBe(200);
      expect((await signIn({ ...body, code: recovery })).status).toBe(401);
      await test.db.query(`DELETE FROM sign_in_attempts`);

      const actions = await test.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE user_id = $1 AND id > $2 ORDER BY id`,
        [ids.enrolling, last],
      );
      expect(actions.map((a) => a.action)).toEqual([
        'sign-in',
        'totp.setup-started',
        'totp.enrolled',
        'sign-in',
        'sign-in.failed',
      ]);
    });

    it('sessions end after 12 idle hours and 30 days whatever the activity', async () => {
      const me = (cookie: string) => call(closedApp, 'GET', ME_PATH, { cookie });
      const idle = await sessionFor('board');
      clock.advance(11 * HOUR);
      expect((await me(idle)).status).toBe(200);
      clock.advance(11 * HOUR); // 22 h after sign-in, 11 h after the last request
      expect((await me(idle)).status).toBe(200);
      clock.advance(12 * HOUR);
      expect((await me(idle)).status).toBe(401);

      const busy = await sessionFor('board');
      for (let elapsed = 0; elapsed < 30 * DAY - 11 * HOUR; elapsed += 11 * HOUR) {
        clock.advance(11 * HOUR);
        expect((await me(busy)).status).toBe(200);
      }
      clock.advance(11 * HOUR);
      expect((await me(busy)).status).toBe(401);
    });

    it('sign-out ends the session and clears the cookie; everywhere ends them all', async () => {
      const one = await sessionFor('manager');
      const signedOut = await call(closedApp, 'POST', AUTH_PATHS.signOut, { cookie: one });
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.get('Set-Cookie')).toMatch(/cg_session=; .*Max-Age=0/);
      expect((await call(closedApp, 'GET', ME_PATH, { cookie: one })).status).toBe(401);

      const a = await sessionFor('manager');
      const b = await sessionFor('manager');
      const everywhere = await call(closedApp, 'POST', AUTH_PATHS.signOutEverywhere, { cookie: a });
      expect(everywhere.status).toBe(200);
      expect((await call(closedApp, 'GET', ME_PATH, { cookie: b })).status).toBe(401);
      // In demo mode too, the browser holding an ended session is told so once, and loses the
      // cookie; then it is the read-only viewer like anyone without a session.
      const ended = await call(demoApp, 'GET', ME_PATH, { cookie: b });
      expect(ended).toMatchObject({ status: 401, json: { error: SESSION_ENDED } });
      const [dropped, marker] = ended.headers.getSetCookie();
      expect(dropped).toMatch(/^cg_session=; .*Max-Age=0/);
      expect(ended.headers.get(SESSION_ENDED_HEADER)).toBe('1');
      // The browser keeps the news as the answer arrives, for a page reloaded before its script
      // read it: a marker the page can read (not HttpOnly), kept longer than a snapshot (21 days).
      expect(marker).toBe(`${SESSION_ENDED_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=2592000`);
      // A request without any cookie is not "ended": it never had a session.
      expect((await call(closedApp, 'GET', ME_PATH)).headers.get(SESSION_ENDED_HEADER)).toBeNull();
      const write = await call(demoApp, 'POST', '/api/residents', { cookie: b, body: {} });
      expect(write).toMatchObject({ status: 401, json: { error: SESSION_ENDED } });
      // Signing in again is not refused for the old cookie.
      const again = await call(demoApp, 'POST', AUTH_PATHS.signIn, {
        cookie: b,
        body: { email: 'manager@example.org', password: PASSWORD },
      });
      expect(again.status).toBe(200);
      const demoMe = await call(demoApp, 'GET', ME_PATH);
      expect(demoMe.json).toMatchObject({ demo: true, user: { role: 'board' } });
    });

    it('signing out a session that is already over is done, not news: 200, no "ended" marker', async () => {
      const signOuts = async () =>
        (
          await test.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM audit_log WHERE action = 'sign-out'`,
          )
        )[0]?.n;
      // Heard twice, as when a page left before it read the first answer sent it again; in demo
      // mode too, where an ended session's other requests are told so.
      for (const app of [closedApp, demoApp]) {
        const cookie = await sessionFor('manager');
        expect((await call(app, 'POST', AUTH_PATHS.signOut, { cookie })).status).toBe(200);
        const audited = await signOuts();
        const again = await call(app, 'POST', AUTH_PATHS.signOut, { cookie });
        expect(again).toMatchObject({ status: 200, json: { ok: true } });
        expect(again.headers.getSetCookie()).toEqual([
          expect.stringMatching(/^cg_session=; .*Max-Age=0/) as string,
        ]);
        expect(again.headers.get(SESSION_ENDED_HEADER)).toBeNull();
        // Nothing was ended, so nothing is written.
        expect(await signOuts()).toBe(audited);
        // Any other request with that cookie is still told the session ended.
        const me = await call(app, 'GET', ME_PATH, { cookie });
        expect(me.headers.get(SESSION_ENDED_HEADER)).toBe('1');
        // Still refused from another site, like every write.
        const foreign = await call(app, 'POST', AUTH_PATHS.signOut, {
          cookie,
          origin: 'https://evil.example',
        });
        expect(foreign.status).toBe(403);
      }
    });

    it('audits sign-ins (with failures), sign-outs and enrolment', async () => {
      const rows = await test.db.query<{ action: string; n: number }>(
        `SELECT action, count(*)::int AS n FROM audit_log GROUP BY action ORDER BY action`,
      );
      const actions = Object.fromEntries(rows.map((r) => [r.action, r.n]));
      for (const action of [
        'sign-in',
        'sign-in.failed',
        'sign-out',
        'sign-out-everywhere',
        'totp.setup-started',
        'totp.enrolled',
      ]) {
        expect(actions[action], action).toBeGreaterThan(0);
      }
      const [failure] = await test.db.query<{ user_id: number | null; after: unknown }>(
        `SELECT user_id, after FROM audit_log WHERE action = 'sign-in.failed' AND target = $1`,
        ['board@example.org'],
      );
      expect(failure?.user_id).toBe(ids.board);
      expect(failure?.after).toEqual({ reason: 'credentials' });
    });

    it('without demo mode the API answers 401 without a session', async () => {
      expect((await call(closedApp, 'GET', '/api/dashboard/metrics')).status).toBe(401);
      expect((await call(closedApp, 'GET', ME_PATH)).status).toBe(401);
      const demoMe = await call(demoApp, 'GET', ME_PATH);
      expect(MeSchema.parse(demoMe.json)).toMatchObject({ demo: true, user: { role: 'board' } });
    });

    it('demo accounts are created once, even by two servers at once, and sign in', async () => {
      const created = await Promise.all([
        ensureDemoAccounts(test.db, community, clock.now()),
        ensureDemoAccounts(test.db, community, clock.now()),
      ]);
      expect(created.reduce((a, b) => a + b, 0)).toBe(DEMO_ACCOUNTS.length);
      expect(await ensureDemoAccounts(test.db, community, clock.now())).toBe(0);
      const manager = await signIn({
        email: 'manager@willowcreek.example',
        password: DEMO_PASSWORD,
      });
      expect(manager.json).toMatchObject({ user: { role: 'manager' } });
      clock.advance(60_000);
      const code = totp(base32Decode(DEMO_ADMIN_TOTP_SECRET) ?? Buffer.alloc(0), clock.now());
      const admin = await signIn({
        email: 'admin@willowcreek.example',
        password: DEMO_PASSWORD,
        code,
      });
      expect(admin.status, JSON.stringify(admin.json)).toBe(200);
    });

    it('refuses malformed sign-in bodies with a clear 4xx', async () => {
      const noPassword = await signIn({ email: 'a@b.c' });
      expect(noPassword).toMatchObject({ status: 400, json: { error: 'Enter your password.' } });
      const longEmail = await signIn({ email: 'x'.repeat(300), password: 'p' });
      expect(longEmail).toMatchObject({
        status: 400,
        json: { error: 'Enter your email address, like name@example.com.' },
      });
      const longCode = await signIn({ email: 'a@b.c', password: 'p', code: '1'.repeat(33) });
      expect(longCode).toMatchObject({
        status: 400,
        json: {
          error:
            'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
        },
      });
      const notJson = await closedApp.app.request(AUTH_PATHS.signIn, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Origin: ORIGIN },
        body: 'email=a',
      });
      expect(notJson.status).toBe(415);
      const huge = await signIn({ email: 'a@b.c', password: 'p'.repeat(20_000) });
      expect(huge.status).toBe(413);
    });
  });
}
