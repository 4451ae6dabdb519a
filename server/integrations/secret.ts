import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Integration secrets are random and long (at least 24 characters, see demo-sensors.ts), so a
 * SHA-256 hash is what is stored: a leaked database does not give the webhook secret away, and
 * no slow password hash is needed for a value that cannot be guessed.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A hash that matches no secret: compared against when the integration is unknown. */
const NO_SECRET = '0'.repeat(64);

/**
 * Whether `given` is the secret whose hash is `storedHash`, in time that depends on neither (both
 * sides are 32-byte digests). An unknown integration (`storedHash` undefined) costs the same.
 */
export function secretMatches(given: string, storedHash: string | undefined): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = Buffer.from(storedHash ?? NO_SECRET, 'hex');
  return b.length === a.length && timingSafeEqual(a, b) && storedHash !== undefined;
}

/** The secret of an `Authorization: Bearer <secret>` header, or '' when there is none. */
export function bearerSecret(header: string | undefined): string {
  return /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '')?.[1] ?? '';
}
