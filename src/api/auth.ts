import type { QueryClient } from '@tanstack/react-query';
import { reportServerAnswer, reportServerUnreachable } from '../lib/connectivity';
import { SIGNED_OUT_AT_KEY } from '../lib/storage-keys';
import { writeStoredFlag } from '../lib/stored-flag';
import { AUTH_PATHS } from './contract';
import { meQuery } from './me';
import { setSignOutPending } from './pending-sign-out';
import { markOwnSignOut } from './session-end';
import { deleteOfflineCopies, type SnapshotPersister } from './persist';
import { NetworkError, REQUEST_TIMEOUT_MS } from './query-fn';

/**
 * Signing out, which every screen offers, and the requests of the account actions (sign-in.ts
 * signs in, enrols an authenticator and accepts invitations). Writes need a connection; a failure
 * says plainly why, never half-signs anyone in.
 */

export type AuthFailure = {
  ok: false;
  error: string;
  totpRequired: boolean;
  /** A locked-out sign-in (429): how long the server asks to wait (its Retry-After). */
  retryAfterSeconds?: number;
};

export async function post(
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; retryAfter: string | null }> {
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
  reportServerAnswer(res.status);
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: described below
  }
  return { status: res.status, json, retryAfter: res.headers.get('Retry-After') };
}

/**
 * Wipes what this device holds of the community's data: the query cache (reports are built
 * from it), the IndexedDB snapshot and the service worker's amenity photos. A shared tablet
 * keeps nothing after sign-out. The browser's other tabs share the ended session: the time
 * written first (SIGNED_OUT_AT_KEY) makes each of them clear its cache and reload (its `storage`
 * event), and keeps their persisters from writing back anything fetched before it (persist.ts),
 * even from a tab that was frozen and never heard.
 */
export async function wipeOfflineData(
  client: QueryClient,
  persister: SnapshotPersister | null,
): Promise<void> {
  writeStoredFlag(SIGNED_OUT_AT_KEY, true);
  client.clear();
  // The clear reaches the persister as an empty cache; write that, then delete the record.
  await persister?.flush();
  await deleteOfflineCopies(persister);
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
  markOwnSignOut();
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
