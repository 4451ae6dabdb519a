import * as z from 'zod/mini';
import { displayName } from './display-name';
import { newPasswordSchema } from './users';
import { count, nonEmpty } from './primitives';

/**
 * A signed-in user's own account (the Account page): the sessions they are signed in with, ending
 * one of them, and changing their password. Each user only ever sees and changes their own.
 */
export const ACCOUNT_PATHS = {
  sessions: '/api/auth/sessions',
  session: '/api/auth/sessions/:id',
  password: '/api/auth/password',
  recoveryCodes: '/api/auth/recovery-codes',
  profile: '/api/auth/profile',
  authenticator: '/api/auth/authenticator',
  authenticatorConfirm: '/api/auth/authenticator/confirm',
} as const;

export const accountSessionPath = (id: string) =>
  ACCOUNT_PATHS.session.replace(':id', encodeURIComponent(id));

export const AccountSessionSchema = z.object({
  /** Names the session without revealing its token: a hash of the stored token hash. */
  id: z.string().check(z.regex(/^[0-9a-f]{16}$/)),
  /** "Chrome on Android", from the browser that signed in. */
  device: nonEmpty,
  signedInAt: nonEmpty,
  /** Written at most once a minute. */
  lastActiveAt: nonEmpty,
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionListSchema = z.array(AccountSessionSchema);

export const PasswordChangeSchema = z.strictObject({
  currentPassword: z.string().check(z.minLength(1), z.maxLength(1024)),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const PasswordChangedSchema = z.object({
  ok: z.literal(true),
  /** The user's other sessions, ended by the change: a stolen session does not outlive it. */
  otherSessionsEnded: count,
});
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

export const SessionEndedSchema = z.object({ ok: z.literal(true) });

/** Said at the Current password field; the form matches it to put it there. */
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
export const PASSWORD_UNCHANGED = 'Choose a new password, not your current one.';
/** Two changes at once (another tab, or someone else holding the old password): one wins. */
export const PASSWORD_CHANGED_ELSEWHERE =
  'Your password was changed elsewhere a moment ago, so nothing was changed here. Sign in with the new password.';

/** An Admin's recovery codes: how many are left unused (the codes themselves are only hashes). */
export const RecoveryCodesStatusSchema = z.object({ remaining: count, total: count });
export type RecoveryCodesStatus = z.infer<typeof RecoveryCodesStatusSchema>;

/**
 * A 6-digit authenticator code: new recovery codes need one from the current app (a borrowed
 * session alone cannot make them), a new authenticator one from the new app.
 */
export const AuthenticatorCodeBodySchema = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/)),
});
export const RenewedRecoveryCodesSchema = z.object({ recoveryCodes: z.array(nonEmpty) });
export type RenewedRecoveryCodes = z.infer<typeof RenewedRecoveryCodesSchema>;

export const AUTHENTICATOR_CODE_WRONG =
  'That code does not match (or was already used); enter the next code from your app.';

/** The name others see (user lists, the audit log); the email is the sign-in and stays. */
export const ProfilePatchSchema = z.strictObject({
  name: displayName(100),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

/**
 * Setting up a new authenticator (a lost or replaced phone) needs the account's password: the
 * session may have been signed in with a recovery code, and a borrowed one must not be enough.
 * The answer is the new secret (TotpSetupSchema); the old one signs in until a code confirms it.
 */
export const ReplaceAuthenticatorSchema = z.strictObject({
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});

/**
 * The code from the new app, and the key that set-up showed: a set-up started again in another
 * tab (a new key) or already finished there is said as such, not as a wrong code.
 */
export const ConfirmAuthenticatorSchema = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/)),
  secret: z.string().check(z.regex(/^[A-Z2-7]{16,64}$/)),
});
export type ConfirmAuthenticator = z.infer<typeof ConfirmAuthenticatorSchema>;

/** The replacement ends the other sessions: a lost phone's may still be signed in. */
export const AuthenticatorReplacedSchema = z.object({
  recoveryCodes: z.array(nonEmpty),
  otherSessionsEnded: count,
});
export type AuthenticatorReplaced = z.infer<typeof AuthenticatorReplacedSchema>;

export const AUTHENTICATOR_SETUP_RESTARTED =
  'This set-up was started again in another tab or window, so this QR code no longer counts. Finish it there, or start again here.';
export const AUTHENTICATOR_ALREADY_REPLACED =
  'This new authenticator is already in use: it was confirmed in another tab or window.';

export const NEW_AUTHENTICATOR_CODE_WRONG =
  'That code does not match the new authenticator; check the time on the phone and enter the code it shows now.';
export const AUTHENTICATOR_REPLACEMENT_NOT_STARTED =
  'Start setting up the new authenticator first; nothing was changed.';
