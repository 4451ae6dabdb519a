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

let endedByServer = false;

/** The server said this device's session has ended (a 401 with SESSION_ENDED_HEADER). */
export function markEndedByServer(): void {
  endedByServer = true;
}

/** Whether the server said so since the last sign-in page (read during render: no change). */
export function isEndedByServer(): boolean {
  return endedByServer;
}
