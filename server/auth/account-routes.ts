import type { Context, Hono } from 'hono';
import {
  ACCOUNT_PATHS,
  AUTHENTICATOR_CODE_WRONG,
  AUTHENTICATOR_ALREADY_REPLACED,
  AUTHENTICATOR_REPLACEMENT_NOT_STARTED,
  AUTHENTICATOR_SETUP_RESTARTED,
  ConfirmAuthenticatorSchema,
  CURRENT_PASSWORD_WRONG,
  NEW_AUTHENTICATOR_CODE_WRONG,
  PASSWORD_CHANGED_ELSEWHERE,
  PASSWORD_UNCHANGED,
  PasswordChangeSchema,
  ProfilePatchSchema,
  ReplaceAuthenticatorSchema,
  AuthenticatorCodeBodySchema,
  type AccountSession,
  type PasswordChanged,
  type RecoveryCodesStatus,
  type AuthenticatorReplaced,
  type RenewedRecoveryCodes,
  type TotpSetup,
} from '../../src/api/contract';
import { readJson, settingsBodyLimit } from '../alerts/json-body';
import type { Queryable } from '../db/database';
import { HttpError } from '../errors';
import {
  clearAccountFailures,
  releaseAttempt,
  reserveAttempt,
  type ReservedAttempt,
} from './attempts';
import { audit } from './audit';
import { UNKNOWN_DEVICE } from './device-label';
import type { AuthEnv } from './middleware';
import { checkPassword, hashPassword } from './passwords';
import { forgetOtherDevices, knownDeviceScope } from './known-devices';
import { isHttps, requestAddress } from './request';
import { signedIn, type AuthRouteOptions } from './routes';
import { acceptSecondFactor, newRecoveryCodes, storeRecoveryCodes } from './second-factor';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import type { User } from './users';
import {
  endOtherSessions,
  endSessionById,
  expiredSessionCookie,
  listSessions,
  sessionId,
  tokenHash,
} from './sessions';

/**
 * A signed-in user's own account (roles in access.ts):
 *
 *   GET    /api/auth/sessions       the user's live sessions, this one marked
 *   DELETE /api/auth/sessions/:id   ends one of them (a lost phone)
 *   PATCH  /api/auth/profile        the name others see
 *   POST   /api/auth/password       a new password, given the current one; ends the others
 *   GET    /api/auth/recovery-codes  an Admin: how many recovery codes are left
 *   POST   /api/auth/recovery-codes  an Admin: new codes (the old ones stop working), given a
 *                                    current authenticator code
 *   POST   /api/auth/authenticator   an Admin: a new authenticator's secret, given the password
 *   POST   /api/auth/authenticator/confirm  a code from the new app and the key shown: it
 *                                    replaces the old one, with new recovery codes, and ends
 *                                    the other sessions
 *
 * A wrong current password (or authenticator code) counts as a failed sign-in of the account and the address, so a
 * borrowed session cannot be used to guess the password any faster than the sign-in page. As
 * there, each attempt is counted before it is checked (attempts.ts), and uncounted if right.
 */
/**
 * Locks the user's row and refuses unless the password is still the one this request checked:
 * two changes sent at once (or a change racing a new authenticator's set-up) both pass the check,
 * and the later must not undo the earlier, which may have been made to shut the other out.
 */
async function refuseUnlessPasswordIs(tx: Queryable, user: User): Promise<void> {
  const [row] = await tx.query<{ passwordHash: string }>(
    `SELECT password_hash AS "passwordHash" FROM users
      WHERE id = $1 AND removed_at IS NULL FOR UPDATE`,
    [user.id],
  );
  if (!row) throw new HttpError(401, 'Sign in to continue');
  if (row.passwordHash !== user.passwordHash) throw new HttpError(409, PASSWORD_CHANGED_ELSEWHERE);
}

export function registerAccountRoutes(api: Hono<AuthEnv>, options: AuthRouteOptions): void {
  const { db, community, clock, kit, limits, trustProxy } = options;
  const route = (path: string) => path.replace(/^\/api/, '');
  const limit = settingsBodyLimit(kit);

  /**
   * Counts this attempt as a failed sign-in of the account and the address before its secret is
   * checked (attempts.ts); a 429 while either is locked out of signing in.
   */
  const reserveOrRefuse = async (
    c: Context,
    user: User,
    address: string,
    now: number,
  ): Promise<ReservedAttempt> => {
    // From one of the account's own browsers, counted against it: guesses from elsewhere do not
    // stop its user changing the password (known-devices.ts).
    const device = await knownDeviceScope(db, c, user.id, now);
    const reservation = await reserveAttempt(db, limits, user.email, address, now, device);
    if (!reservation.ok) {
      const wait = reservation.waitMs;
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw new HttpError(
        429,
        `Too many wrong passwords or codes for this account; try again in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Signing in to this account waits until then too.`,
        { 'Retry-After': String(Math.ceil(wait / 1000)) },
      );
    }
    return reservation.reserved;
  };
  /** A wrong secret: the attempt stays counted as a failed sign-in, and an audit row. */
  const recordRefusal = (
    user: User,
    address: string,
    action: string,
    reason: string,
    now: number,
  ) =>
    audit(
      db,
      {
        communityId: community.id,
        userId: user.id,
        action,
        target: user.email,
        after: { reason },
        address,
      },
      now,
    );

  api.get(route(ACCOUNT_PATHS.sessions), async (c: Context<AuthEnv>) => {
    const { user, token } = signedIn(c);
    const sessions = await listSessions(db, user.id, token, clock());
    const body: AccountSession[] = sessions.map((session) => ({
      id: session.id,
      device: session.device ?? UNKNOWN_DEVICE,
      signedInAt: new Date(session.createdMs).toISOString(),
      lastActiveAt: new Date(session.lastSeenMs).toISOString(),
      current: session.current,
    }));
    return kit.json(200, body);
  });

  api.delete(route(ACCOUNT_PATHS.session), async (c: Context<AuthEnv>) => {
    const { user, token } = signedIn(c);
    const id = c.req.param('id') ?? '';
    if (!/^[0-9a-f]{16}$/.test(id)) throw new HttpError(404, 'No such session');
    await db.transaction(async (tx) => {
      if (!(await endSessionById(tx, user.id, id))) {
        throw new HttpError(404, 'No such session; it may have ended already');
      }
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'session.ended',
          target: user.email,
          after: { session: id },
          address: requestAddress(c, trustProxy),
        },
        clock(),
      );
    });
    // This browser's own session, ended from its list: its cookie goes with it, as on sign-out.
    if (sessionId(tokenHash(token)) === id) {
      return new Response(JSON.stringify({ ok: true }), {
        status: 200,
        headers: { ...kit.apiHeaders, 'Set-Cookie': expiredSessionCookie(isHttps(c, trustProxy)) },
      });
    }
    return kit.json(200, { ok: true });
  });

  api.patch(route(ACCOUNT_PATHS.profile), limit, async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const { name } = await readJson(c, ProfilePatchSchema);
    if (name !== user.name) {
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE users SET name = $2 WHERE id = $1`, [user.id, name]);
        await audit(
          tx,
          {
            communityId: community.id,
            userId: user.id,
            action: 'account.rename',
            target: user.email,
            before: { name: user.name },
            after: { name },
            address: requestAddress(c, trustProxy),
          },
          clock(),
        );
      });
    }
    return kit.json(200, { name });
  });

  api.post(route(ACCOUNT_PATHS.password), limit, async (c: Context<AuthEnv>) => {
    const { user, token } = signedIn(c);
    const { currentPassword, newPassword } = await readJson(c, PasswordChangeSchema);
    const address = requestAddress(c, trustProxy);
    const now = clock();
    const reserved = await reserveOrRefuse(c, user, address, now);
    if (!(await checkPassword(currentPassword, user.passwordHash))) {
      await recordRefusal(user, address, 'password.change-failed', 'current password', now);
      throw new HttpError(400, CURRENT_PASSWORD_WRONG);
    }
    await releaseAttempt(db, reserved);
    if (newPassword === currentPassword) throw new HttpError(400, PASSWORD_UNCHANGED);

    const passwordHash = await hashPassword(newPassword);
    const otherSessionsEnded = await db.transaction(async (tx) => {
      await refuseUnlessPasswordIs(tx, user);
      await tx.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, passwordHash]);
      const ended = await endOtherSessions(tx, user.id, token);
      await forgetOtherDevices(tx, c, user.id);
      await clearAccountFailures(tx, user.email);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'password.changed',
          target: user.email,
          after: { otherSessionsEnded: ended },
          address,
        },
        now,
      );
      return ended;
    });
    const body: PasswordChanged = { ok: true, otherSessionsEnded };
    return kit.json(200, body);
  });

  api.get(route(ACCOUNT_PATHS.recoveryCodes), async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const [row] = await db.query<{ total: number; remaining: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE used_at IS NULL)::int AS remaining
         FROM recovery_codes WHERE user_id = $1`,
      [user.id],
    );
    const body: RecoveryCodesStatus = { remaining: row?.remaining ?? 0, total: row?.total ?? 0 };
    return kit.json(200, body);
  });

  api.post(route(ACCOUNT_PATHS.recoveryCodes), limit, async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const { code } = await readJson(c, AuthenticatorCodeBodySchema);
    const address = requestAddress(c, trustProxy);
    const now = clock();
    const reserved = await reserveOrRefuse(c, user, address, now);
    // Only the authenticator's code: a recovery code proves nothing about the phone.
    const accepted = (await acceptSecondFactor(db, user, code, now)) === 'totp';
    if (!accepted) {
      await recordRefusal(user, address, 'totp.recovery-codes-refused', 'authenticator code', now);
      throw new HttpError(400, AUTHENTICATOR_CODE_WRONG);
    }
    await releaseAttempt(db, reserved);
    const recoveryCodes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      await storeRecoveryCodes(tx, user.id, recoveryCodes);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'totp.recovery-codes-renewed',
          target: user.email,
          after: { recoveryCodes: recoveryCodes.length },
          address,
        },
        now,
      );
    });
    const body: RenewedRecoveryCodes = { recoveryCodes };
    return kit.json(200, body);
  });
  api.post(route(ACCOUNT_PATHS.authenticator), limit, async (c: Context<AuthEnv>) => {
    const { user } = signedIn(c);
    const { password } = await readJson(c, ReplaceAuthenticatorSchema);
    const address = requestAddress(c, trustProxy);
    const now = clock();
    const reserved = await reserveOrRefuse(c, user, address, now);
    if (!(await checkPassword(password, user.passwordHash))) {
      await recordRefusal(user, address, 'totp.replace-refused', 'password', now);
      throw new HttpError(400, CURRENT_PASSWORD_WRONG);
    }
    await releaseAttempt(db, reserved);
    const secret = newTotpSecret();
    await db.transaction(async (tx) => {
      await refuseUnlessPasswordIs(tx, user);
      // Started again, the newest secret wins: only the last QR code shown can confirm.
      await tx.query(`UPDATE users SET totp_pending_secret = $2 WHERE id = $1`, [user.id, secret]);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'totp.replace-started',
          target: user.email,
          address,
        },
        now,
      );
    });
    const body: TotpSetup = { secret, uri: otpauthUri(secret, user.email) };
    return kit.json(200, body);
  });

  api.post(route(ACCOUNT_PATHS.authenticatorConfirm), limit, async (c: Context<AuthEnv>) => {
    const { user, token } = signedIn(c);
    const { code, secret } = await readJson(c, ConfirmAuthenticatorSchema);
    const now = clock();
    const [row] = await db.query<{ pending: string | null }>(
      `SELECT totp_pending_secret AS pending FROM users WHERE id = $1`,
      [user.id],
    );
    const pending = row?.pending ?? null;
    if (pending !== secret) {
      // Said for what happened, not as a wrong code: another tab started again or finished.
      if (pending !== null) throw new HttpError(409, AUTHENTICATOR_SETUP_RESTARTED);
      if (user.totpSecret === secret) throw new HttpError(409, AUTHENTICATOR_ALREADY_REPLACED);
      throw new HttpError(409, AUTHENTICATOR_REPLACEMENT_NOT_STARTED);
    }
    const step = matchTotp(pending, code, now);
    if (step === null) throw new HttpError(400, NEW_AUTHENTICATOR_CODE_WRONG);
    const recoveryCodes = newRecoveryCodes();
    const otherSessionsEnded = await db.transaction(async (tx) => {
      // Only the secret this request checked: a set-up started again meanwhile must be confirmed
      // with its own code.
      const rows = await tx.query(
        `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_last_step = $3
          WHERE id = $1 AND totp_pending_secret = $2 RETURNING 1`,
        [user.id, pending, step],
      );
      if (rows.length === 0) throw new HttpError(409, AUTHENTICATOR_SETUP_RESTARTED);
      await storeRecoveryCodes(tx, user.id, recoveryCodes);
      // A lost phone may still hold a session: like a new password, this ends the others.
      const ended = await endOtherSessions(tx, user.id, token);
      await forgetOtherDevices(tx, c, user.id);
      await audit(
        tx,
        {
          communityId: community.id,
          userId: user.id,
          action: 'totp.replaced',
          target: user.email,
          after: { recoveryCodes: recoveryCodes.length, otherSessionsEnded: ended },
          address: requestAddress(c, trustProxy),
        },
        now,
      );
      return ended;
    });
    const body: AuthenticatorReplaced = { recoveryCodes, otherSessionsEnded };
    return kit.json(200, body);
  });
}
