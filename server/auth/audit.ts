import type { Queryable } from '../db/database';

export type AuditEntry = {
  communityId: number;
  /** Who acted; null when no account is known (a failed sign-in for an unknown email). */
  userId: number | null;
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  address?: string | null;
};

/**
 * Writes one audit row; pass the transaction of the change so both commit or neither does. An
 * update that changed nothing (an empty PATCH, or one sending the values already stored: the
 * same before and after) is not a change, and is not logged as one.
 */
export async function audit(db: Queryable, entry: AuditEntry, now: number): Promise<void> {
  if (
    entry.action.endsWith('.update') &&
    entry.before !== undefined &&
    JSON.stringify(entry.before) === JSON.stringify(entry.after)
  ) {
    return;
  }
  await db.query(
    `INSERT INTO audit_log (community_id, user_id, at, action, target, before, after, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.communityId,
      entry.userId,
      new Date(now).toISOString(),
      entry.action,
      entry.target ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.address ?? null,
    ],
  );
}

/** Keys whose values are never shown, at any depth: secrets, hashes, tokens, passwords, codes. */
const SECRET_KEY = /secret|password|token|hash|recovery|totp|api_?key|^key$|^code_?hash/i;
export const HIDDEN = '[hidden]';

/**
 * A key naming how many there are ("recoveryCodes": 10, "tokenCount", "code_count"), not one of
 * them; a word ending in the same letters ("account") is not one.
 */
const COUNT_KEY = /(?:Codes|Count|(?:^|_)(?:codes|count))$/;

/**
 * Whether a value under a secret-named key tells nothing secret: a yes or no ("totpEnabled"),
 * or a whole number under a key naming a count (how many recovery codes were made). Codes
 * themselves are text or lists, and a number under any other key (a "code") stays hidden.
 */
const isNotSecret = (key: string, value: unknown) =>
  typeof value === 'boolean' ||
  (COUNT_KEY.test(key) && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);

/**
 * A copy of an audit value with every secret-named key's value replaced by "[hidden]", except a
 * yes/no or a count under it (isNotSecret).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return HIDDEN;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      !SECRET_KEY.test(key) || isNotSecret(key, item) ? redactSecrets(item, depth + 1) : HIDDEN,
    ]),
  );
}
