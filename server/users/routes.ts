import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import {
  ACCEPT_INVITE_CHECK_PATH,
  ACCEPT_INVITE_PATH,
  AcceptInviteSchema,
  INVITES_PATH,
  InviteCheckInputSchema,
  InviteInputSchema,
  USERS_PATH,
  UserPatchSchema,
  type Invite,
  type InviteCheck,
  type PendingInvite,
  type Role,
  type UserSummary,
} from '../../src/api/contract';
import { pathId, readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { hashPassword } from '../auth/passwords';
import { auditActor, requestAddress } from '../auth/request';
import { insertUser } from '../auth/users';
import type { Community } from '../community';
import type { Database, Queryable } from '../db/database';
import { HttpError } from '../errors';
import { FailureLimiter } from '../rate-limit';
import type { ResponseKit } from '../http';
import { leaveSchedules } from '../schedules/leave-schedules';
import { DAY, MINUTE, type Clock } from '../time';

/**
 * Users of a community (issue 11; roles in server/auth/access.ts):
 *
 *   GET    /api/users                 Admin: the active accounts
 *   GET    /api/users/invites         Admin: the pending invites (not accepted, not expired)
 *   POST   /api/users/invites         Admin: an invite link, shown once, valid 7 days
 *   DELETE /api/users/invites/:id     Admin: revoke a pending invite; its link stops working
 *   PATCH  /api/users/:id             Admin: change the role
 *   DELETE /api/users/:id             Admin: remove (sessions end; the row stays for the audit log)
 *   POST   /api/auth/accept-invite    anyone with the link: name + password create the account, or
 *                                     bring back the removed account of that address
 *   POST   /api/auth/accept-invite/check  anyone with the link: whether it still works (address,
 *                                     role, expiry), without using it up
 *
 * An address has at most one live invite link: a new invite replaces the pending one.
 *
 * The last Admin can be neither removed nor demoted (409): the admin rows are locked in the
 * transaction, so two Admins demoting each other at once cannot both succeed.
 */
export const INVITE_LIFETIME_MS = 7 * DAY;
export const LAST_ADMIN =
  'The last Admin cannot be removed or demoted; make another user Admin first';
export const ACCOUNT_EXISTS = 'email: an account with this address already exists';
/**
 * Why a link does not work, in words for whoever holds it. The holder of a real token may learn
 * that it was used, has expired or no longer leads to an account, never more (not the address: a
 * used link stays in mailboxes and browser histories long after it matters). Revoked and replaced
 * invites are deleted, so their links read as never issued.
 */
export const INVITE_INVALID =
  'This invite link is not valid: it may be incomplete, or have been replaced by a newer invite or withdrawn. Ask an Admin for a new one.';
export const INVITE_EXPIRED =
  'This invite link has expired: invitations work for 7 days. Ask an Admin for a new one.';
export const INVITE_USED =
  'This invite has already been used. Sign in with the email and password you chose.';
/**
 * An accepted link whose account an Admin has since removed: "sign in" would send its holder to a
 * sign-in that cannot work, so it reads as dead. Why is not said (sign-in does not say that an
 * account was removed either), only what to do.
 */
export const INVITE_ACCOUNT_REMOVED =
  'This invite link is no longer valid. Ask an Admin for a new one.';
export const noPendingInvite = (id: number) =>
  `No pending invite ${id}: it may have been accepted, revoked or replaced, or have expired`;

export type UserRoutesOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  trustProxy: boolean;
  /** Wrong invite tokens an address may send in a window (default 30 in 15 minutes). */
  inviteFailures?: { max: number; windowMs: number };
};

type Row = { id: number; name: string; email: string; role: Role; totp_enabled: boolean };
const toSummary = (row: Row): UserSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  totpEnabled: row.totp_enabled,
});
/** Only this is stored: a link's token is shown once and never kept. */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores an invite by its token's hash (the token itself is shown once and never kept). */
export async function storeInvite(
  tx: Queryable,
  invite: {
    token: string;
    communityId: number;
    email: string;
    role: Role;
    invitedBy: number | null;
    now: number;
    expiresAt: string;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO invites (token_hash, community_id, email, role, invited_by, created_at,
                          expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      inviteTokenHash(invite.token),
      invite.communityId,
      invite.email,
      invite.role,
      invite.invitedBy,
      new Date(invite.now).toISOString(),
      invite.expiresAt,
    ],
  );
}

/**
 * A removed account comes back for whoever accepts a new invite to its address: the same row (the
 * audit log's entries about it stay attached), with the invite's role and the new name and
 * password. Nothing of the old sign-in carries over: its sessions stay ended, its authenticator
 * and recovery codes are gone (a new Admin enrols again), and its notification choices go back to
 * the defaults.
 */
async function reactivate(
  tx: Queryable,
  id: number,
  fields: { email: string; name: string; role: Role; passwordHash: string },
): Promise<number> {
  await tx.query(
    `UPDATE users SET email = $2, name = $3, role = $4, password_hash = $5, totp_secret = NULL,
                      totp_pending_secret = NULL, totp_enabled = false, totp_last_step = NULL,
                      removed_at = NULL
      WHERE id = $1`,
    [id, fields.email, fields.name, fields.role, fields.passwordHash],
  );
  await tx.query(`DELETE FROM sessions WHERE user_id = $1`, [id]);
  await tx.query(`DELETE FROM known_devices WHERE user_id = $1`, [id]);
  await tx.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [id]);
  await tx.query(`DELETE FROM notification_preferences WHERE user_id = $1`, [id]);
  return id;
}

/**
 * The pending invites `userId` sent, withdrawn as they stop being an Admin (demoted or removed):
 * a link they left must not make accounts, an Admin's above all, once they may not. Returns the
 * addresses, for the audit entry of the change.
 */
async function withdrawInvitesSentBy(
  tx: Queryable,
  communityId: number,
  userId: number,
): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `DELETE FROM invites WHERE community_id = $1 AND invited_by = $2 AND accepted_at IS NULL
     RETURNING email`,
    [communityId, userId],
  );
  return rows.map((row) => row.email).sort();
}

type DeadInvite = 'used' | 'removed' | 'expired' | 'unknown';
type InviteLookup =
  | { state: 'live'; invite: { email: string; role: Role; expires_at: Date | string } }
  | { state: DeadInvite };

/**
 * What a token names in this community: a live invite, one already accepted (whose account is
 * still here, or has been removed since), one past its expiry, or nothing (never issued, revoked,
 * replaced, or another community's).
 */
async function lookUpInvite(
  q: Queryable,
  communityId: number,
  token: string,
  now: number,
  { lock = false } = {},
): Promise<InviteLookup> {
  const [row] = await q.query<{
    email: string;
    role: Role;
    expires_at: Date | string;
    used: boolean;
    expired: boolean;
    account_active: boolean;
  }>(
    // Removing a user leaves their accepted invite as it was, so whether the account is still
    // there is read from users (by address: accepting made or brought back this community's
    // account of that address, and no other community may hold it meanwhile).
    `SELECT email, role, expires_at, accepted_at IS NOT NULL AS used, expires_at <= $3 AS expired,
            EXISTS (SELECT 1 FROM users u
                     WHERE u.community_id = i.community_id AND lower(u.email) = lower(i.email)
                       AND u.removed_at IS NULL) AS account_active
       FROM invites i WHERE token_hash = $1 AND community_id = $2${lock ? ' FOR UPDATE OF i' : ''}`,
    [inviteTokenHash(token), communityId, new Date(now).toISOString()],
  );
  if (!row) return { state: 'unknown' };
  // Used first: an accepted invite also expires, and the person has an account either way,
  // unless an Admin has removed it since: then there is nothing to sign in to.
  if (row.used) return { state: row.account_active ? 'used' : 'removed' };
  if (row.expired) return { state: 'expired' };
  return {
    state: 'live',
    invite: { email: row.email, role: row.role, expires_at: row.expires_at },
  };
}

const DEAD_INVITE_MESSAGES: Record<DeadInvite, string> = {
  used: INVITE_USED,
  removed: INVITE_ACCOUNT_REMOVED,
  expired: INVITE_EXPIRED,
  unknown: INVITE_INVALID,
};
const deadInviteMessage = (state: DeadInvite) => DEAD_INVITE_MESSAGES[state];

export function userRoutes(options: UserRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy } = options;
  const routes = new Hono<AuthEnv>();
  const users = USERS_PATH.replace(/^\/api/, '');
  const invites = INVITES_PATH.replace(/^\/api/, '');
  const accept = ACCEPT_INVITE_PATH.replace(/^\/api/, '');
  const acceptCheck = ACCEPT_INVITE_CHECK_PATH.replace(/^\/api/, '');
  for (const path of [users, `${users}/*`, accept, acceptCheck]) {
    routes.use(path, settingsBodyLimit(kit));
  }

  // An invite token is 256 random bits, so a wrong one is a stale link or a guess. Wrong tokens
  // are counted per address in the database (as wrong ingest keys are; every process sees the
  // count): past the limit they get a 429 until the window ends. A live token is never refused.
  const inviteFailures = new FailureLimiter(
    db,
    'invite',
    options.inviteFailures?.max ?? 30,
    options.inviteFailures?.windowMs ?? 15 * MINUTE,
  );
  // A used, expired or account-removed link was a real one, so its holder is told which (still a
  // 400, and still counted: only a live link is never refused).
  const refuseToken = async (c: Context<AuthEnv>, message: string): Promise<never> => {
    const wait = await inviteFailures.recordFailure(requestAddress(c, trustProxy), clock());
    if (wait > 0) {
      throw new HttpError(429, 'Too many invalid invite links from here; try again later', {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    }
    throw new HttpError(400, message);
  };
  const liveInvite = async (c: Context<AuthEnv>, token: string, now: number) => {
    const found = await lookUpInvite(db, community.id, token, now);
    return found.state === 'live' ? found.invite : refuseToken(c, deadInviteMessage(found.state));
  };

  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);

  /** The user, locked, with the community's active Admins locked too (the last-Admin rule). */
  const lockedUser = async (tx: Queryable, id: number) => {
    const admins = await tx.query<{ id: number }>(
      `SELECT id FROM users WHERE community_id = $1 AND role = 'admin' AND removed_at IS NULL
        ORDER BY id FOR UPDATE`,
      [community.id],
    );
    const [row] = await tx.query<Row>(
      `SELECT id, name, email, role, totp_enabled FROM users
        WHERE community_id = $1 AND id = $2 AND removed_at IS NULL FOR UPDATE`,
      [community.id, id],
    );
    if (!row) throw new HttpError(404, `No user ${id}`);
    return { row, isLastAdmin: row.role === 'admin' && admins.length <= 1 };
  };

  routes.get(users, async () => {
    const rows = await db.query<Row>(
      `SELECT id, name, email, role, totp_enabled FROM users
        WHERE community_id = $1 AND removed_at IS NULL ORDER BY lower(name), id`,
      [community.id],
    );
    return kit.json(200, rows.map(toSummary));
  });

  routes.get(invites, async () => {
    const rows = await db.query<{
      id: number;
      email: string;
      role: Role;
      created_at: Date | string;
      expires_at: Date | string;
      invited_by: string | null;
    }>(
      `SELECT i.id, i.email, i.role, i.created_at, i.expires_at, u.name AS invited_by
         FROM invites i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.community_id = $1 AND i.accepted_at IS NULL AND i.expires_at > $2
        ORDER BY i.created_at DESC, i.id DESC`,
      [community.id, new Date(clock()).toISOString()],
    );
    const list: PendingInvite[] = rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      invitedBy: row.invited_by,
    }));
    return kit.json(200, list);
  });

  routes.delete(`${invites}/:id`, async (c) => {
    const id = pathId(c, 'pending invite');
    const now = clock();
    await db.transaction(async (tx) => {
      // Deleted, not marked: accepting looks the token up and so finds nothing, as for a link
      // that never existed. An accept running at the same moment holds the row; whichever
      // commits first wins and the other finds the invite gone or accepted.
      const [row] = await tx.query<{ email: string; role: Role; expires_at: Date | string }>(
        `DELETE FROM invites
          WHERE community_id = $1 AND id = $2 AND accepted_at IS NULL AND expires_at > $3
          RETURNING email, role, expires_at`,
        [community.id, id, new Date(now).toISOString()],
      );
      if (!row) throw new HttpError(404, noPendingInvite(id));
      const before = {
        email: row.email,
        role: row.role,
        expiresAt: new Date(row.expires_at).toISOString(),
      };
      await audit(tx, { ...who(c), action: 'user.invite.revoke', target: row.email, before }, now);
    });
    return kit.reply(204, null, {});
  });

  routes.post(invites, async (c) => {
    const input = await readJson(c, InviteInputSchema);
    const token = randomBytes(32).toString('base64url');
    const now = clock();
    const invite: Invite = {
      email: input.email,
      role: input.role,
      invitePath: `/accept-invite#token=${token}`,
      expiresAt: new Date(now + INVITE_LIFETIME_MS).toISOString(),
    };
    await db.transaction(async (tx) => {
      // Invites of one address queue here, so the replaced link below is the one really pending
      // (the partial unique index of migration 019 holds even without this).
      await tx.query(
        `SELECT pg_advisory_xact_lock(hashtext('invite:' || $1 || ':' || lower($2)))`,
        [community.id, input.email],
      );
      const [account] = await tx.query<{ community_id: number; removed: boolean }>(
        `SELECT community_id, removed_at IS NOT NULL AS removed FROM users
          WHERE lower(email) = lower($1) FOR UPDATE`,
        [input.email],
      );
      // A removed user of this community may be invited again: accepting brings the account back.
      if (account && (!account.removed || account.community_id !== community.id)) {
        throw new HttpError(409, ACCOUNT_EXISTS);
      }
      // One live link per address: the new one replaces the pending one, which stops working.
      const replaced = await tx.query<{ role: Role; expires_at: Date | string }>(
        `DELETE FROM invites
          WHERE community_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL
          RETURNING role, expires_at`,
        [community.id, input.email],
      );
      await storeInvite(tx, {
        token,
        communityId: community.id,
        email: input.email,
        role: input.role,
        invitedBy: c.get('principal').user?.id ?? null,
        now,
        expiresAt: invite.expiresAt,
      });
      // The token itself never reaches the audit log.
      const before = replaced[0]
        ? {
            email: input.email,
            role: replaced[0].role,
            expiresAt: new Date(replaced[0].expires_at).toISOString(),
          }
        : undefined;
      const after = {
        email: invite.email,
        role: invite.role,
        expiresAt: invite.expiresAt,
        ...(account ? { reactivates: true } : {}),
      };
      await audit(
        tx,
        { ...who(c), action: 'user.invite', target: input.email, before, after },
        now,
      );
    });
    return kit.json(201, invite);
  });

  routes.patch(`${users}/:id`, async (c) => {
    const id = pathId(c, 'user');
    const { role } = await readJson(c, UserPatchSchema);
    const updated = await db.transaction(async (tx) => {
      const { row, isLastAdmin } = await lockedUser(tx, id);
      if (role === row.role) return toSummary(row);
      if (isLastAdmin) throw new HttpError(409, LAST_ADMIN);
      // A new Admin enrols an authenticator at the next sign-in (access.ts: "enrolling").
      await tx.query(`UPDATE users SET role = $2 WHERE id = $1`, [id, role]);
      const after = { ...toSummary(row), role };
      const withdrawn =
        row.role === 'admin' ? await withdrawInvitesSentBy(tx, community.id, id) : [];
      await audit(
        tx,
        {
          ...who(c),
          action: 'user.role',
          target: row.email,
          before: toSummary(row),
          after: withdrawn.length ? { ...after, withdrawnInvites: withdrawn } : after,
        },
        clock(),
      );
      return after;
    });
    return kit.json(200, updated);
  });

  routes.delete(`${users}/:id`, async (c) => {
    const id = pathId(c, 'user');
    await db.transaction(async (tx) => {
      const { row, isLastAdmin } = await lockedUser(tx, id);
      if (isLastAdmin) throw new HttpError(409, LAST_ADMIN);
      await tx.query(`UPDATE users SET removed_at = $2 WHERE id = $1`, [
        id,
        new Date(clock()).toISOString(),
      ]);
      await tx.query(`DELETE FROM sessions WHERE user_id = $1`, [id]);
      await tx.query(`DELETE FROM known_devices WHERE user_id = $1`, [id]);
      // Their devices get no more notifications (a queued one finds its subscription gone).
      await tx.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [id]);
      const schedules = await leaveSchedules(tx, community.id, id);
      const withdrawn = await withdrawInvitesSentBy(tx, community.id, id);
      await audit(
        tx,
        {
          ...who(c),
          action: 'user.remove',
          target: row.email,
          before: toSummary(row),
          after: {
            removed: true,
            ...schedules,
            ...(withdrawn.length ? { withdrawnInvites: withdrawn } : {}),
          },
        },
        clock(),
      );
    });
    return kit.reply(204, null, {});
  });

  // The accept page asks first, so a dead link says so before anyone fills in the form. Read
  // only: nothing is audited, the invite stays as it was.
  routes.post(acceptCheck, async (c) => {
    const { token } = await readJson(c, InviteCheckInputSchema);
    const invite = await liveInvite(c, token, clock());
    const live: InviteCheck = {
      email: invite.email,
      role: invite.role,
      expiresAt: new Date(invite.expires_at).toISOString(),
    };
    return kit.json(200, live);
  });

  routes.post(accept, async (c) => {
    const input = await readJson(c, AcceptInviteSchema);
    // The token first: the password is hashed (argon2, ~140 ms of CPU) only for a live invite,
    // so a flood of made-up tokens costs a lookup each.
    await liveInvite(c, input.token, clock());
    const passwordHash = await hashPassword(input.password);
    const now = clock();
    const created = await db.transaction(async (tx) => {
      // Again, locked: an accept of the same link that committed meanwhile (a second tab, a
      // double click) makes this one "already used".
      const found = await lookUpInvite(tx, community.id, input.token, now, { lock: true });
      if (found.state !== 'live') throw new HttpError(400, deadInviteMessage(found.state));
      const { invite } = found;
      const fields = { email: invite.email, name: input.name, role: invite.role, passwordHash };
      const [account] = await tx.query<Row & { community_id: number; removed: boolean }>(
        `SELECT id, community_id, name, email, role, totp_enabled, removed_at IS NOT NULL AS removed
           FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
        [invite.email],
      );
      let id: number | null;
      let before: (UserSummary & { removed: true }) | undefined;
      if (!account) {
        id = await insertUser(tx, community.id, fields, now);
      } else if (account.removed && account.community_id === community.id) {
        id = await reactivate(tx, account.id, fields);
        before = { ...toSummary(account), removed: true };
      } else {
        id = null;
      }
      if (id === null) throw new HttpError(409, 'An account with this address already exists');
      await tx.query(`UPDATE invites SET accepted_at = $2 WHERE token_hash = $1`, [
        inviteTokenHash(input.token),
        new Date(now).toISOString(),
      ]);
      const after = { id, name: input.name, email: invite.email, role: invite.role };
      await audit(
        tx,
        {
          communityId: community.id,
          userId: id,
          action: 'user.accept-invite',
          target: invite.email,
          before,
          after,
          address: requestAddress(c, trustProxy),
        },
        now,
      );
      return after;
    });
    return kit.json(201, { email: created.email, role: created.role });
  });

  return routes;
}
