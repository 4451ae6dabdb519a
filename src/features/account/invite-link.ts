import { post } from '../../api/auth';
import {
  ACCEPT_INVITE_CHECK_PATH,
  ApiErrorSchema,
  InviteCheckSchema,
  type InviteCheck,
} from '../../api/contract';
import { INVITE_INVALID, INVITE_USED, inviteFailureMessage } from './account-messages';

/**
 * What the accept page knows of its link. A dead link keeps the server's sentence for why: a used
 * link sends its holder to sign in; an expired or unknown one, or a used one whose account has
 * been removed since, to an Admin for a new one.
 */
export type InviteLink =
  | { state: 'live'; invite: InviteCheck }
  | {
      state: 'dead';
      /**
       * In words for the person: INVITE_USED, INVITE_ACCOUNT_REMOVED, INVITE_EXPIRED or
       * INVITE_INVALID.
       */
      reason: string;
      /** The invited address, when the page learnt it from a live check before. */
      email?: string;
    }
  /** Not known: the server could not be reached, or answered something unexpected. */
  | { state: 'unknown' };

/** Whether an invite link still works, before the person fills in the form; uses nothing up. */
export async function checkInviteLink(token: string): Promise<InviteLink> {
  try {
    const { status, json } = await post(ACCEPT_INVITE_CHECK_PATH, { token });
    const invite = InviteCheckSchema.safeParse(json);
    if (status === 200 && invite.success) return { state: 'live', invite: invite.data };
    // 400 is the server's answer for a link that does not work (and for a malformed token); a
    // 429 (too many dead links from this address) says nothing about this one.
    if (status !== 400) return { state: 'unknown' };
    const refusal = ApiErrorSchema.safeParse(json);
    return {
      state: 'dead',
      reason: refusal.success ? inviteFailureMessage(refusal.data.error) : INVITE_INVALID,
    };
  } catch {
    // post throws only when the server cannot be reached.
    return { state: 'unknown' };
  }
}

/**
 * A used link is no dead end: its holder has an account and only needs to sign in. Not one whose
 * account was removed since (INVITE_ACCOUNT_REMOVED): that holder has nothing to sign in to.
 */
export const isUsedInvite = (
  link: InviteLink | null,
): link is Extract<InviteLink, { state: 'dead' }> =>
  link?.state === 'dead' && link.reason === INVITE_USED;
