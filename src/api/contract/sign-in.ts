import * as z from 'zod/mini';
import { nonEmpty } from './primitives';

/** Sign-in and authenticator enrolment (README, "Accounts, roles and demo mode"). */

export const SignInBodySchema = z.object({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** A 6-digit authenticator code or a recovery code (Admins). */
  code: z.optional(z.string().check(z.trim(), z.maxLength(32))),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** A refused sign-in: `totpRequired` asks for the authenticator step. */
export const SignInErrorSchema = z.object({
  error: z.string(),
  totpRequired: z.optional(z.boolean()),
});

export const TotpSetupSchema = z.object({ secret: nonEmpty, uri: nonEmpty });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;
export const TotpConfirmBodySchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/)),
});
export const TotpConfirmSchema = z.object({ recoveryCodes: z.array(nonEmpty) });
