import { ECDH } from 'node:crypto';
import { HttpError } from '../../errors';

/**
 * A subscription's keys as the encryption of every push needs them (RFC 8291): `p256dh` a point
 * of the P-256 curve, `auth` 16 bytes. A browser always sends such keys; anything else would be
 * stored, then fail at each send as if the push service were down, so it is a 400 here.
 */
export function checkSubscriptionKeys(keys: { p256dh: string; auth: string }): void {
  try {
    ECDH.convertKey(Buffer.from(keys.p256dh, 'base64url'), 'prime256v1');
  } catch {
    throw new HttpError(400, 'keys.p256dh: not a public key of the P-256 curve');
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw new HttpError(400, 'keys.auth: expected 16 bytes');
  }
}
