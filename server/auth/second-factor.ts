import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { base32Encode, matchTotp } from './totp';
import type { User } from './users';

export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

const hashCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** Ten codes of 50 random bits each, shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Replaces the user's recovery codes with these (stored hashed). */
export async function storeRecoveryCodes(
  db: Queryable,
  userId: number,
  codes: readonly string[],
): Promise<void> {
  await db.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
  for (const code of codes) {
    await db.query(`INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)`, [
      userId,
      hashCode(code),
    ]);
  }
}

/**
 * Checks an Admin's second factor: a 6-digit authenticator code (each accepted once: a code
 * seen at sign-in cannot be replayed by someone watching) or an unused recovery code, which is
 * spent. Both are single conditional UPDATEs, so two servers cannot accept the same code twice.
 */
export async function acceptSecondFactor(
  db: Queryable,
  user: User,
  code: string,
  now: number,
): Promise<'totp' | 'recovery' | null> {
  if (/^\d{6}$/.test(code)) {
    const step = user.totpSecret ? matchTotp(user.totpSecret, code, now) : null;
    if (step === null) return null;
    const rows = await db.query(
      `UPDATE users SET totp_last_step = $2
        WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
      [user.id, step],
    );
    return rows.length > 0 ? 'totp' : null;
  }
  if (normalizeRecoveryCode(code).length !== 10) return null;
  const rows = await db.query(
    `UPDATE recovery_codes SET used_at = $3
      WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [user.id, hashCode(code), new Date(now).toISOString()],
  );
  return rows.length > 0 ? 'recovery' : null;
}
