import { AcceptInviteSchema, PASSWORD_TOO_SHORT, isLongEnoughPassword } from '../../api/contract';

/**
 * What the sign-in and invitation pages say when something is wrong. The server's 400 answers
 * name its schema ("Invalid body: email: must have at least 3 characters"), which means nothing to
 * the person at the keyboard: the fields are checked here before sending, and whatever schema
 * text still comes back is replaced by a plain sentence.
 */

export type CredentialField = 'email' | 'password' | 'code';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The server's own words for an invite link that cannot be used (server/users/routes.ts): one
 * it never issued (or revoked, or replaced), one past its 7 days, one already accepted, and one
 * accepted whose account an Admin has removed since (no account to sign in to).
 */
export const INVITE_INVALID =
  'This invite link is not valid: it may be incomplete, or have been replaced by a newer invite or withdrawn. Ask an Admin for a new one.';
export const INVITE_EXPIRED =
  'This invite link has expired: invitations work for 7 days. Ask an Admin for a new one.';
export const INVITE_USED =
  'This invite has already been used. Sign in with the email and password you chose.';
export const INVITE_ACCOUNT_REMOVED =
  'This invite link is no longer valid. Ask an Admin for a new one.';

// Loose on purpose: the server decides whether the account exists; this only catches a value
// that cannot be an address at all (empty, a name typed into the wrong box).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your email address.';
  if (!EMAIL_SHAPE.test(trimmed)) return 'Enter an email address like name@example.com.';
  return undefined;
}

export function passwordError(password: string): string | undefined {
  return password ? undefined : 'Enter your password.';
}

/** A password being chosen (an invitation, a change): the server's minimum, said first here. */
export function newPasswordError(password: string): string | undefined {
  return isLongEnoughPassword(password) ? undefined : PASSWORD_TOO_SHORT;
}

const isSchemaText = (message: string) => /^Invalid body\b/i.test(message);

/**
 * The one sentence for an authenticator code that is not six digits: the sign-in's code step
 * asks with it (server/auth/routes.ts, TOTP_REQUIRED), the first set-up and the Account page's
 * forms check the code with it before sending, and the server refuses a malformed set-up code
 * with it.
 */
export const ENTER_SIX_DIGIT_CODE = 'Enter the 6-digit code from your authenticator app.';

/** Six digits, typed with or without spaces ("123 456"); null when it is not that. */
export function sixDigitCode(typed: string): string | null {
  const code = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * Whether the server refused the set-up's code for its shape: in the shared sentence, or (a
 * server from before it) in its schema text, which the set-up's one field can only be about.
 */
export function isSetupCodeShapeRefusal(error: string): boolean {
  return error === ENTER_SIX_DIGIT_CODE || isSchemaText(error);
}

/** The set-up's code (an authenticator code only: no recovery code exists yet). */
export function setupCodeError(code: string): string | undefined {
  return sixDigitCode(code) ? undefined : ENTER_SIX_DIGIT_CODE;
}

export function codeError(code: string): string | undefined {
  return code.trim() ? undefined : 'Enter the code from your authenticator app.';
}

/** The credentials step's fields, in the order they are on screen. */
export function credentialErrors(values: {
  email: string;
  password: string;
}): FieldErrors<CredentialField> {
  const errors: FieldErrors<CredentialField> = {};
  const email = emailError(values.email);
  const password = passwordError(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}

/** The first field (in `order`) that has an error, to move the focus to. */
export function firstInvalid<F extends string>(
  order: readonly F[],
  errors: FieldErrors<F>,
): F | undefined {
  return order.find((field) => errors[field]);
}

/** A refused sign-in, in words for the person: never the server's schema text. */
export function signInFailureMessage(failure: {
  error: string;
  retryAfterSeconds?: number;
}): string {
  if (failure.retryAfterSeconds !== undefined && failure.retryAfterSeconds > 0) {
    return lockedOutMessage(failure.retryAfterSeconds);
  }
  if (isSchemaText(failure.error)) return 'Check what you entered, then try again.';
  return failure.error;
}

/** Rounded up: "about 14 minutes" for 900 s would send the person back a minute too early. */
export function lockedOutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins; try again in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** A token the server could accept at all (its length); anything else is a damaged link. */
export function isWellFormedInviteToken(token: string): boolean {
  return AcceptInviteSchema.shape.token.safeParse(token).success;
}

/**
 * A refused invitation: the server's schema text about the token means the link is damaged,
 * which the person can only fix the same way as an unknown one (ask for a new link).
 */
export function inviteFailureMessage(error: string): string {
  if (/^Invalid body:.*\btoken\b/i.test(error)) return INVITE_INVALID;
  if (isSchemaText(error)) return 'Check what you entered, then try again.';
  return error;
}

/** Why the sign-in page opened, from its query (?ended=1, ?signed-out=everywhere), or null. */
export function signedOutNotice(params: URLSearchParams): string | null {
  if (params.get('signed-out') === 'everywhere') {
    return "You are signed out on every device. This device's saved data was cleared.";
  }
  if (params.get('ended') === '1') {
    return "Your session ended: you were signed out on another device, your password was changed, or it expired. This device's saved data was cleared; sign in again.";
  }
  return null;
}
