/**
 * The address an invitation was just accepted for, handed from the accept page to the sign-in
 * page in the router's history state: never in the URL, so no server log, referrer or shared
 * link carries it, and it stays with that one history entry of this tab.
 */
export type SignInHandoff = { invitedEmail: string };

export function signInHandoff(email: string | undefined): SignInHandoff | undefined {
  return email ? { invitedEmail: email } : undefined;
}

/** The handed-over address from a location's state, or null (anything else is ignored). */
export function handedOverEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('invitedEmail' in state)) return null;
  const email = state.invitedEmail;
  return typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
}
