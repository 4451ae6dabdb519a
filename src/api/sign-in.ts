import {
  ACCEPT_INVITE_PATH,
  AUTH_PATHS,
  MeSchema,
  SignInErrorSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
  type AcceptInvite,
  type Me,
  type SignInBody,
  type TotpSetup,
} from './contract';
import { post, type AuthFailure } from './auth';
import { setSignOutPending } from './pending-sign-out';

/**
 * The account actions of the sign-in and invitation pages: sign in, enrol an authenticator,
 * accept an invitation (auth.ts signs out, from every screen).
 */

function failure(status: number, json: unknown, retryAfter: string | null = null): AuthFailure {
  const parsed = SignInErrorSchema.safeParse(json);
  const base: AuthFailure = parsed.success
    ? { ok: false, error: parsed.data.error, totpRequired: parsed.data.totpRequired ?? false }
    : { ok: false, error: `The server answered ${status}; try again`, totpRequired: false };
  // Only delay-seconds: an HTTP date would need a clock the server and phone agree on.
  const seconds = status === 429 && retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : 0;
  return seconds > 0 ? { ...base, retryAfterSeconds: seconds } : base;
}

export async function signIn(body: SignInBody): Promise<{ ok: true; me: Me } | AuthFailure> {
  const { status, json, retryAfter } = await post(AUTH_PATHS.signIn, body);
  if (status !== 200) return failure(status, json, retryAfter);
  // A new session: a sign-out still waiting for the connection must not end it.
  setSignOutPending(false);
  const me = MeSchema.safeParse(json);
  return me.success ? { ok: true, me: me.data } : failure(status, null);
}

export async function startTotpSetup(): Promise<{ ok: true; setup: TotpSetup } | AuthFailure> {
  const { status, json } = await post(AUTH_PATHS.totpSetup);
  const setup = TotpSetupSchema.safeParse(json);
  return status === 200 && setup.success ? { ok: true, setup: setup.data } : failure(status, json);
}

export async function confirmTotp(
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | AuthFailure> {
  const { status, json } = await post(AUTH_PATHS.totpConfirm, { code });
  const confirmed = TotpConfirmSchema.safeParse(json);
  return status === 200 && confirmed.success
    ? { ok: true, recoveryCodes: confirmed.data.recoveryCodes }
    : failure(status, json);
}

/** Creates the invited account (201); the invite link works once, for 7 days. */
export async function acceptInvite(
  body: AcceptInvite,
): Promise<{ ok: true; email: string } | AuthFailure> {
  const { status, json } = await post(ACCEPT_INVITE_PATH, body);
  if (status !== 201) return failure(status, json);
  const email =
    json && typeof json === 'object' && 'email' in json && typeof json.email === 'string'
      ? json.email
      : '';
  return { ok: true, email };
}
