import { queryOptions, useQuery } from '@tanstack/react-query';
import { ME_PATH, MeSchema } from './contract';
import { contractQueryFn } from './query-fn';

const fetchMe = contractQueryFn(MeSchema, { on401: 'returnNull' });

/**
 * Who is looking: a signed-in user, the read-only demo viewer, or null (no session and no demo:
 * the app sends the visitor to /sign-in). Not part of the offline snapshot. A sign-out made
 * offline is sent first (pending-sign-out.ts), so the old session never shows again.
 */
export function meQuery() {
  return queryOptions({
    queryKey: [ME_PATH],
    // fetchJson sends a pending sign-out first (pending-sign-out.ts).
    queryFn: fetchMe,
  });
}

export function useMe() {
  return useQuery(meQuery());
}

export { ROLE_LABELS } from '../lib/role-labels';

/** Up to two initials for the avatar, e.g. "Sarah Johnson" → "SJ". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => word?.[0] ?? '')
    .join('')
    .toUpperCase();
}
