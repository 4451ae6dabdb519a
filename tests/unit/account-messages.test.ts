import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_TOTP_SECRET } from '../../server/auth/demo-accounts';
import {
  INVITE_ACCOUNT_REMOVED as SERVER_INVITE_ACCOUNT_REMOVED,
  INVITE_EXPIRED as SERVER_INVITE_EXPIRED,
  INVITE_INVALID as SERVER_INVITE_INVALID,
  INVITE_USED as SERVER_INVITE_USED,
} from '../../server/users/routes';
import {
  INVITE_ACCOUNT_REMOVED,
  INVITE_EXPIRED,
  INVITE_INVALID,
  INVITE_USED,
  credentialErrors,
  firstInvalid,
  inviteFailureMessage,
  isWellFormedInviteToken,
  lockedOutMessage,
  signInFailureMessage,
} from '../../src/features/account/account-messages';
import { DEMO_ADMIN_AUTHENTICATOR_KEY } from '../../src/features/account/demo-accounts';
import { handedOverEmail, signInHandoff } from '../../src/features/account/sign-in-handoff';

describe('sign-in field checks', () => {
  it('names each missing field in plain words', () => {
    expect(credentialErrors({ email: ' ', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
    expect(credentialErrors({ email: 'pat', password: 'x' })).toEqual({
      email: 'Enter an email address like name@example.com.',
    });
    expect(credentialErrors({ email: ' pat@oak.example ', password: 'x' })).toEqual({});
  });

  it('finds the first invalid field in screen order', () => {
    expect(firstInvalid(['email', 'password'], { password: 'Enter your password.' })).toBe(
      'password',
    );
    expect(firstInvalid(['email', 'password'], {})).toBeUndefined();
  });
});

describe('what a refused sign-in or invitation says', () => {
  it('never passes on the server’s schema text', () => {
    for (const error of [
      'Invalid body: email: must have at least 3 characters (and 1 more)',
      'Invalid body: password: must have at least 1 character',
    ]) {
      expect(signInFailureMessage({ error })).toBe('Check what you entered, then try again.');
    }
    expect(signInFailureMessage({ error: 'Email or password is incorrect' })).toBe(
      'Email or password is incorrect',
    );
  });

  it('says how long a lock-out lasts from Retry-After, rounded up to whole minutes', () => {
    expect(lockedOutMessage(900)).toBe('Too many failed sign-ins; try again in about 15 minutes');
    expect(lockedOutMessage(841)).toBe('Too many failed sign-ins; try again in about 15 minutes');
    expect(lockedOutMessage(20)).toBe('Too many failed sign-ins; try again in about 1 minute');
    expect(
      signInFailureMessage({
        error: 'Too many failed sign-ins; try again in a few minutes',
        retryAfterSeconds: 900,
      }),
    ).toBe('Too many failed sign-ins; try again in about 15 minutes');
  });

  it('a damaged invite token reads like an unknown one, in the server’s own words', () => {
    expect(INVITE_INVALID).toBe(SERVER_INVITE_INVALID);
    expect(INVITE_EXPIRED).toBe(SERVER_INVITE_EXPIRED);
    expect(INVITE_USED).toBe(SERVER_INVITE_USED);
    expect(INVITE_ACCOUNT_REMOVED).toBe(SERVER_INVITE_ACCOUNT_REMOVED);
    expect(inviteFailureMessage(INVITE_ACCOUNT_REMOVED)).toBe(INVITE_ACCOUNT_REMOVED);
    expect(inviteFailureMessage(INVITE_USED)).toBe(INVITE_USED);
    expect(inviteFailureMessage(INVITE_EXPIRED)).toBe(INVITE_EXPIRED);
    expect(inviteFailureMessage('Invalid body: token: must have at least 20 characters')).toBe(
      INVITE_INVALID,
    );
    expect(inviteFailureMessage(INVITE_INVALID)).toBe(INVITE_INVALID);
    expect(inviteFailureMessage('Invalid body: name: must have at least 1 character')).toBe(
      'Check what you entered, then try again.',
    );
    expect(isWellFormedInviteToken('abc')).toBe(false);
    expect(isWellFormedInviteToken('fixture-token-0123456789abcdef')).toBe(true);
  });

  it('hands an accepted invitation’s address to the sign-in page, and nothing else', () => {
    expect(handedOverEmail(signInHandoff('new@example.org'))).toBe('new@example.org');
    expect(signInHandoff('')).toBeUndefined();
    for (const state of [null, undefined, 'new@example.org', {}, { invitedEmail: 42 }]) {
      expect(handedOverEmail(state)).toBeNull();
    }
    expect(handedOverEmail({ invitedEmail: '   ' })).toBeNull();
  });

  it('gives visitors the demo Admin’s key the server seeds', () => {
    expect(DEMO_ADMIN_AUTHENTICATOR_KEY).toBe(DEMO_ADMIN_TOTP_SECRET);
  });
});
