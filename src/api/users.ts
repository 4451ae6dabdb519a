import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportServerReached, reportServerUnreachable } from '../lib/connectivity';
import {
  INVITES_PATH,
  InviteSchema,
  PendingInviteListSchema,
  USERS_PATH,
  UserListSchema,
  UserSummarySchema,
  type Invite,
  type Role,
  type UserSummary,
} from './contract';
import { contractQueryFn, REQUEST_TIMEOUT_MS } from './query-fn';
import { reportAccessRefused } from './session-end';

/** The community's users (Admins only: the server answers 403 to anyone else). */
export function usersQuery() {
  return queryOptions({ queryKey: [USERS_PATH], queryFn: contractQueryFn(UserListSchema) });
}

export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQuery(), enabled });
}

/** The community's pending invites (Admins only, like the users). */
export function pendingInvitesQuery() {
  return queryOptions({
    queryKey: [INVITES_PATH],
    queryFn: contractQueryFn(PendingInviteListSchema),
  });
}

export function usePendingInvites({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingInvitesQuery(), enabled });
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export const USERS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Managing users needs a connection; nothing was changed.";

/**
 * One write; the server's own message when it refuses (e.g. the last-Admin rule), or
 * `offlineMessage` when the server cannot be reached. Shared by the users and community forms.
 */
export async function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  parse: (json: unknown) => T | null,
  offlineMessage = USERS_OFFLINE_MESSAGE,
): Promise<Outcome<T>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await res.text();
  } catch {
    reportServerUnreachable();
    return { ok: false, error: offlineMessage };
  }
  reportServerReached();
  if (res.status === 401 || res.status === 403) reportAccessRefused();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: described below
  }
  const value = res.ok ? parse(json) : null;
  if (value !== null) return { ok: true, value };
  const error =
    json !== null && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
      ? json.error
      : `The server answered ${res.status}; try again`;
  return { ok: false, error };
}

export const parser =
  <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }) =>
  (json: unknown) => {
    const parsed = schema.safeParse(json);
    return parsed.success ? parsed.data : null;
  };

export const inviteUser = (email: string, role: Role): Promise<Outcome<Invite>> =>
  send('POST', INVITES_PATH, { email, role }, parser(InviteSchema));

export const changeRole = (id: number, role: Role): Promise<Outcome<UserSummary>> =>
  send('PATCH', `${USERS_PATH}/${id}`, { role }, parser(UserSummarySchema));

export const removeUser = (id: number): Promise<Outcome<true>> =>
  send('DELETE', `${USERS_PATH}/${id}`, undefined, () => true);

export const revokeInvite = (id: number): Promise<Outcome<true>> =>
  send('DELETE', `${INVITES_PATH}/${id}`, undefined, () => true);
