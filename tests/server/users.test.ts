import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPT_INVITE_CHECK_PATH,
  ACCEPT_INVITE_PATH,
  AUTH_PATHS,
  INVITES_PATH,
  ME_PATH,
  USERS_PATH,
  type Invite,
  type PendingInvite,
  type Role,
  type UserSummary,
} from '../../src/api/contract';
import { hashPassword } from '../../server/auth/passwords';
import { readMigrations, splitStatements } from '../../server/db/migrate';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import { DAY, MINUTE } from '../../server/time';
import {
  ACCOUNT_EXISTS,
  INVITE_ACCOUNT_REMOVED,
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_USED,
  LAST_ADMIN,
  noPendingInvite,
} from '../../server/users/routes';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  insertSchedule,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const ORIGIN = 'http://localhost';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const NEW_PASSWORD = 'a long new password';

type Res = { status: number; json: unknown };

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`users: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    const clock = testClock('2026-03-18T12:00:00Z');
    const ids = {} as Record<'admin' | 'manager', number>;
    let adminCookie: string;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const passwordHash = await hashPassword('correct horse battery staple');
      const add = async (role: Role, totpSecret: string | null) => {
        const id = await insertUser(
          test.db,
          community.id,
          { email: `${role}@example.org`, name: `The ${role}`, role, passwordHash, totpSecret },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        return id;
      };
      ids.admin = await add('admin', SECRET);
      ids.manager = await add('manager', null);
      adminCookie = `cg_session=${await createSession(test.db, ids.admin, clock.now())}`;
      app = testApp(test.db, community, { clock: clock.now, demo: false });
    });
    afterAll(() => test?.drop());

    async function call(method: string, path: string, body?: unknown, cookie?: string) {
      const res = await app.app.request(path, {
        method,
        headers: {
          ...((cookie ?? adminCookie) ? { Cookie: cookie ?? adminCookie } : {}),
          ...(method === 'GET' ? {} : { Origin: ORIGIN }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null } as Res;
    }
    /** Accepts an invite as whoever opened its link (no session), with a good password. */
    const acceptInvite = (token: string, name: string) =>
      call('POST', ACCEPT_INVITE_PATH, { token, name, password: NEW_PASSWORD }, '');
    const tokenOf = (invite: Invite) =>
      new URLSearchParams(invite.invitePath.split('#')[1]).get('token') ?? '';
    const audits = (action: string) =>
      test.db.query<{ target: string; before: unknown; after: unknown }>(
        `SELECT target, before, after FROM audit_log WHERE action = $1 ORDER BY id`,
        [action],
      );

    it('the last Admin can be neither demoted nor removed', async () => {
      const demote = await call('PATCH', `${USERS_PATH}/${ids.admin}`, { role: 'manager' });
      expect(demote).toEqual({ status: 409, json: { error: LAST_ADMIN } });
      const remove = await call('DELETE', `${USERS_PATH}/${ids.admin}`);
      expect(remove).toEqual({ status: 409, json: { error: LAST_ADMIN } });
      const list = (await call('GET', USERS_PATH)).json as UserSummary[];
      expect(list.find((u) => u.id === ids.admin)?.role).toBe('admin');
    });

    it('an invite is shown once, accepted once, and creates the account', async () => {
      const res = await call('POST', INVITES_PATH, { email: 'new@example.org', role: 'board' });
      expect(res.status).toBe(201);
      const invite = res.json as Invite;
      expect(invite.expiresAt).toBe(new Date(clock.now() + 7 * DAY).toISOString());
      const token = tokenOf(invite);
      expect(token.length).toBeGreaterThanOrEqual(40);
      // Only its hash is stored, and the audit row does not carry it.
      const stored = await test.db.query<{ token_hash: string }>(`SELECT token_hash FROM invites`);
      expect(stored.map((r) => r.token_hash)).not.toContain(token);
      expect(JSON.stringify(await audits('user.invite'))).not.toContain(token);

      const accepted = await call(
        'POST',
        ACCEPT_INVITE_PATH,
        { token, name: 'Nina New', password: NEW_PASSWORD },
        '',
      );
      expect(accepted).toEqual({ status: 201, json: { email: 'new@example.org', role: 'board' } });
      const signIn = await call(
        'POST',
        AUTH_PATHS.signIn,
        { email: 'new@example.org', password: NEW_PASSWORD },
        '',
      );
      expect(signIn.status).toBe(200);
      const again = await call(
        'POST',
        ACCEPT_INVITE_PATH,
        { token, name: 'Someone Else', password: NEW_PASSWORD },
        '',
      );
      expect(again).toEqual({ status: 400, json: { error: INVITE_USED } });
    });

    it('an invite expires after 7 days', async () => {
      const invite = (
        await call('POST', INVITES_PATH, { email: 'late@example.org', role: 'manager' })
      ).json as Invite;
      clock.advance(7 * DAY + MINUTE);
      // The Admin's own session has idled out meanwhile: a fresh one.
      adminCookie = `cg_session=${await createSession(test.db, ids.admin, clock.now())}`;
      const res = await acceptInvite(tokenOf(invite), 'Late');
      expect(res).toEqual({ status: 400, json: { error: INVITE_EXPIRED } });
      const list = (await call('GET', USERS_PATH)).json as UserSummary[];
      expect(list.map((u) => u.email)).not.toContain('late@example.org');
    });

    it('refuses a bad invite: bad email, unknown role, an existing account', async () => {
      for (const email of ['nope', 'two words@example.org', `${'x'.repeat(250)}@example.org`]) {
        expect(await call('POST', INVITES_PATH, { email, role: 'board' })).toEqual({
          status: 400,
          json: { error: 'email: Enter a valid email address.' },
        });
      }
      const role = await call('POST', INVITES_PATH, { email: 'x@example.org', role: 'owner' });
      expect(role.status).toBe(400);
      expect((role.json as { error: string }).error).toContain('role');
      const taken = await call('POST', INVITES_PATH, {
        email: 'MANAGER@example.org',
        role: 'board',
      });
      expect(taken.status).toBe(409);
      const weak = await call(
        'POST',
        ACCEPT_INVITE_PATH,
        { token: 'x'.repeat(43), name: 'A', password: 'short' },
        '',
      );
      expect(weak.status).toBe(400);
      expect((weak.json as { error: string }).error).toContain('password');
    });

    it('changes a role and removes a user, audited; a removed user is signed out', async () => {
      const id = await insertUser(
        test.db,
        community.id,
        { email: 'b2@example.org', name: 'Bo', role: 'board', passwordHash: 'x' },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      const cookie = `cg_session=${await createSession(test.db, id, clock.now())}`;
      expect((await call('GET', ME_PATH, undefined, cookie)).status).toBe(200);

      const changed = await call('PATCH', `${USERS_PATH}/${id}`, { role: 'manager' });
      expect(changed.json).toMatchObject({ id, role: 'manager' });
      expect((await audits('user.role')).at(-1)).toMatchObject({
        target: 'b2@example.org',
        before: { role: 'board' },
        after: { role: 'manager' },
      });
      expect((await call('DELETE', `${USERS_PATH}/${id}`)).status).toBe(204);
      expect((await call('GET', ME_PATH, undefined, cookie)).status).toBe(401);
      const list = (await call('GET', USERS_PATH)).json as UserSummary[];
      expect(list.map((u) => u.id)).not.toContain(id);
      expect((await audits('user.remove')).at(-1)).toMatchObject({ target: 'b2@example.org' });
      expect((await call('DELETE', `${USERS_PATH}/${id}`)).status).toBe(404);
      expect((await call('PATCH', `${USERS_PATH}/99999`, { role: 'board' })).status).toBe(404);
    });

    it('a removed user can be invited again: accepting brings the account back', async () => {
      const oldHash = await hashPassword('the old password 123');
      const id = await insertUser(
        test.db,
        community.id,
        {
          email: 'Temp.Person@Example.com',
          name: 'Temp Person',
          role: 'admin',
          passwordHash: oldHash,
          totpSecret: SECRET,
        },
        clock.now(),
      );
      if (id === null) throw new Error('duplicate');
      await test.db.query(`INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, 'h')`, [id]);
      // A replacement authenticator begun and never confirmed.
      await test.db.query(`UPDATE users SET totp_pending_secret = $2 WHERE id = $1`, [id, SECRET]);
      const oldCookie = `cg_session=${await createSession(test.db, id, clock.now())}`;
      expect((await call('DELETE', `${USERS_PATH}/${id}`)).status).toBe(204);

      // Any letter case; the account of someone still here is refused as before.
      const res = await call('POST', INVITES_PATH, {
        email: 'temp.person@example.com',
        role: 'board',
      });
      expect(res.status).toBe(201);
      expect((await audits('user.invite')).at(-1)?.after).toMatchObject({ reactivates: true });
      expect(
        await call('POST', INVITES_PATH, { email: 'MANAGER@example.org', role: 'board' }),
      ).toEqual({ status: 409, json: { error: ACCOUNT_EXISTS } });

      const accepted = await acceptInvite(tokenOf(res.json as Invite), 'Tess Person');
      expect(accepted).toEqual({
        status: 201,
        json: { email: 'temp.person@example.com', role: 'board' },
      });
      // The same row, so the audit log's history of it stays attached; nothing old signs in.
      const list = (await call('GET', USERS_PATH)).json as UserSummary[];
      expect(list.filter((u) => u.email.toLowerCase() === 'temp.person@example.com')).toEqual([
        {
          id,
          name: 'Tess Person',
          email: 'temp.person@example.com',
          role: 'board',
          totpEnabled: false,
        },
      ]);
      expect((await call('GET', ME_PATH, undefined, oldCookie)).status).toBe(401);
      const signIn = (password: string) =>
        call('POST', AUTH_PATHS.signIn, { email: 'temp.person@example.com', password }, '');
      expect((await signIn('the old password 123')).status).toBe(401);
      expect((await signIn(NEW_PASSWORD)).status).toBe(200);
      const [row] = await test.db.query<{
        totp_secret: string | null;
        totp_pending_secret: string | null;
        codes: number;
      }>(
        `SELECT totp_secret, totp_pending_secret,
                (SELECT count(*)::int FROM recovery_codes WHERE user_id = $1) AS codes
           FROM users WHERE id = $1`,
        [id],
      );
      expect(row).toEqual({ totp_secret: null, totp_pending_secret: null, codes: 0 });
      expect((await audits('user.accept-invite')).at(-1)).toMatchObject({
        target: 'temp.person@example.com',
        before: { id, name: 'Temp Person', role: 'admin', removed: true },
        after: { id, name: 'Tess Person', role: 'board' },
      });
    });

    it('one live link per address: a new invite (or a double click) replaces the last', async () => {
      const invite = (role: Role, email = 'twice@example.org') =>
        call('POST', INVITES_PATH, { email, role });
      // Two at once, as a double click sends them: both answer, one link stays live.
      const [a, b] = await Promise.all([invite('board'), invite('board')]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const again = await invite('manager', 'TWICE@example.org');
      expect(again.status).toBe(201);
      const pending = await test.db.query<{ role: Role }>(
        `SELECT role FROM invites WHERE lower(email) = 'twice@example.org' AND accepted_at IS NULL`,
      );
      expect(pending).toEqual([{ role: 'manager' }]);
      expect((await audits('user.invite')).at(-1)).toMatchObject({
        target: 'TWICE@example.org',
        before: { role: 'board' },
        after: { role: 'manager' },
      });
      for (const old of [a, b]) {
        const res = await acceptInvite(tokenOf(old.json as Invite), 'Old Link');
        expect(res).toEqual({ status: 400, json: { error: INVITE_INVALID } });
      }
      // The database holds the rule for every writer, not only this route.
      await expect(
        test.db.query(
          `INSERT INTO invites (token_hash, community_id, email, role, created_at, expires_at)
           VALUES ('another', $1, 'Twice@Example.org', 'board', now(), now())`,
          [community.id],
        ),
      ).rejects.toThrow();
      const accepted = await acceptInvite(tokenOf(again.json as Invite), 'Twice');
      expect(accepted).toEqual({
        status: 201,
        json: { email: 'TWICE@example.org', role: 'manager' },
      });
    });

    it('lists pending invites (never their tokens) and an Admin revokes one, audited', async () => {
      const invite = async (email: string, role: Role) => {
        const res = await call('POST', INVITES_PATH, { email, role });
        expect(res.status).toBe(201);
        return res.json as Invite;
      };
      const first = await invite('wrong@example.org', 'manager');
      clock.advance(MINUTE);
      const second = await invite('kept@example.org', 'board');
      const listed = await call('GET', INVITES_PATH);
      expect(listed.status).toBe(200);
      const list = listed.json as PendingInvite[];
      // Newest first; accepted (new@) and expired (late@) invites of earlier tests are not there.
      expect(list.map(({ email, role }) => ({ email, role }))).toEqual([
        { email: 'kept@example.org', role: 'board' },
        { email: 'wrong@example.org', role: 'manager' },
      ]);
      expect(list[1]).toEqual({
        id: expect.any(Number) as number,
        email: 'wrong@example.org',
        role: 'manager',
        createdAt: new Date(clock.now() - MINUTE).toISOString(),
        expiresAt: first.expiresAt,
        invitedBy: 'The admin',
      });
      const [hashes] = await test.db.query<{ all: string }>(
        `SELECT string_agg(token_hash, ' ') AS all FROM invites`,
      );
      for (const secret of [tokenOf(first), tokenOf(second), ...(hashes?.all.split(' ') ?? [])]) {
        expect(JSON.stringify(list)).not.toContain(secret);
      }
      const wrongId = list[1]?.id ?? 0;

      // Only Admins: a Manager can neither list nor revoke (the full matrix is in auth.test.ts).
      const managerCookie = `cg_session=${await createSession(test.db, ids.manager, clock.now())}`;
      expect((await call('GET', INVITES_PATH, undefined, managerCookie)).status).toBe(403);
      const forbidden = await call(
        'DELETE',
        `${INVITES_PATH}/${wrongId}`,
        undefined,
        managerCookie,
      );
      expect(forbidden.status).toBe(403);
      expect((await call('DELETE', `${INVITES_PATH}/${wrongId}`, undefined, '')).status).toBe(401);

      expect(await call('DELETE', `${INVITES_PATH}/${wrongId}`)).toEqual({
        status: 204,
        json: null,
      });
      const after = (await call('GET', INVITES_PATH)).json as PendingInvite[];
      expect(after.map((i) => i.email)).toEqual(['kept@example.org']);
      // The revoked link is refused like an unknown or expired one; the other still works.
      const refused = await acceptInvite(tokenOf(first), 'Wrong Person');
      expect(refused).toEqual({ status: 400, json: { error: INVITE_INVALID } });
      const [entry] = await test.db.query<{ user_id: number; before: unknown; after: unknown }>(
        `SELECT user_id, before, after FROM audit_log
          WHERE action = 'user.invite.revoke' AND target = 'wrong@example.org'`,
      );
      expect(entry).toEqual({
        user_id: ids.admin,
        before: { email: 'wrong@example.org', role: 'manager', expiresAt: first.expiresAt },
        after: null,
      });
      expect(JSON.stringify(await audits('user.invite.revoke'))).not.toContain(tokenOf(first));

      // Revoked already, or accepted: 404 in words, and nothing else changes.
      expect(await call('DELETE', `${INVITES_PATH}/${wrongId}`)).toEqual({
        status: 404,
        json: { error: noPendingInvite(wrongId) },
      });
      const accepted = await acceptInvite(tokenOf(second), 'Kept Person');
      expect(accepted.status).toBe(201);
      const keptId = list[0]?.id ?? 0;
      expect(await call('DELETE', `${INVITES_PATH}/${keptId}`)).toEqual({
        status: 404,
        json: { error: noPendingInvite(keptId) },
      });
      expect((await audits('user.invite.revoke')).length).toBe(1);
    });

    it('a used link says so and sends its holder to sign in, without naming the address', async () => {
      const check = (token: string) => call('POST', ACCEPT_INVITE_CHECK_PATH, { token }, '');
      const made = (await call('POST', INVITES_PATH, { email: 'used@example.org', role: 'board' }))
        .json as Invite;
      const token = tokenOf(made);
      expect((await acceptInvite(token, 'Ursula Used')).status).toBe(201);

      // Opened again, as QA did: the check and the form's answer both say it was used.
      const used = {
        status: 400,
        json: {
          error:
            'This invite has already been used. Sign in with the email and password you chose.',
        },
      };
      expect(used.json.error).toBe(INVITE_USED);
      const checked = await check(token);
      expect(checked).toEqual(used);
      expect(JSON.stringify(checked.json)).not.toContain('used@example.org');
      const acceptedAgain = await acceptInvite(token, 'Someone Else');
      expect(acceptedAgain).toEqual(used);
      // Nothing changed: the account keeps the name and the password it was made with.
      const list = (await call('GET', USERS_PATH)).json as UserSummary[];
      expect(list.filter((u) => u.email === 'used@example.org').map((u) => u.name)).toEqual([
        'Ursula Used',
      ]);
      const signIn = await call(
        'POST',
        AUTH_PATHS.signIn,
        { email: 'used@example.org', password: NEW_PASSWORD },
        '',
      );
      expect(signIn.status).toBe(200);

      // Still used once its 7 days are over; a link never issued is not valid, not "used".
      clock.advance(8 * DAY);
      adminCookie = `cg_session=${await createSession(test.db, ids.admin, clock.now())}`;
      expect(await check(token)).toEqual(used);
      expect(await check('never-issued-token-after-use-0123456789')).toEqual({
        status: 400,
        json: { error: INVITE_INVALID },
      });
    });

    it('a used link whose account was removed is no longer valid, not "used"', async () => {
      const check = (token: string) => call('POST', ACCEPT_INVITE_CHECK_PATH, { token }, '');
      const inviteFailures = async () =>
        (
          await test.db.query<{ failures: number }>(
            `SELECT failures FROM key_failures WHERE scope LIKE 'invite:%'`,
          )
        )[0]?.failures ?? 0;
      const made = (
        await call('POST', INVITES_PATH, { email: 'left-later@example.org', role: 'board' })
      ).json as Invite;
      const token = tokenOf(made);
      expect((await acceptInvite(token, 'Gale Gone')).status).toBe(201);
      expect(await check(token)).toEqual({ status: 400, json: { error: INVITE_USED } });
      const list = (await call('GET', USERS_PATH)).json as UserSummary[];
      const id = list.find((u) => u.email === 'left-later@example.org')?.id;
      expect((await call('DELETE', `${USERS_PATH}/${id}`)).status).toBe(204);

      // No account to sign in to: the link says to ask for a new one, in the words of the other
      // dead links, and names no address.
      const removed = {
        status: 400,
        json: { error: 'This invite link is no longer valid. Ask an Admin for a new one.' },
      };
      expect(removed.json.error).toBe(INVITE_ACCOUNT_REMOVED);
      const checked = await check(token);
      expect(checked).toEqual(removed);
      expect(JSON.stringify(checked.json)).not.toContain('left-later@example.org');
      // Still a dead link for the limit: each answer counts as before.
      const counted = await inviteFailures();
      expect(await acceptInvite(token, 'Someone Else')).toEqual(removed);
      expect(await inviteFailures()).toBe(counted + 1);
      // Accepting it did not bring the account back.
      const after = (await call('GET', USERS_PATH)).json as UserSummary[];
      expect(after.map((u) => u.email)).not.toContain('left-later@example.org');
      const signIn = await call(
        'POST',
        AUTH_PATHS.signIn,
        { email: 'left-later@example.org', password: NEW_PASSWORD },
        '',
      );
      expect(signIn.status).toBe(401);

      // Invited again: the old link stays dead while the new one is pending, and once the new
      // one brings the account back, the old one is "used" again (there is an account).
      const again = (
        await call('POST', INVITES_PATH, { email: 'left-later@example.org', role: 'board' })
      ).json as Invite;
      expect(await check(token)).toEqual(removed);
      expect((await acceptInvite(tokenOf(again), 'Gale Back')).status).toBe(201);
      expect(await check(token)).toEqual({ status: 400, json: { error: INVITE_USED } });
    });

    it('revokes only its own community’s invites, and a bad id is a 4xx, not a crash', async () => {
      const [other] = await test.db.query<{ id: number }>(
        `INSERT INTO communities (slug, name, time_zone) VALUES ('other', 'Other', 'UTC')
         RETURNING id`,
      );
      const [theirs] = await test.db.query<{ id: number }>(
        `INSERT INTO invites (token_hash, community_id, email, role, created_at, expires_at)
         VALUES ('other-hash', $1, 'theirs@example.org', 'admin', $2, $3) RETURNING id`,
        [other?.id, new Date(clock.now()).toISOString(), new Date(clock.now() + DAY).toISOString()],
      );
      const theirId = theirs?.id ?? 0;
      const list = (await call('GET', INVITES_PATH)).json as PendingInvite[];
      expect(list.map((i) => i.email)).not.toContain('theirs@example.org');
      expect((await call('DELETE', `${INVITES_PATH}/${theirId}`)).status).toBe(404);
      const [still] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM invites WHERE id = $1`,
        [theirId],
      );
      expect(still?.n).toBe(1);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
        const res = await call('DELETE', `${INVITES_PATH}/${bad}`);
        expect(res.status, bad).toBeGreaterThanOrEqual(400);
        expect(res.status, bad).toBeLessThan(500);
        expect(res.json, bad).toEqual({ error: expect.any(String) as string });
      }
    });

    it('a link is checked without being used up; a dead one gets the same 400 as accepting', async () => {
      const check = (token: unknown) => call('POST', ACCEPT_INVITE_CHECK_PATH, { token }, '');
      const invite = async (email: string, role: Role) =>
        (await call('POST', INVITES_PATH, { email, role })).json as Invite;
      const dead = { status: 400, json: { error: INVITE_INVALID } };
      const used = { status: 400, json: { error: INVITE_USED } };
      const expired = { status: 400, json: { error: INVITE_EXPIRED } };
      const auditRows = async () =>
        (await test.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`))[0]?.n;

      const replaced = await invite('checked@example.org', 'manager');
      expect(await check(tokenOf(replaced))).toEqual({
        status: 200,
        json: { email: 'checked@example.org', role: 'manager', expiresAt: replaced.expiresAt },
      });
      const live = await invite('checked@example.org', 'board');
      expect(await check(tokenOf(replaced))).toEqual(dead);
      const before = await auditRows();
      expect((await check(tokenOf(live))).status).toBe(200);
      expect((await check(tokenOf(live))).status).toBe(200);
      expect(await auditRows()).toBe(before);
      const accepted = await acceptInvite(tokenOf(live), 'Checked Twice');
      expect(accepted.status).toBe(201);
      expect(await check(tokenOf(live))).toEqual(used);

      const revoked = await invite('revoked-check@example.org', 'board');
      const pending = (await call('GET', INVITES_PATH)).json as PendingInvite[];
      const revokedId = pending.find((i) => i.email === 'revoked-check@example.org')?.id;
      expect((await call('DELETE', `${INVITES_PATH}/${revokedId}`)).status).toBe(204);
      expect(await check(tokenOf(revoked))).toEqual(dead);

      const expiredToken = 'an-expired-invite-token-0123456789';
      await test.db.query(
        `INSERT INTO invites (token_hash, community_id, email, role, created_at, expires_at)
         VALUES ($1, $2, 'expired-check@example.org', 'board', $3, $4)`,
        [
          createHash('sha256').update(expiredToken).digest('hex'),
          community.id,
          new Date(clock.now() - 8 * DAY).toISOString(),
          new Date(clock.now() - MINUTE).toISOString(),
        ],
      );
      expect(await check(expiredToken)).toEqual(expired);
      expect(await check('never-issued-token-0123456789abcdef')).toEqual(dead);

      // Bad bodies are the caller's mistake: a 4xx in words, never a 500.
      for (const token of [undefined, 42, '', 'short', 'x'.repeat(101)]) {
        const res = await check(token);
        expect(res.status, String(token)).toBe(400);
        expect(res.json, String(token)).toEqual({ error: expect.any(String) as string });
      }
      const extra = await call(
        'POST',
        ACCEPT_INVITE_CHECK_PATH,
        { token: 'x'.repeat(43), a: 1 },
        '',
      );
      expect(extra.status).toBe(400);
      const raw = (body: string, type = 'application/json') =>
        app.app.request(ACCEPT_INVITE_CHECK_PATH, {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Content-Type': type },
          body,
        });
      expect((await raw('{"token":')).status).toBe(400);
      expect((await raw('null')).status).toBe(400);
      expect((await raw(`token=${tokenOf(revoked)}`, 'text/plain')).status).toBe(415);
    });

    it('migration 019 keeps the newest pending link of an address made before it', async () => {
      await test.db.query(`DROP INDEX invites_one_pending_per_address`);
      const add = (hash: string, email: string, createdAt: string, accepted: string | null) =>
        test.db.query(
          `INSERT INTO invites (token_hash, community_id, email, role, created_at, expires_at,
                                accepted_at)
           VALUES ($1, $2, $3, 'board', $4, '2026-04-01T00:00:00Z', $5)`,
          [hash, community.id, email, createdAt, accepted],
        );
      await add('m-old', 'dup@example.org', '2026-03-01T00:00:00Z', null);
      await add('m-new', 'DUP@example.org', '2026-03-02T00:00:00Z', null);
      await add('m-used', 'dup@example.org', '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z');
      const migration = readMigrations().find(
        (m) => m.version === '019_one_live_invite_per_address',
      );
      for (const statement of splitStatements(migration?.sql ?? '')) await test.db.query(statement);
      const left = await test.db.query<{ token_hash: string }>(
        `SELECT token_hash FROM invites WHERE lower(email) = 'dup@example.org' ORDER BY token_hash`,
      );
      expect(left.map((r) => r.token_hash)).toEqual(['m-new', 'm-used']);
    });

    it('a removed user leaves the report schedules; one sent only to them is paused', async () => {
      const person = async (email: string) => {
        const id = await insertUser(
          test.db,
          community.id,
          { email, name: email, role: 'board', passwordHash: 'x', totpSecret: null },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        return id;
      };
      const leaving = await person('leaving@example.org');
      const staying = await person('staying@example.org');
      const schedule = (recipients: number[]) =>
        insertSchedule(test.db, community.id, recipients, { nextRunAt: '2026-03-23T15:00:00Z' });
      const shared = await schedule([staying, leaving]);
      const onlyThem = await schedule([leaving]);
      const everyone = await schedule([]);
      const stateOf = async () =>
        test.db.query<{
          id: number;
          recipient_ids: number[];
          enabled: boolean;
          paused_note: string | null;
        }>(
          `SELECT id, recipient_ids, enabled, paused_note FROM report_schedules
            WHERE id = ANY ($1::int[]) ORDER BY id`,
          [[shared, onlyThem, everyone]],
        );

      expect((await call('DELETE', `${USERS_PATH}/${leaving}`)).status).toBe(204);
      expect(await stateOf()).toEqual([
        { id: shared, recipient_ids: [staying], enabled: true, paused_note: null },
        // Not emptied into "everyone who chose report notifications": paused, saying why (the
        // name read in the removal's transaction).
        {
          id: onlyThem,
          recipient_ids: [],
          enabled: false,
          paused_note: 'Paused: its only recipient, leaving@example.org, was removed.',
        },
        { id: everyone, recipient_ids: [], enabled: true, paused_note: null },
      ]);
      expect((await audits('user.remove')).at(-1)).toMatchObject({
        target: 'leaving@example.org',
        after: { removed: true, leftSchedules: [shared, onlyThem], pausedSchedules: [onlyThem] },
      });

      // Invited again and back: on no schedule they were on before.
      const again = await call('POST', INVITES_PATH, {
        email: 'leaving@example.org',
        role: 'board',
      });
      const accepted = await acceptInvite(tokenOf(again.json as Invite), 'Back Again');
      expect(accepted.status).toBe(201);
      expect((await stateOf()).some((row) => row.recipient_ids.includes(leaving))).toBe(false);
    });

    it('migration 022 takes removed users off schedules saved before it', async () => {
      const [gone] = await test.db.query<{ id: number }>(
        `INSERT INTO users (community_id, email, name, role, password_hash, created_at, removed_at)
         VALUES ($1, 'gone@example.org', 'Gone', 'board', 'x', now(), now()) RETURNING id`,
        [community.id],
      );
      const goneId = gone?.id ?? 0;
      const add = async (recipients: number[]) => {
        const [row] = await test.db.query<{ id: number }>(
          `INSERT INTO report_schedules (community_id, kind, cadence, day_of_month, minute_of_day,
                                         recipient_ids, next_run_at)
           VALUES ($1, 'usage', 'monthly', 1, 480, $2::int[], '2026-04-01T15:00:00Z') RETURNING id`,
          [community.id, recipients],
        );
        return row?.id ?? 0;
      };
      const mixed = await add([goneId, ids.manager]);
      const onlyGone = await add([goneId]);
      const migration = readMigrations().find(
        (m) => m.version === '022_removed_users_leave_schedules',
      );
      expect(migration).toBeDefined();
      for (const statement of splitStatements(migration?.sql ?? '')) await test.db.query(statement);
      const rows = await test.db.query<{ id: number; recipient_ids: number[]; enabled: boolean }>(
        `SELECT id, recipient_ids, enabled FROM report_schedules WHERE id = ANY ($1::int[])
          ORDER BY id`,
        [[mixed, onlyGone]],
      );
      expect(rows).toEqual([
        { id: mixed, recipient_ids: [ids.manager], enabled: true },
        { id: onlyGone, recipient_ids: [], enabled: false },
      ]);
    });

    it('made-up invite tokens from one address get a 429 past 30 in 15 minutes; a live one is accepted', async () => {
      const live = (
        await call('POST', INVITES_PATH, { email: 'after-guesses@example.org', role: 'board' })
      ).json as Invite;
      const guess = (i: number, path = ACCEPT_INVITE_PATH) =>
        app.app.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            token: `made-up-token-${i}-0123456789abcdef`,
            ...(path === ACCEPT_INVITE_PATH ? { name: 'Guesser', password: NEW_PASSWORD } : {}),
          }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) statuses.push((await guess(i)).status);
      // Earlier tests of this file sent a few dead links from the same (in-process) address.
      const refused = statuses.indexOf(429);
      expect(refused).toBeGreaterThan(0);
      expect(refused).toBeLessThanOrEqual(30);
      expect(statuses.slice(0, refused).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(refused).every((status) => status === 429)).toBe(true);
      const limited = await guess(99, ACCEPT_INVITE_CHECK_PATH);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        error: 'Too many invalid invite links from here; try again later',
      });
      // The one who was sent a real link is not held up by the guesses.
      const accepted = await acceptInvite(tokenOf(live), 'Patient Person');
      expect(accepted.status).toBe(201);
      clock.advance(15 * MINUTE);
      adminCookie = `cg_session=${await createSession(test.db, ids.admin, clock.now())}`;
      expect((await guess(100)).status).toBe(400);
    });

    it('an Admin demoted or removed takes back the invites they sent: their links make no account', async () => {
      const adminWith = async (email: string) => {
        const id = await insertUser(
          test.db,
          community.id,
          { email, name: email, role: 'admin', passwordHash: 'x', totpSecret: SECRET },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        return { id, cookie: `cg_session=${await createSession(test.db, id, clock.now())}` };
      };
      const invite = async (cookie: string, email: string, role: Role) => {
        const res = await call('POST', INVITES_PATH, { email, role }, cookie);
        expect(res.status).toBe(201);
        return tokenOf(res.json as Invite);
      };
      const demoted = await adminWith('second.admin@example.org');
      const asAdmin = await invite(demoted.cookie, 'withdrawn-admin@example.org', 'admin');
      const asBoard = await invite(demoted.cookie, 'withdrawn-board@example.org', 'board');
      const removed = await adminWith('third.admin@example.org');
      const fromRemoved = await invite(removed.cookie, 'withdrawn-manager@example.org', 'manager');
      // Sent by the Admin who stays: untouched.
      const kept = await invite(adminCookie, 'still-invited@example.org', 'board');

      expect((await call('PATCH', `${USERS_PATH}/${demoted.id}`, { role: 'manager' })).status).toBe(
        200,
      );
      expect((await audits('user.role')).at(-1)?.after).toMatchObject({
        withdrawnInvites: ['withdrawn-admin@example.org', 'withdrawn-board@example.org'],
      });
      expect((await call('DELETE', `${USERS_PATH}/${removed.id}`)).status).toBe(204);
      expect((await audits('user.remove')).at(-1)?.after).toMatchObject({
        withdrawnInvites: ['withdrawn-manager@example.org'],
      });
      for (const token of [asAdmin, asBoard, fromRemoved]) {
        expect(await acceptInvite(token, 'Sleeper')).toEqual({
          status: 400,
          json: { error: INVITE_INVALID },
        });
      }
      expect((await acceptInvite(kept, 'Kept Person')).status).toBe(201);
    });

    it('with a second Admin, the first may step down', async () => {
      const promoted = await call('PATCH', `${USERS_PATH}/${ids.manager}`, { role: 'admin' });
      expect(promoted.json).toMatchObject({ id: ids.manager, role: 'admin' });
      const down = await call('PATCH', `${USERS_PATH}/${ids.admin}`, { role: 'board' });
      expect(down.json).toMatchObject({ id: ids.admin, role: 'board' });
      const [admins] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users
          WHERE community_id = $1 AND role = 'admin' AND removed_at IS NULL`,
        [community.id],
      );
      expect(admins?.n).toBe(1);
    });
  });
}
