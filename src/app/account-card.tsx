import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { signOut } from '../api/auth';
import { initialsOf, ROLE_LABELS, useMe } from '../api/me';
import { isAccountUnknown } from '../api/account-unknown';
import { useCommunity } from '../api/community';
import { useSnapshotPersister } from '../api/query-provider';
import { ACCOUNT_PATH, SIGN_IN_PATH } from '../lib/app-pages';
import { Button, buttonClasses } from '../ui/button';

/*
 * The user card's content, in the sidebar and the phone's More sheet. Its own chunk: a phone's
 * first screen shows neither (the sidebar is hidden there), so its code loads with the sheet.
 */

/** Sign-out: ends the session, wipes the device's copy of the data, then goes to sign-in. */
function useSignOut() {
  const client = useQueryClient();
  const persister = useSnapshotPersister();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await signOut(client, persister);
    } catch {
      // Offline: the device is wiped all the same (auth.ts); the session idles out on the server.
    } finally {
      setBusy(false);
      void navigate(SIGN_IN_PATH, { replace: true });
    }
  };
  return { busy, signOut: run };
}

/** Who is signed in (name, role, community), or the demo viewer with a Sign in link. */
export function Account({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const community = useCommunity();
  const { busy, signOut: runSignOut } = useSignOut();
  const user = me.data?.user;
  // Offline (or with the server out of reach) the app cannot learn who is signed in, but a
  // shared tablet must still be wiped: Sign out is offered, and works with no connection. The
  // connection banner says why; the card only says that the account is not known.
  const unknown = isAccountUnknown(me);
  const name = user?.name ?? (unknown ? 'Account not checked' : '…');
  const role = user ? ROLE_LABELS[user.role] : '';
  // The action has a row of its own, kept while /api/me loads: beside the name, in the
  // sidebar's 16rem, it left the name, role and community a few letters each.
  return (
    <div className="grid gap-3">
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
        >
          {user ? initialsOf(user.name) : ''}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold break-words">{name}</p>
          {role ? (
            <p className="text-xs break-words text-slate-700 dark:text-slate-300">
              {/* Broken only between the two: the sidebar broke "read-only" at its hyphen. */}
              <span className="whitespace-nowrap">{me.data?.demo ? `${role} ·` : role}</span>
              {me.data?.demo ? <span className="whitespace-nowrap"> read-only</span> : null}
            </p>
          ) : null}
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{community.name}</p>
        </div>
      </div>
      <div className="flex min-h-11 flex-wrap gap-2 md:min-h-9">
        {me.data?.demo ? (
          <Link to={SIGN_IN_PATH} className={buttonClasses('secondary', 'sm')}>
            Sign in
          </Link>
        ) : me.data || unknown ? (
          <>
            {me.data ? (
              <Link
                to={ACCOUNT_PATH}
                onClick={onNavigate}
                className={buttonClasses('secondary', 'sm')}
              >
                Account
              </Link>
            ) : null}
            <Button variant="secondary" size="sm" busy={busy} onClick={() => void runSignOut()}>
              {busy ? 'Signing out…' : 'Sign out'}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
