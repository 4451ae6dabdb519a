import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  AccountSessionListSchema,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_CHANGED_ELSEWHERE,
  ME_PATH,
  PASSWORD_UNCHANGED,
  PasswordChangedSchema,
  RecoveryCodesStatusSchema,
  RenewedRecoveryCodesSchema,
  AUTHENTICATOR_CODE_WRONG,
  AUTHENTICATOR_ALREADY_REPLACED,
  AUTHENTICATOR_REPLACEMENT_NOT_STARTED,
  AUTHENTICATOR_SETUP_RESTARTED,
  AuthenticatorReplacedSchema,
  NEW_AUTHENTICATOR_CODE_WRONG,
  TotpSetupSchema,
  accountSessionPath,
  type AccountSession,
} from '../../src/api/contract';
import { hashPassword } from '../../server/auth/passwords';
import { newRecoveryCodes, storeRecoveryCodes } from '../../server/auth/second-factor';
import { createSession } from '../../server/auth/sessions';
import { base32Decode, totp } from '../../server/auth/totp';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import { MINUTE } from '../../server/time';
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
const ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'correct horse battery staple';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

type Res = { status: number; json: unknown; headers: Headers };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`account: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    const clock = testClock('2026-03-18T12:00:00Z');
    let app: ReturnType<typeof testApp>;
    let seq = 0;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const limits = { perAccount: 3, perAddress: 1000, windowMs: 15 * MINUTE };
      app = testApp(test.db, community, { clock: clock.now, demo: false, signInLimits: limits });
    });
    afterAll(() => test?.drop());

    async function call(
      method: string,
      path: string,
      options: { cookie?: string; body?: unknown; userAgent?: string } = {},
    ): Promise<Res> {
      const headers: Record<string, string> = {};
      if (options.cookie) headers.Cookie = options.cookie;
      if (method !== 'GET') headers.Origin = ORIGIN;
      if (options.userAgent) headers['User-Agent'] = options.userAgent;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await app.app.request(path, {
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

    /** A new Manager of its own, so each case starts with no sessions and no failures. */
    async function newManager(): Promise<string> {
      const email = `manager-${++seq}@example.org`;
      await insertUser(
        test.db,
        community.id,
        {
          email,
          name: `Manager ${seq}`,
          role: 'manager',
          passwordHash: await hashPassword(PASSWORD),
          totpSecret: null,
        },
        clock.now(),
      );
      return email;
    }

    /** A new Admin with an authenticator (ADMIN_SECRET) and ten unused recovery codes. */
    async function newAdmin() {
      const email = `admin-${++seq}@example.org`;
      const id = await insertUser(
        test.db,
        community.id,
        {
          email,
          name: 'An Admin',
          role: 'admin',
          passwordHash: await hashPassword(PASSWORD),
          totpSecret: ADMIN_SECRET,
        },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      const old = newRecoveryCodes();
      await storeRecoveryCodes(test.db, id, old);
      return { email, id, old };
    }

    async function signIn(email: string, password = PASSWORD, userAgent = PHONE) {
      const res = await call('POST', AUTH_PATHS.signIn, {
        body: { email, password },
        userAgent,
      });
      const token = /cg_session=([^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1];
      return { status: res.status, cookie: token ? `cg_session=${token}` : '' };
    }

    const sessionsOf = async (cookie: string): Promise<AccountSession[]> => {
      const res = await call('GET', ACCOUNT_PATHS.sessions, { cookie });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return AccountSessionListSchema.parse(res.json);
    };
    const meStatus = async (cookie: string) => (await call('GET', ME_PATH, { cookie })).status;
    const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
      call('POST', ACCOUNT_PATHS.password, { cookie, body: { currentPassword, newPassword } });

    it('lists only the user’s own live sessions, named by browser, this one marked', async () => {
      const email = await newManager();
      const phone = await signIn(email, PASSWORD, PHONE);
      clock.advance(2 * MINUTE);
      const laptop = await signIn(email, PASSWORD, LAPTOP);
      const someoneElse = await signIn(await newManager());
      expect(someoneElse.status).toBe(200);

      const seenFromLaptop = await sessionsOf(laptop.cookie);
      expect(seenFromLaptop.map((s) => [s.device, s.current])).toEqual([
        ['Safari on macOS', true],
        ['Chrome on Android', false],
      ]);
      expect(seenFromLaptop[1]?.signedInAt).toBe('2026-03-18T12:00:00.000Z');
      // The id names a session without being its token or the token's stored hash.
      for (const session of seenFromLaptop) {
        expect(laptop.cookie).not.toContain(session.id);
        expect(phone.cookie).not.toContain(session.id);
      }
      const seenFromPhone = await sessionsOf(phone.cookie);
      expect(seenFromPhone.find((s) => s.current)?.device).toBe('Chrome on Android');
    });

    it('ends one session (a lost phone) and keeps the others; never another user’s', async () => {
      const email = await newManager();
      const phone = await signIn(email, PASSWORD, PHONE);
      const laptop = await signIn(email, PASSWORD, LAPTOP);
      const [, phoneSession] = await sessionsOf(laptop.cookie).then((list) => [
        list.find((s) => s.current),
        list.find((s) => !s.current),
      ]);
      expect(phoneSession).toBeDefined();

      const other = await signIn(await newManager());
      const stranger = await call('DELETE', accountSessionPath(phoneSession?.id ?? ''), {
        cookie: other.cookie,
      });
      expect(stranger.status).toBe(404);
      expect(await meStatus(phone.cookie)).toBe(200);

      const ended = await call('DELETE', accountSessionPath(phoneSession?.id ?? ''), {
        cookie: laptop.cookie,
      });
      expect(ended.status, JSON.stringify(ended.json)).toBe(200);
      expect(await meStatus(phone.cookie)).toBe(401);
      expect(await meStatus(laptop.cookie)).toBe(200);
      const again = await call('DELETE', accountSessionPath(phoneSession?.id ?? ''), {
        cookie: laptop.cookie,
      });
      expect(again.status).toBe(404);
      expect(again.json).toEqual({ error: expect.stringMatching(/No such session/) as string });
      const malformed = await call('DELETE', accountSessionPath('../../me'), {
        cookie: laptop.cookie,
      });
      expect(malformed.status).toBe(404);

      const [entry] = await test.db.query<{ action: string; target: string }>(
        `SELECT action, target FROM audit_log WHERE action = 'session.ended' AND target = $1`,
        [email],
      );
      expect(entry).toEqual({ action: 'session.ended', target: email });
    });

    it('ending this browser’s own session from the list clears its cookie, as signing out does', async () => {
      const email = await newManager();
      const phone = await signIn(email);
      const own = (await sessionsOf(phone.cookie)).find((s) => s.current);
      const ended = await call('DELETE', accountSessionPath(own?.id ?? ''), {
        cookie: phone.cookie,
      });
      expect(ended.status).toBe(200);
      expect(ended.headers.get('Set-Cookie')).toMatch(/^cg_session=; .*Max-Age=0/);
      expect(await meStatus(phone.cookie)).toBe(401);
      // Another of its sessions ended from here leaves this browser's cookie alone.
      const laptop = await signIn(email, PASSWORD, LAPTOP);
      const tablet = await signIn(email, PASSWORD, PHONE);
      const other = (await sessionsOf(laptop.cookie)).find((s) => !s.current);
      const fromLaptop = await call('DELETE', accountSessionPath(other?.id ?? ''), {
        cookie: laptop.cookie,
      });
      expect(fromLaptop.headers.get('Set-Cookie')).toBeNull();
      expect(await meStatus(tablet.cookie)).toBe(401);
      expect(await meStatus(laptop.cookie)).toBe(200);
    });

    it('signing in over a session ends that session: one browser, one session', async () => {
      const first = await newManager();
      const before = await signIn(first);
      const res = await call('POST', AUTH_PATHS.signIn, {
        cookie: before.cookie,
        body: { email: await newManager(), password: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(await meStatus(before.cookie)).toBe(401);
      const again = await signIn(first, PASSWORD, LAPTOP);
      expect((await sessionsOf(again.cookie)).map((s) => s.device)).toEqual(['Safari on macOS']);
    });

    it('changes the password given the current one, and ends every other session', async () => {
      const email = await newManager();
      const phone = await signIn(email, PASSWORD, PHONE);
      const tablet = await signIn(email, PASSWORD, PHONE);
      const laptop = await signIn(email, PASSWORD, LAPTOP);
      const next = 'a much longer new passphrase';

      const changed = await changePassword(laptop.cookie, PASSWORD, next);
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      expect(PasswordChangedSchema.parse(changed.json)).toEqual({
        ok: true,
        otherSessionsEnded: 2,
      });
      expect(await meStatus(laptop.cookie)).toBe(200);
      expect(await meStatus(phone.cookie)).toBe(401);
      expect(await meStatus(tablet.cookie)).toBe(401);
      expect((await signIn(email, PASSWORD)).status).toBe(401);
      expect((await signIn(email, next)).status).toBe(200);

      const [entry] = await test.db.query<{ after: unknown }>(
        `SELECT after FROM audit_log WHERE action = 'password.changed' AND target = $1`,
        [email],
      );
      expect(entry?.after).toEqual({ otherSessionsEnded: 2 });
    });

    it('of two password changes sent at once, one wins and the other changes nothing (409)', async () => {
      const email = await newManager();
      const mine = await signIn(email, PASSWORD, PHONE);
      const theirs = await signIn(email, PASSWORD, LAPTOP);
      // Both requests must be in flight together. On PostgreSQL a request that has to open a
      // new pool connection first (some 100 ms) could arrive after the other has finished and
      // ended its session: a 401, right then, but not the race this case is about.
      await Promise.all(Array.from({ length: 4 }, () => test.db.query('SELECT 1')));
      const [a, b] = await Promise.all([
        changePassword(mine.cookie, PASSWORD, 'the owner’s new passphrase'),
        changePassword(theirs.cookie, PASSWORD, 'the borrower’s passphrase'),
      ]);
      const results = [a, b].map((res) => ({ status: res.status, json: res.json }));
      const won = results.findIndex((res) => res.status === 200);
      expect(won, JSON.stringify(results)).toBeGreaterThanOrEqual(0);
      expect(results[1 - won]).toEqual({
        status: 409,
        json: { error: PASSWORD_CHANGED_ELSEWHERE },
      });
      const winner = won === 0 ? 'the owner’s new passphrase' : 'the borrower’s passphrase';
      const loser = won === 0 ? 'the borrower’s passphrase' : 'the owner’s new passphrase';
      expect((await signIn(email, winner)).status).toBe(200);
      expect((await signIn(email, loser)).status).toBe(401);
      expect((await signIn(email, PASSWORD)).status).toBe(401);
    });

    it('refuses a wrong current password, the same password and a short one, changing nothing', async () => {
      const email = await newManager();
      const { cookie } = await signIn(email);
      const wrong = await changePassword(cookie, 'not the password', 'a much longer new one');
      expect(wrong).toMatchObject({ status: 400, json: { error: CURRENT_PASSWORD_WRONG } });
      const same = await changePassword(cookie, PASSWORD, PASSWORD);
      expect(same).toMatchObject({ status: 400, json: { error: PASSWORD_UNCHANGED } });
      const short = await changePassword(cookie, PASSWORD, 'short');
      expect(short.status).toBe(400);
      // Ten spaces are ten characters, but not a password.
      const blank = await changePassword(cookie, PASSWORD, ' '.repeat(12));
      expect(blank).toMatchObject({
        status: 400,
        json: {
          error: 'newPassword: Choose a password of at least 10 characters, not counting spaces.',
        },
      });
      expect(short.json).toEqual({ error: expect.stringMatching(/newPassword/) as string });
      const notJson = await app.app.request(ACCOUNT_PATHS.password, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'text/plain' },
        body: 'x',
      });
      expect(notJson.status).toBe(415);
      // Nothing changed: the old password still signs in, the session still works.
      expect(await meStatus(cookie)).toBe(200);
      expect((await signIn(email)).status).toBe(200);
    });

    it('counts wrong current passwords as failed sign-ins: a borrowed session guesses no faster', async () => {
      const email = await newManager();
      const { cookie } = await signIn(email);
      for (let i = 0; i < 3; i += 1) {
        expect((await changePassword(cookie, `guess ${i}`, 'a much longer new one')).status).toBe(
          400,
        );
      }
      const locked = await changePassword(cookie, PASSWORD, 'a much longer new one');
      expect(locked.status).toBe(429);
      expect(locked.json).toEqual({
        error:
          'Too many wrong passwords or codes for this account; try again in about 15 minutes. Signing in to this account waits until then too.',
      });
      expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
      // The sign-in page is locked for the account too.
      expect((await signIn(email)).status).toBe(429);
      clock.advance(15 * MINUTE);
      const changed = await changePassword(cookie, PASSWORD, 'a much longer new one');
      expect(changed.status).toBe(200);
      const failures = await test.db.query(
        `SELECT 1 FROM audit_log WHERE action = 'password.change-failed' AND target = $1`,
        [email],
      );
      expect(failures).toHaveLength(3);
    });

    it('from its own browser a user changes the password while guesses from elsewhere lock the account', async () => {
      const email = await newManager();
      const res = await call('POST', AUTH_PATHS.signIn, { body: { email, password: PASSWORD } });
      // The session and the browser's own token (known-devices.ts), as the browser sends them.
      const browser = res.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      expect(browser).toMatch(/^cg_session=\S+; cg_device=\S+$/);
      for (let i = 0; i < 3; i += 1) expect((await signIn(email, `guess ${i}`)).status).toBe(401);
      expect((await signIn(email)).status).toBe(429);
      const changed = await call('POST', ACCOUNT_PATHS.password, {
        cookie: browser,
        body: { currentPassword: PASSWORD, newPassword: 'a much longer new one' },
      });
      expect(changed.status).toBe(200);
    });

    it('a new password forgets the other browsers: a lock on the account then keeps them out too', async () => {
      const email = await newManager();
      const browserOf = async () => {
        const res = await call('POST', AUTH_PATHS.signIn, { body: { email, password: PASSWORD } });
        return res.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; ');
      };
      const borrowed = await browserOf();
      const own = await browserOf();
      const signInFrom = (browser: string, password: string) =>
        call('POST', AUTH_PATHS.signIn, {
          cookie: browser.replace(/cg_session=\S+; /, ''),
          body: { email, password },
        });
      const NEW = 'a much longer new one';
      const changed = await call('POST', ACCOUNT_PATHS.password, {
        cookie: own,
        body: { currentPassword: PASSWORD, newPassword: NEW },
      });
      expect(changed.status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await signIn(email, `guess ${i}`)).status).toBe(401);
      expect((await signIn(email, NEW)).status).toBe(429);
      // The borrowed browser, even with the new password, waits like any other; the owner's not.
      expect((await signInFrom(borrowed, NEW)).status).toBe(429);
      expect((await signInFrom(own, NEW)).status).toBe(200);
    });

    it('a new authenticator forgets the other browsers too', async () => {
      const { email, old } = await newAdmin();
      const codeOf = (secret: string) => totp(base32Decode(secret) ?? Buffer.alloc(0), clock.now());
      const signInFrom = async (device: string, code: string) => {
        const res = await call('POST', AUTH_PATHS.signIn, {
          cookie: device,
          body: { email, password: PASSWORD, code },
        });
        const cookies = res.headers.getSetCookie().map((value) => value.split(';')[0] ?? '');
        return {
          status: res.status,
          session: cookies.find((value) => value.startsWith('cg_session=')) ?? '',
          device: cookies.find((value) => value.startsWith('cg_device=')) ?? device,
        };
      };
      const lostPhone = await signInFrom('', old[0] ?? '');
      const laptop = await signInFrom('', old[1] ?? '');
      expect([lostPhone.status, laptop.status]).toEqual([200, 200]);
      const cookie = `${laptop.session}; ${laptop.device}`;
      const setup = TotpSetupSchema.parse(
        (await call('POST', ACCOUNT_PATHS.authenticator, { cookie, body: { password: PASSWORD } }))
          .json,
      );
      const confirmed = await call('POST', ACCOUNT_PATHS.authenticatorConfirm, {
        cookie,
        body: { code: codeOf(setup.secret), secret: setup.secret },
      });
      expect(confirmed.status).toBe(200);
      clock.advance(MINUTE);
      for (let i = 0; i < 3; i += 1) expect((await signIn(email, `guess ${i}`)).status).toBe(401);
      // The lost phone, with the password and a code of the new app, waits like any other.
      expect((await signInFrom(lostPhone.device, codeOf(setup.secret))).status).toBe(429);
      expect((await signInFrom(laptop.device, codeOf(setup.secret))).status).toBe(200);
    });

    describe('wrong passwords and codes sent at once: only the limit (3 here) is judged', () => {
      const statuses = (results: readonly Res[]) => results.map((res) => res.status).sort();
      const JUDGED_THEN_REFUSED = [400, 400, 400, ...Array.from({ length: 9 }, () => 429)];
      const burst = (send: (i: number) => Promise<Res>) =>
        Promise.all(Array.from({ length: 12 }, (_, i) => send(i)));
      afterEach(() => test.db.query(`DELETE FROM sign_in_attempts`));

      it('the current password of a password change', async () => {
        const email = await newManager();
        const { cookie } = await signIn(email);
        const guesses = await burst((i) =>
          changePassword(cookie, `guess ${i}`, 'a new passphrase'),
        );
        expect(statuses(guesses)).toEqual(JUDGED_THEN_REFUSED);
        // The right one after them is refused too, here and at the sign-in page.
        const late = await Promise.all([
          changePassword(cookie, PASSWORD, 'a new passphrase'),
          changePassword(cookie, 'one more guess', 'a new passphrase'),
        ]);
        expect(statuses(late)).toEqual([429, 429]);
        expect((await signIn(email)).status).toBe(429);
        const audited = await test.db.query(
          `SELECT 1 FROM audit_log WHERE action = 'password.change-failed' AND target = $1`,
          [email],
        );
        expect(audited).toHaveLength(3);
      });

      it("an Admin's password to set up a new authenticator", async () => {
        const admin = await newAdmin();
        const cookie = `cg_session=${await createSession(test.db, admin.id, clock.now())}`;
        const start = (password: string) =>
          call('POST', ACCOUNT_PATHS.authenticator, { cookie, body: { password } });
        expect(statuses(await burst((i) => start(`guess ${i}`)))).toEqual(JUDGED_THEN_REFUSED);
        expect((await start(PASSWORD)).status).toBe(429);
      });

      it('the authenticator code for new recovery codes', async () => {
        const admin = await newAdmin();
        const cookie = `cg_session=${await createSession(test.db, admin.id, clock.now())}`;
        const renew = (code: string) =>
          call('POST', ACCOUNT_PATHS.recoveryCodes, { cookie, body: { code } });
        const code = totp(base32Decode(ADMIN_SECRET) ?? Buffer.alloc(0), clock.now());
        const wrong = Array.from({ length: 30 }, (_, i) => String(100000 + i * 7919))
          .filter((guess) => guess !== code)
          .slice(0, 12);
        expect(statuses(await burst((i) => renew(wrong[i] ?? '')))).toEqual(JUDGED_THEN_REFUSED);
        expect((await renew(code)).status).toBe(429);
      });
    });

    it('an Admin sees the recovery codes left and makes new ones with an authenticator code', async () => {
      const { email, id, old } = await newAdmin();
      await test.db.query(
        `UPDATE recovery_codes SET used_at = now()
          WHERE ctid IN (SELECT ctid FROM recovery_codes WHERE user_id = $1 LIMIT 3)`,
        [id],
      );
      const cookie = `cg_session=${await createSession(test.db, id, clock.now())}`;
      const status = async () =>
        RecoveryCodesStatusSchema.parse(
          (await call('GET', ACCOUNT_PATHS.recoveryCodes, { cookie })).json,
        );
      expect(await status()).toEqual({ remaining: 7, total: 10 });

      const renew = (code: string) =>
        call('POST', ACCOUNT_PATHS.recoveryCodes, { cookie, body: { code } });
      // A recovery code proves nothing about the phone; a wrong code changes nothing.
      expect(await renew(old[9] ?? '')).toMatchObject({ status: 400 });
      expect(await renew('000000')).toMatchObject({
        status: 400,
        json: { error: AUTHENTICATOR_CODE_WRONG },
      });
      expect(await status()).toEqual({ remaining: 7, total: 10 });

      // Past the window of those two failures (3 per account in these tests).
      clock.advance(15 * MINUTE);
      const code = totp(base32Decode(ADMIN_SECRET) ?? Buffer.alloc(0), clock.now());
      const renewed = await renew(code);
      expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
      const { recoveryCodes } = RenewedRecoveryCodesSchema.parse(renewed.json);
      expect(recoveryCodes).toHaveLength(10);
      expect(recoveryCodes.some((c) => old.includes(c))).toBe(false);
      expect(await status()).toEqual({ remaining: 10, total: 10 });
      // The same authenticator code cannot be used twice.
      expect((await renew(code)).status).toBe(400);

      const withCode = (second: string) =>
        call('POST', AUTH_PATHS.signIn, { body: { email, password: PASSWORD, code: second } });
      expect((await withCode(old[8] ?? '')).status).toBe(401);
      expect((await withCode(recoveryCodes[0] ?? '')).status).toBe(200);
      const audits = await test.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'totp.%' ORDER BY id`,
        [email],
      );
      // The recovery code was refused by its shape (400) before any check: no audit row.
      expect(audits.map((a) => a.action)).toEqual([
        'totp.recovery-codes-refused',
        'totp.recovery-codes-renewed',
        'totp.recovery-codes-refused',
      ]);
    });

    it('an Admin who lost the phone signs in with a recovery code and sets up a new authenticator', async () => {
      const { email, old } = await newAdmin();
      const codeOf = (secret: string) => totp(base32Decode(secret) ?? Buffer.alloc(0), clock.now());
      const signInWith = async (code: string) => {
        const res = await call('POST', AUTH_PATHS.signIn, {
          body: { email, password: PASSWORD, code },
        });
        const token = /cg_session=([^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1];
        return { status: res.status, cookie: token ? `cg_session=${token}` : '' };
      };
      const lostPhone = await signInWith(old[0] ?? '');
      expect(lostPhone.status).toBe(200);
      const { cookie } = lostPhone;
      const start = (body: unknown) => call('POST', ACCOUNT_PATHS.authenticator, { cookie, body });
      const confirm = (code: string, secret: string) =>
        call('POST', ACCOUNT_PATHS.authenticatorConfirm, { cookie, body: { code, secret } });
      // The lost phone's own session, still signed in.
      const phone = await signInWith(old[1] ?? '');
      expect(await meStatus(phone.cookie)).toBe(200);

      // Nothing to confirm yet; bad bodies are a 400 with a sentence.
      expect(await confirm('123456', ADMIN_SECRET.slice(0, 16))).toMatchObject({
        status: 409,
        json: { error: AUTHENTICATOR_REPLACEMENT_NOT_STARTED },
      });
      expect((await start({})).status).toBe(400);
      expect((await start({ password: 'x'.repeat(1025) })).status).toBe(400);
      expect((await start({ password: PASSWORD, extra: 1 })).status).toBe(400);
      expect((await confirm('123456', 'not a key')).status).toBe(400);
      // The session alone is not enough: a wrong password counts as a failed sign-in.
      expect(await start({ password: 'not the password' })).toMatchObject({
        status: 400,
        json: { error: CURRENT_PASSWORD_WRONG },
      });

      const first = await start({ password: PASSWORD });
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      const firstSetup = TotpSetupSchema.parse(first.json);
      expect(firstSetup.uri).toContain(`secret=${firstSetup.secret}`);
      expect(firstSetup.secret).not.toBe(ADMIN_SECRET);
      // Until a code from the new app confirms it, the old authenticator still signs in.
      expect((await signInWith(codeOf(ADMIN_SECRET))).status).toBe(200);
      clock.advance(MINUTE);
      expect(await confirm(codeOf(ADMIN_SECRET), firstSetup.secret)).toMatchObject({
        status: 400,
        json: { error: NEW_AUTHENTICATOR_CODE_WRONG },
      });

      // Started again in another tab: the first QR code is said to be replaced, not wrong.
      const second = TotpSetupSchema.parse((await start({ password: PASSWORD })).json);
      expect(await confirm(codeOf(firstSetup.secret), firstSetup.secret)).toMatchObject({
        status: 409,
        json: { error: AUTHENTICATOR_SETUP_RESTARTED },
      });
      const confirmed = await confirm(codeOf(second.secret), second.secret);
      expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
      const { recoveryCodes, otherSessionsEnded } = AuthenticatorReplacedSchema.parse(
        confirmed.json,
      );
      expect(recoveryCodes).toHaveLength(10);
      expect(recoveryCodes.some((c) => old.includes(c))).toBe(false);
      // The phone's session and the one signed in with the old app end; this one goes on.
      expect(otherSessionsEnded).toBe(2);
      expect(await meStatus(phone.cookie)).toBe(401);
      expect(await meStatus(cookie)).toBe(200);
      // Confirmed already (the other tab): said so.
      expect(await confirm(codeOf(second.secret), second.secret)).toMatchObject({
        status: 409,
        json: { error: AUTHENTICATOR_ALREADY_REPLACED },
      });

      clock.advance(MINUTE);
      expect((await signInWith(codeOf(ADMIN_SECRET))).status).toBe(401);
      expect((await signInWith(old[2] ?? '')).status).toBe(401);
      expect((await signInWith(codeOf(second.secret))).status).toBe(200);
      expect((await signInWith(recoveryCodes[0] ?? '')).status).toBe(200);

      const audits = await test.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'totp.replace%' ORDER BY id`,
        [email],
      );
      expect(audits.map((a) => a.action)).toEqual([
        'totp.replace-refused',
        'totp.replace-started',
        'totp.replace-started',
        'totp.replaced',
      ]);
    });

    it('changes the name others see, trimmed and bounded, audited once per change', async () => {
      const email = await newManager();
      const { cookie } = await signIn(email);
      const rename = (name: unknown) =>
        call('PATCH', ACCOUNT_PATHS.profile, { cookie, body: { name } });
      expect(await rename('  Sam Rivera  ')).toMatchObject({
        status: 200,
        json: { name: 'Sam Rivera' },
      });
      expect((await call('GET', ME_PATH, { cookie })).json).toMatchObject({
        user: { name: 'Sam Rivera', email },
      });
      expect((await rename('Sam Rivera')).status).toBe(200);
      for (const bad of ['', '   ', 'x'.repeat(101), 42]) {
        expect((await rename(bad)).status, JSON.stringify(bad)).toBe(400);
      }
      expect(
        (
          await call('PATCH', ACCOUNT_PATHS.profile, {
            cookie,
            body: { name: 'A', email: 'x@y.z' },
          })
        ).status,
      ).toBe(400);
      const entries = await test.db.query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE action = 'account.rename' AND target = $1`,
        [email],
      );
      expect(entries).toEqual([
        { before: { name: `Manager ${seq}` }, after: { name: 'Sam Rivera' } },
      ]);
    });

    it('answers 401 without a session and 403 from another origin', async () => {
      expect((await call('GET', ACCOUNT_PATHS.sessions)).status).toBe(401);
      const { cookie } = await signIn(await newManager());
      const foreign = await app.app.request(ACCOUNT_PATHS.password, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          Origin: 'https://evil.example',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'a much longer new one' }),
      });
      expect(foreign.status).toBe(403);
    });
  });
}
