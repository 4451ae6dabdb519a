import { SESSION_ENDED_KEY, SIGN_OUT_PENDING_KEY } from '../lib/storage-keys';
import { readStoredFlag, writeStoredFlag } from '../lib/stored-flag';
import { SESSION_ENDED_COOKIE } from './contract';

/**
 * How the app learns that who it is has changed elsewhere: the session ended (signed out from
 * another device, a new password, removed by an Admin, expired), or the role changed. A request
 * answered 401 or 403 reports it here, and the query client then asks /api/me again: the shell
 * sees the user gone and says so once, or shows the new role and what it may do.
 * A sign-out made on this device is marked first, so it is not taken for one made elsewhere.
 */
const ACCESS_REFUSED_EVENT = 'commonground:access-refused';

export function reportAccessRefused(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(ACCESS_REFUSED_EVENT));
}

export function onAccessRefused(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener(ACCESS_REFUSED_EVENT, listener);
  return () => window.removeEventListener(ACCESS_REFUSED_EVENT, listener);
}

let ownSignOut = false;

/** This device is signing out (Sign out, Sign out everywhere): the user leaving is expected. */
export function markOwnSignOut(): void {
  ownSignOut = true;
}

/** Whether the user leaving is this device's own sign-out (read during render: no change). */
export function isOwnSignOut(): boolean {
  return ownSignOut;
}

/** Where every sign-out lands (the sign-in page): from now on a user leaving is news again. */
export function clearOwnSignOut(): void {
  ownSignOut = false;
  endedByServer = false;
}

/**
 * The server says a session has ended only once (its answer drops the cookie; the next request
 * is the demo viewer's). So the news is kept on the device until its data is wiped: a page
 * closed or reloaded in the moment between that answer and the end of the wipe would otherwise
 * open next time as the demo, with the ended user's snapshot still on the device. It is kept
 * twice: by this page once it reads the answer (localStorage), and by the browser as the answer
 * arrives (the server's SESSION_ENDED_COOKIE), for a page reloaded or closed before its script
 * read it. Either one means a wipe is owed. (With both blocked there is no session to end.)
 */
let endedByServer = isWipeOwed() && !isSignOutPending();

/**
 * A sign-out this device made with no connection and the server has not heard yet
 * (pending-sign-out.ts). The device was wiped as it was made, so a session found ended meanwhile
 * is no news: it idled out, or that same sign-out reached the server from a page that was left
 * before it read the answer (whose marker the browser kept all the same).
 */
export function isSignOutPending(): boolean {
  return readStoredFlag(SIGN_OUT_PENDING_KEY);
}

/**
 * The server has heard the sign-out this device made offline: if it answered that the session
 * had already ended, the marker that answer left is no news either.
 */
export function ownSignOutHeard(): void {
  clearEndedCookie();
}

/** The server said this device's session has ended (a 401 with SESSION_ENDED_HEADER). */
export function markEndedByServer(): void {
  endedByServer = true;
  // A late answer to this device's own sign-out is no news: that sign-out wipes the device.
  if (ownSignOut) clearEndedCookie();
  else writeStoredFlag(SESSION_ENDED_KEY, true);
}

/**
 * Whether the server said so since the last sign-in page, on this page or on one that went before
 * its wipe was done (read during render: no change).
 */
export function isEndedByServer(): boolean {
  return endedByServer;
}

/** Whether an ended session's data is still on the device, its wipe not yet done. */
export function isWipeOwed(): boolean {
  return readStoredFlag(SESSION_ENDED_KEY) || hasEndedCookie();
}

/** The device's offline data is gone (persist.ts, deleteOfflineCopies, where every wipe ends). */
export function settleOwedWipe(): void {
  writeStoredFlag(SESSION_ENDED_KEY, false);
  clearEndedCookie();
}

function hasEndedCookie(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.cookie.split('; ').includes(`${SESSION_ENDED_COOKIE}=1`)
  );
}

function clearEndedCookie(): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_ENDED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
