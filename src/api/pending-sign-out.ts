import { reportServerAnswer, reportServerUnreachable } from '../lib/connectivity';
import { SIGN_OUT_PENDING_KEY } from '../lib/storage-keys';
import { writeStoredFlag } from '../lib/stored-flag';
import { AUTH_PATHS } from './contract';
import { HttpError, NetworkError, REQUEST_TIMEOUT_MS } from './query-fn';
import { isSignOutPending, ownSignOutHeard } from './session-end';

/**
 * A sign-out the server has not heard yet. Signing out with no connection wipes the device at
 * once, but the session cookie is HttpOnly: only the server can end it. Until it has, the next
 * person to pick up a shared tablet would be signed in again as soon as it is back online. So
 * the sign-out is remembered on the device and sent before anything asks who is signed in.
 */

// Read in session-end.ts too, where a page starts: one reader of the flag for both.
export { isSignOutPending };

/** With storage blocked, nothing remembers the sign-out: the session idles out in 12 h. */
export function setSignOutPending(pending: boolean): void {
  writeStoredFlag(SIGN_OUT_PENDING_KEY, pending);
}

let finishing: Promise<void> | null = null;

/**
 * Sends a pending sign-out, before any other request (query-fn.ts): a data request carrying the
 * old cookie while it ends would be answered "your session has ended" instead of the demo's data.
 * Any answer from the server settles it: 200 ended the session, and a refusal (401, 403) means
 * there is no session left to end. Throws NetworkError while the server cannot be reached, so
 * no one is shown as signed in meanwhile. Callers at once share one request.
 */
export function finishPendingSignOut(): Promise<void> {
  if (!isSignOutPending()) return Promise.resolve();
  finishing ??= sendPendingSignOut().finally(() => {
    finishing = null;
  });
  return finishing;
}

async function sendPendingSignOut(): Promise<void> {
  let status: number;
  try {
    const res = await fetch(AUTH_PATHS.signOut, {
      method: 'POST',
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
    });
    status = res.status;
  } catch {
    reportServerUnreachable();
    throw new NetworkError();
  }
  reportServerAnswer(status);
  if (status >= 500) throw new HttpError(status, `The server answered ${status}; try again`);
  ownSignOutHeard();
  setSignOutPending(false);
}
