/**
 * Offline (or with the server out of reach) the app cannot learn who is signed in: /api/me is
 * not saved on the device. A page then says so, and never that the role does not allow it.
 * (A module of its own: only pages loaded later need it, not the first screen's me.ts.)
 */
export function isAccountUnknown(me: {
  data: unknown;
  isError: boolean;
  fetchStatus: string;
}): boolean {
  return me.data === undefined && (me.isError || me.fetchStatus === 'paused');
}

/** Said where a page would show what only some roles may see, while the account is unknown. */
export const ACCOUNT_UNKNOWN_NOTE = 'Who is signed in cannot be checked until CommonGround answers';
