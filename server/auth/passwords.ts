import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id through @node-rs/argon2 (prebuilt native binaries, no compiler at install): its
 * defaults are OWASP's minimum (19 MiB, 2 passes, 1 lane) and the PHC string carries them, so
 * stronger settings later still verify old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing anyone knows: unknown emails are checked against it, at the same cost. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`; with no stored hash (no such account) the same argon2
 * work runs against a decoy, so the time taken does not tell unknown emails apart.
 */
export async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  decoy ??= hash(randomBytes(32).toString('base64'));
  const target = stored ?? (await decoy);
  try {
    const ok = await verify(target, password);
    return ok && stored !== null;
  } catch {
    return false; // a malformed stored hash signs no one in
  }
}
