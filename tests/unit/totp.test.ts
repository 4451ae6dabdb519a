import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUri,
  totp,
} from '../../server/auth/totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP', () => {
  it('RFC 4226 appendix D: HOTP values for counters 0-9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('RFC 6238 appendix B, SHA-1, T=%i s: %s', (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
  });

  it('base32 round-trips and reads the RFC secret', () => {
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_KEY);
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('accepts the code of the previous, current and next step, and no other', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1111111111_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, hotp(RFC_KEY, step), now)).toBe(step);
    expect(matchTotp(secret, hotp(RFC_KEY, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, hotp(RFC_KEY, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, hotp(RFC_KEY, step - 2), now)).toBeNull();
    expect(matchTotp(secret, hotp(RFC_KEY, step + 2), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps scan', () => {
    const text = otpauthUri('ABCDEF', 'admin@example.org');
    expect(text.startsWith('otpauth://totp/CommonGround%3Aadmin%40example.org?')).toBe(true);
    const uri = new URL(text);
    expect(uri.searchParams.get('secret')).toBe('ABCDEF');
    expect(uri.searchParams.get('issuer')).toBe('CommonGround');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
