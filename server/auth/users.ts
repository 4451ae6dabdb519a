import type { Role } from '../../src/api/contract';
import type { Queryable } from '../db/database';

/** An account as the server knows it (one row of `users`, never removed). */
export type User = {
  id: number;
  communityId: number;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  totpSecret: string | null;
  totpEnabled: boolean;
};

type UserRow = {
  id: number;
  community_id: number;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: boolean;
};

export const USER_COLUMNS =
  'u.id, u.community_id, u.email, u.name, u.role, u.password_hash, u.totp_secret, u.totp_enabled';

export function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    communityId: row.community_id,
    email: row.email,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpEnabled: row.totp_enabled,
  };
}

/** The active account with this email (any letter case) in the community, or null. */
export async function findUserByEmail(
  db: Queryable,
  communityId: number,
  email: string,
): Promise<User | null> {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u
      WHERE lower(u.email) = lower($1) AND u.community_id = $2 AND u.removed_at IS NULL`,
    [email, communityId],
  );
  return row ? userFromRow(row) : null;
}

export type NewUser = {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  totpSecret?: string | null;
};

/** Creates an account; null when the email is taken (in any letter case). */
export async function insertUser(
  db: Queryable,
  communityId: number,
  user: NewUser,
  now: number,
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (community_id, email, name, role, password_hash, totp_secret, totp_enabled,
                        created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id`,
    [
      communityId,
      user.email,
      user.name,
      user.role,
      user.passwordHash,
      user.totpSecret ?? null,
      Boolean(user.totpSecret),
      new Date(now).toISOString(),
    ],
  );
  return row?.id ?? null;
}
