import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AUDIT_EXPORT_PATH,
  AUDIT_PATH,
  AuditPageSchema,
  COMMUNITY_PATH,
  CommunityProfileSchema,
  type CommunityPatch,
  type CommunityProfile,
} from './contract';
import { communityQuery } from './community';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';
import { getCsvFile, parser, SAVED_UNKNOWN, send, type Outcome } from './send';

/**
 * The Admins' side of the community (Settings): the profile's changes and the audit log. Apart
 * from community.ts, which every screen reads, so the first screen does not load them.
 */

export const COMMUNITY_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Changing the community profile needs a connection; nothing was saved.";

/** PATCH /api/community (Admins); on success every view re-reads in the new zone. */
export async function updateCommunity(
  client: QueryClient,
  patch: CommunityPatch,
): Promise<Outcome<CommunityProfile>> {
  const outcome = await send('PATCH', COMMUNITY_PATH, {
    json: patch,
    parse: parser(CommunityProfileSchema),
    offlineMessage: COMMUNITY_OFFLINE_MESSAGE,
  });
  if (outcome.ok) {
    client.setQueryData(communityQuery().queryKey, outcome.value);
    // Names and zones are in every answer (me, analytics, reports): read them all again.
    await client.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== COMMUNITY_PATH,
    });
  } else if (outcome.error === SAVED_UNKNOWN) {
    // Perhaps saved: every view reads the profile, and what depends on it, again.
    await client.invalidateQueries();
  }
  return outcome;
}

/** `from` and `to`: days (yyyy-mm-dd) of the community's time zone, both included; '' for none. */
export type AuditFilter = { action: string; before: number | null; from?: string; to?: string };

/** One page of the audit log (Admins), newest first. */
export function auditQuery({ action, before, from = '', to = '' }: AuditFilter, limit = 25) {
  return queryOptions({
    queryKey: [
      AUDIT_PATH,
      { limit, action: action || undefined, before, from: from || undefined, to: to || undefined },
    ],
    queryFn: contractQueryFn(AuditPageSchema),
  });
}

/** The audit log as the server's CSV file, with the page's choice (Show, From, To). */
export function fetchAuditCsv({ action, from, to }: { action: string; from: string; to: string }) {
  const search = new URLSearchParams();
  if (action) search.set('action', action);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  const query = search.toString();
  return getCsvFile(`${AUDIT_EXPORT_PATH}${query ? `?${query}` : ''}`, {
    offlineMessage: "Can't reach CommonGround. Downloading the audit log needs a connection.",
    fallbackName: 'audit-log.csv',
    // Up to 10,000 entries: more than a page's wait.
    timeoutMs: REQUEST_TIMEOUT_MS * 3,
  });
}
