import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  AccountSessionListSchema,
  AuthenticatorReplacedSchema,
  PasswordChangedSchema,
  RecoveryCodesStatusSchema,
  RenewedRecoveryCodesSchema,
  SessionEndedSchema,
  TotpSetupSchema,
  accountSessionPath,
  type AuthenticatorReplaced,
  type ConfirmAuthenticator,
  type PasswordChange,
  type PasswordChanged,
  type RenewedRecoveryCodes,
  type TotpSetup,
} from './contract';
import { wipeOfflineData } from './auth';
import { meQuery } from './me';
import { markOwnSignOut } from './session-end';
import type { SnapshotPersister } from './persist';
import { contractQueryFn } from './query-fn';
import { parser, send, type Outcome } from './send';

/**
 * The signed-in user's own account (the Account page): where they are signed in, ending one of
 * those sessions or all of them, and a new password. Each needs the server: offline, nothing is
 * changed and the answer says so.
 */

export const ACCOUNT_OFFLINE_MESSAGE =
  "Can't reach CommonGround. Changing your account needs a connection; nothing was changed.";

/** Not persisted (persist.ts lists what is): an offline copy of "last active" would mislead. */
export function accountSessionsQuery() {
  return queryOptions({
    queryKey: [ACCOUNT_PATHS.sessions],
    queryFn: contractQueryFn(AccountSessionListSchema),
  });
}

export function useAccountSessions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountSessionsQuery(), enabled });
}

/** An Admin's unused recovery codes, counted (Admins only: 403 for anyone else). */
export function recoveryCodesQuery() {
  return queryOptions({
    queryKey: [ACCOUNT_PATHS.recoveryCodes],
    queryFn: contractQueryFn(RecoveryCodesStatusSchema),
  });
}

export function useRecoveryCodesStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...recoveryCodesQuery(), enabled });
}

export const renewRecoveryCodes = (code: string): Promise<Outcome<RenewedRecoveryCodes>> =>
  send('POST', ACCOUNT_PATHS.recoveryCodes, {
    json: { code },
    parse: parser(RenewedRecoveryCodesSchema),
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });

/** A new authenticator (a new or lost phone): its secret, given the account's password. */
export const startAuthenticatorReplacement = (password: string): Promise<Outcome<TotpSetup>> =>
  send('POST', ACCOUNT_PATHS.authenticator, {
    json: { password },
    parse: parser(TotpSetupSchema),
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });

/**
 * A code from the new app, with the key that set-up showed, confirms it; the answer is the new
 * recovery codes and how many other sessions ended.
 */
export const confirmAuthenticatorReplacement = (
  confirm: ConfirmAuthenticator,
): Promise<Outcome<AuthenticatorReplaced>> =>
  send('POST', ACCOUNT_PATHS.authenticatorConfirm, {
    json: confirm,
    parse: parser(AuthenticatorReplacedSchema),
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });

export const renameAccount = (name: string): Promise<Outcome<{ name: string }>> =>
  send('PATCH', ACCOUNT_PATHS.profile, {
    json: { name },
    parse: (json) =>
      json !== null && typeof json === 'object' && 'name' in json && typeof json.name === 'string'
        ? { name: json.name }
        : null,
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });

export const changePassword = (change: PasswordChange): Promise<Outcome<PasswordChanged>> =>
  send('POST', ACCOUNT_PATHS.password, {
    json: change,
    parse: parser(PasswordChangedSchema),
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });

export const endAccountSession = (id: string): Promise<Outcome<true>> =>
  send('DELETE', accountSessionPath(id), {
    parse: (json) => (SessionEndedSchema.safeParse(json).success ? true : null),
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });

/**
 * Ends every session of the user, this one too, then wipes this device as sign-out does. Unlike
 * sign-out it cannot be done offline (the other devices' sessions live on the server), so a
 * failure leaves everything as it was.
 */
export async function signOutEverywhere(
  client: QueryClient,
  persister: SnapshotPersister | null,
): Promise<Outcome<true>> {
  const outcome = await send('POST', AUTH_PATHS.signOutEverywhere, {
    json: {},
    parse: (json) => (SessionEndedSchema.safeParse(json).success ? true : null),
    offlineMessage: ACCOUNT_OFFLINE_MESSAGE,
  });
  if (!outcome.ok) return outcome;
  markOwnSignOut();
  await wipeOfflineData(client, persister);
  await client.invalidateQueries({ queryKey: meQuery().queryKey });
  return outcome;
}
