import { useState } from 'react';
import type { Me } from '../api/contract';
import { isEndedByServer, isOwnSignOut } from '../api/session-end';

/**
 * Whether the signed-in user has just gone without this device signing out: their session
 * ended elsewhere (signed out from another device, a new password, removed by an Admin,
 * expired). Kept from render to render, as React's "information from previous renders".
 */
export function useSessionEnded(me: Me | null | undefined): boolean {
  const current = me === undefined ? undefined : me && !me.demo ? me.user.email : null;
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  if (current !== undefined && current !== signedInAs) {
    setSignedInAs(current);
    if (signedInAs !== null && !isOwnSignOut()) setEnded(true);
  }
  // Opened afresh with an ended session's cookie: no user was seen on this page, but the server
  // said so, and the device may hold that user's saved data. Kept once seen: the wipe empties the
  // cache, who is looking with it, and the pages must not come back (and fetch, and be saved)
  // while it is asked again.
  if (!ended && current === null && isEndedByServer()) setEnded(true);
  // A state set while rendering renders again at once, before anything is shown: `ended` is then
  // the new value.
  return ended;
}
