import { randomBytes } from 'node:crypto';
import { audit } from '../auth/audit';
import type { Community } from '../community';
import type { Database } from '../db/database';
import { INVITE_LIFETIME_MS, storeInvite } from './routes';

/**
 * While the community has no account at all, a new invite link for its first Admin (the one
 * before it stops working), so a lost or expired link comes back with a restart. Null once anyone
 * has an account. Under an advisory lock: servers starting together make one link, and the others
 * find one made less than a minute ago ('made-just-now': it is in that server's log).
 */
export async function firstAdminInvite(
  db: Database,
  community: Community,
  email: string,
  now: number,
): Promise<{ invitePath: string; expiresAt: string } | 'made-just-now' | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + INVITE_LIFETIME_MS).toISOString();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('first-admin:' || $1))`, [community.id]);
    const [someone] = await tx.query(`SELECT 1 FROM users WHERE community_id = $1 LIMIT 1`, [
      community.id,
    ]);
    if (someone) return null;
    // A server that started a moment ago made a link: that one stands.
    const [fresh] = await tx.query(
      `SELECT 1 FROM invites
        WHERE community_id = $1 AND accepted_at IS NULL AND created_at > $2 LIMIT 1`,
      [community.id, new Date(now - 60_000).toISOString()],
    );
    if (fresh) return 'made-just-now';
    await tx.query(`DELETE FROM invites WHERE community_id = $1 AND accepted_at IS NULL`, [
      community.id,
    ]);
    await storeInvite(tx, {
      token,
      communityId: community.id,
      email,
      role: 'admin',
      invitedBy: null,
      now,
      expiresAt,
    });
    await audit(
      tx,
      {
        communityId: community.id,
        userId: null,
        action: 'user.invite',
        target: email,
        after: { email, role: 'admin', expiresAt, firstAdmin: true },
        address: null,
      },
      now,
    );
    return { invitePath: `/accept-invite#token=${token}`, expiresAt };
  });
}
