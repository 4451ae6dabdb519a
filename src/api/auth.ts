import type { QueryClient } from '@tanstack/react-query';
import { reportServerReached, reportServerUnreachable } from '../lib/connectivity';
import { deletePhotoCache } from '../lib/photo-cache';
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
import { meQuery } from './me';
import { setSignOutPending } from './pending-sign-out';
import type { SnapshotPersister } from './persist';
import { NetworkError, REQUEST_TIMEOUT_MS } from './query-fn';

/**
 * The account actions: sign in, sign out, enrol an authenticator. Writes need a connection; a
 * failure says plainly why, never half-signs anyone in.
 */

export type AuthFailure = { ok: false; error: string; totpRequired: boolean };

async function post(path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    text = await res.text();
  } catch {
    reportServerUnreachable();
    throw new NetworkError(
      "Can't reach CommonGround. Signing in and out needs a connection; try again when online.",
    );
  }
  reportServerReached();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: described below
  }
  return { status: res.status, json };
}

function failure(status: number, json: unknown): AuthFailure {
  const parsed = SignInErrorSchema.safeParse(json);
  return parsed.success
    ? { ok: false, error: parsed.data.error, totpRequired: parsed.data.totpRequired ?? false }
    : { ok: false, error: `The server answered ${status}; try again`, totpRequired: false };
}

export async function signIn(body: SignInBody): Promise<{ ok: true; me: Me } | AuthFailure> {
  const { status, json } = await post(AUTH_PATHS.signIn, body);
  if (status !== 200) return failure(status, json);
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

/**
 * Wipes what this device holds of the community's data: the query cache (reports are built
 * from it), the IndexedDB snapshot and the service worker's amenity photos. A shared tablet
 * keeps nothing after sign-out.
 */
export async function wipeOfflineData(
  client: QueryClient,
  persister: SnapshotPersister | null,
): Promise<void> {
  client.clear();
  // The clear reaches the persister as an empty cache; write that, then delete the record.
  await persister?.flush();
  await persister?.removeClient();
  await deletePhotoCache();
}

/**
 * Ends the session on the server, then wipes the device whatever the server said: an offline
 * sign-out still leaves nothing behind here, and is sent to the server before anything else
 * once it can be reached (pending-sign-out.ts), so the HttpOnly cookie's session ends then.
 */
export async function signOut(
  client: QueryClient,
  persister: SnapshotPersister | null,
): Promise<{ serverSignedOut: boolean }> {
  let serverSignedOut = false;
  try {
    serverSignedOut = (await post(AUTH_PATHS.signOut)).status === 200;
  } catch (error) {
    setSignOutPending(true);
    throw error;
  } finally {
    await wipeOfflineData(client, persister);
    await client.invalidateQueries({ queryKey: meQuery().queryKey });
  }
  return { serverSignedOut };
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
