import { queryOptions, useQuery } from '@tanstack/react-query';
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
import { contractQueryFn } from './query-fn';
import { parser, send, type Outcome } from './send';

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

export type { Outcome } from './send';

export const USERS_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Managing users needs a connection; nothing was changed.";

export const inviteUser = (email: string, role: Role): Promise<Outcome<Invite>> =>
  send('POST', INVITES_PATH, {
    json: { email, role },
    parse: parser(InviteSchema),
    offlineMessage: USERS_OFFLINE_MESSAGE,
  });

export const changeRole = (id: number, role: Role): Promise<Outcome<UserSummary>> =>
  send('PATCH', `${USERS_PATH}/${id}`, {
    json: { role },
    parse: parser(UserSummarySchema),
    offlineMessage: USERS_OFFLINE_MESSAGE,
  });

export const removeUser = (id: number): Promise<Outcome<true>> =>
  send('DELETE', `${USERS_PATH}/${id}`, {
    parse: () => true,
    offlineMessage: USERS_OFFLINE_MESSAGE,
  });

export const revokeInvite = (id: number): Promise<Outcome<true>> =>
  send('DELETE', `${INVITES_PATH}/${id}`, {
    parse: () => true,
    offlineMessage: USERS_OFFLINE_MESSAGE,
  });
