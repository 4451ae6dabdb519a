import * as z from 'zod/mini';
import { displayName } from './display-name';
import { RoleSchema } from './core';
import { count, nonEmpty } from './primitives';

// ---- Users (issue 11) ---------------------------------------------------------------------------

export const USERS_PATH = '/api/users';
export const INVITES_PATH = '/api/users/invites';
export const ACCEPT_INVITE_PATH = '/api/auth/accept-invite';
/** Whether an invite link still works, without using it up (a POST: the token stays out of URLs). */
export const ACCEPT_INVITE_CHECK_PATH = `${ACCEPT_INVITE_PATH}/check`;

export const UserSummarySchema = z.object({
  id: count,
  name: nonEmpty,
  email: nonEmpty,
  role: RoleSchema,
  totpEnabled: z.boolean(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;
export const UserListSchema = z.array(UserSummarySchema);

export const INVITE_EMAIL_INVALID = 'Enter a valid email address.';
// Something, an @, something, no spaces; 254 characters is the longest address mail carries.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
/** The check the server makes, so the Add User form can say the same thing before sending. */
export const isInviteEmail = (value: string): boolean => {
  const trimmed = value.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
};
// One message for every way an address can be wrong: "must have at most 254 characters" helps no one.
const email = z.string().check(z.trim(), z.refine(isInviteEmail, { error: INVITE_EMAIL_INVALID }));
export const InviteInputSchema = z.strictObject({ email, role: RoleSchema });
export const InviteSchema = z.object({
  email: nonEmpty,
  role: RoleSchema,
  /** The path to open, with the token: shown once, never stored. */
  invitePath: nonEmpty,
  expiresAt: nonEmpty,
});
export type Invite = z.infer<typeof InviteSchema>;
/** An invite not yet accepted and not expired, as the Users tab lists it: never its token. */
export const PendingInviteSchema = z.object({
  id: count,
  email: nonEmpty,
  role: RoleSchema,
  createdAt: nonEmpty,
  expiresAt: nonEmpty,
  /** The name of the Admin who sent it; null if the database does not say. */
  invitedBy: z.nullable(nonEmpty),
});
export type PendingInvite = z.infer<typeof PendingInviteSchema>;
export const PendingInviteListSchema = z.array(PendingInviteSchema);
export const UserPatchSchema = z.strictObject({ role: RoleSchema });

export const MIN_PASSWORD_LENGTH = 10;
export const PASSWORD_TOO_SHORT = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters, not counting spaces.`;
/**
 * A password worth having: at least MIN_PASSWORD_LENGTH characters that are not spaces (ten
 * spaces passed a plain length check). Spaces inside a passphrase are fine; they just don't count.
 */
export const isLongEnoughPassword = (password: string): boolean =>
  password.replace(/\s/g, '').length >= MIN_PASSWORD_LENGTH;
/** A new password, as the server checks it (an invitation, a change). */
export const newPasswordSchema = z
  .string()
  .check(z.maxLength(1024), z.refine(isLongEnoughPassword, { error: PASSWORD_TOO_SHORT }));
export const AcceptInviteSchema = z.strictObject({
  token: z.string().check(z.minLength(20), z.maxLength(100)),
  name: displayName(100),
  password: newPasswordSchema,
});
export type AcceptInvite = z.infer<typeof AcceptInviteSchema>;
export const InviteCheckInputSchema = z.strictObject({ token: AcceptInviteSchema.shape.token });
/** A live invite, as the person holding its link may see it before accepting. */
export const InviteCheckSchema = z.object({
  email: nonEmpty,
  role: RoleSchema,
  expiresAt: nonEmpty,
});
export type InviteCheck = z.infer<typeof InviteCheckSchema>;
