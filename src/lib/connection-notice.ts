import type { Connectivity } from './connectivity';

/** A form's words for each way the connection can be missing; each says nothing was saved. */
export type ConnectionTexts = Record<Exclude<Connectivity, 'online'>, string>;

/**
 * What a form that writes to the server says about the connection: once, and only while it is
 * true. Before a press, the note says why nothing can be saved now (offline, or the server
 * cannot be reached). A press without a connection (or a request that did not reach the server)
 * leaves one of `texts` as the failure: it is then said as the alert instead of the note, as
 * the connection is now (offline and unreachable are not the same), and goes once the
 * connection is back; what was typed stays. Any other failure is the server's, and stays.
 */
export function connectionNotice(
  connectivity: Connectivity,
  texts: ConnectionTexts,
  failure: string | null,
): { note: string | null; failure: string | null } {
  const now = connectivity === 'online' ? null : texts[connectivity];
  return failure === texts.offline || failure === texts.unreachable
    ? { note: null, failure: now }
    : { note: now, failure };
}
