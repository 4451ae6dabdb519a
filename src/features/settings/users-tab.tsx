import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  INVITES_PATH,
  INVITE_EMAIL_INVALID,
  ROLES,
  USERS_PATH,
  isInviteEmail,
  type Invite,
  type PendingInvite,
  type Role,
  type UserSummary,
} from '../../api/contract';
import { useCommunity } from '../../api/community';
import { ROLE_LABELS, initialsOf, useMe } from '../../api/me';
import { SAVED_UNKNOWN } from '../../api/send';
import {
  changeRole,
  inviteUser,
  removeUser,
  revokeInvite,
  usePendingInvites,
} from '../../api/users';
import { useConnectivity } from '../../lib/connectivity';
import { formatMoment } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { Dialog, useDialogClose } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { CopyNote, useCopy } from '../../ui/copy-note';
import { fieldMessage } from '../../lib/field-error';
import { PageIcon } from '../../ui/page-icons';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { ErrorPanel, isConnectionFailure, QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { toast } from '../../ui/toast';
import { useUsers } from '../../api/users';
import { ConfirmAction } from '../../ui/confirm-action';
import { Group } from '../../ui/group';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const USERS_NEED_CONNECTION =
  'Managing users needs a connection to CommonGround. You are offline: nothing was changed.';

/**
 * Settings → Users: Admins invite people (a link shown once, valid 7 days), see and revoke the
 * invites not yet accepted, change roles and remove users (after a confirmation); the server
 * keeps the last Admin. Everyone else only learns who may do this.
 */
export function UsersTab() {
  const me = useMe().data;
  const isAdmin = me != null && !me.demo && me.user.role === 'admin';
  const users = useUsers({ enabled: isAdmin });
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<{ user: UserSummary; row: number } | null>(null);
  // A native select changes on an arrow key: a role, what someone may do, changes only once asked.
  const [changing, setChanging] = useState<{ user: UserSummary; role: Role } | null>(null);
  // Where focus goes once a removal has closed its dialog (see UserRows).
  const focusAfterRef = useRef<RemovedRow | null>(null);
  const addUserRef = useRef<HTMLButtonElement>(null);
  const invites = usePendingInvites({ enabled: isAdmin });
  const [revoking, setRevoking] = useState<{ invite: PendingInvite; row: number } | null>(null);
  const focusAfterRevokeRef = useRef<RemovedRow | null>(null);
  const inviteListRef = useRef<HTMLUListElement>(null);

  // Offline, the app's banner says so once; a refusal or a server error is said here.
  const invitesMessage = invites.error?.message;
  const invitesFailure = isConnectionFailure(invites.error) ? null : invitesMessage;

  // After a revoke, its button is gone (with the last one, the whole list): focus goes to the
  // row that took its place, or Add User. Here, not in the list, so it runs when the list is gone.
  useFocusAfterRemoval({
    removedRef: focusAfterRevokeRef,
    keys: invites.data?.map((invite) => invite.id) ?? [],
    paused: revoking !== null || invites.data === undefined,
    listRef: inviteListRef,
    selector: '[data-revoke-invite]',
    fallbackRef: addUserRef,
  });

  if (!isAdmin) {
    return (
      <Group title="Users" description="People who can sign in to manage this community.">
        <InfoNote>Only Admins invite users, change roles and remove users.</InfoNote>
      </Group>
    );
  }

  return (
    <Group title="Users" description="People who can sign in to manage this community.">
      <div className="mb-4 flex justify-end">
        <Button ref={addUserRef} onClick={() => setInviting(true)}>
          <PageIcon name="plus" className="h-4 w-4" />
          Add User
        </Button>
      </div>
      <QueryState query={users} label="users" skeleton={<ListSkeleton rows={3} />}>
        {(list: UserSummary[]) => (
          <UserRows
            list={list}
            dialogOpen={removing !== null}
            focusAfterRef={focusAfterRef}
            fallbackRef={addUserRef}
            onRole={(user, role) => setChanging({ user, role })}
            onRemove={(user, row) => setRemoving({ user, row })}
          />
        )}
      </QueryState>
      {invites.data?.length ? (
        <PendingInvites
          list={invites.data}
          listRef={inviteListRef}
          onRevoke={(invite, row) => setRevoking({ invite, row })}
        />
      ) : invitesFailure ? (
        <div className="mt-4">
          <ErrorPanel
            message={`Pending invites could not be loaded: ${invitesFailure}`}
            onRetry={() => void invites.refetch()}
          />
        </div>
      ) : null}
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} title="Revoke invite?">
        {revoking ? (
          <RevokeInvite
            invite={revoking.invite}
            online={online}
            onDone={(revoked) => {
              if (revoked) {
                toast({ title: 'Invite revoked', description: revoking.invite.email });
                focusAfterRevokeRef.current = { key: revoking.invite.id, row: revoking.row };
              }
              setRevoking(null);
            }}
          />
        ) : null}
      </Dialog>
      {/* A name (up to 100 characters, perhaps without a space) wraps in the dialogs naming it. */}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        className="wrap-anywhere"
        title={removing ? `Remove ${removing.user.name}?` : 'Remove user?'}
      >
        {removing ? (
          <RemoveUser
            user={removing.user}
            online={online}
            onDone={(removed) => {
              if (removed) {
                toast({ title: 'User removed', description: removing.user.name });
                focusAfterRef.current = { key: removing.user.id, row: removing.row };
              }
              setRemoving(null);
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={changing !== null}
        onClose={() => setChanging(null)}
        className="wrap-anywhere"
        title={
          changing ? `Make ${changing.user.name} ${ROLE_LABELS[changing.role]}?` : 'Change role?'
        }
      >
        {changing ? (
          <ChangeRole
            user={changing.user}
            role={changing.role}
            online={online}
            onDone={(changed) => {
              if (changed) {
                toast({
                  title: 'Role changed',
                  description: `${changing.user.name}: ${ROLE_LABELS[changing.role]}`,
                });
              }
              setChanging(null);
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={inviting} onClose={() => setInviting(false)} title="Add User">
        {inviting ? (
          <InviteForm
            online={online}
            onDone={() => {
              setInviting(false);
              void client.invalidateQueries({ queryKey: [USERS_PATH] });
            }}
          />
        ) : null}
      </Dialog>
    </Group>
  );
}

/** "Expires in 6 days": days from a day on, then hours. */
function expiresIn(expiresAt: string, now: number): string {
  const hours = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 3_600_000));
  const days = Math.round(hours / 24);
  if (hours >= 24) return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
  if (hours >= 1) return `Expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return 'Expires within the hour';
}

/** Invites sent but not accepted yet: who for, which role, until when; each can be revoked. */
function PendingInvites({
  list,
  listRef,
  onRevoke,
}: {
  list: PendingInvite[];
  listRef: RefObject<HTMLUListElement | null>;
  onRevoke: (invite: PendingInvite, row: number) => void;
}) {
  const headingId = useId();
  const now = useNow(60_000);
  const { timeZone } = useCommunity();
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-base font-semibold">
        Pending invites
      </h3>
      <ul ref={listRef} className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.map((invite, row) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1 basis-40 wrap-anywhere">
              {/* The address in full, even at 320 px: it is what tells two invites apart. */}
              <p className="font-medium break-all">{invite.email}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {ROLE_LABELS[invite.role]} ·{' '}
                <time dateTime={invite.expiresAt}>
                  {expiresIn(invite.expiresAt, now)} (
                  {formatMoment(Date.parse(invite.expiresAt), now, timeZone)})
                </time>
                {invite.invitedBy ? ` · Invited by ${invite.invitedBy}` : null}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Revoke invite: ${invite.email}`}
              data-revoke-invite=""
              onClick={() => onRevoke(invite, row)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Revoke, after this dialog has asked: the link stops working at once. */
function RevokeInvite({
  invite,
  online,
  onDone,
}: {
  invite: PendingInvite;
  online: boolean;
  onDone: (revoked: boolean) => void;
}) {
  const client = useQueryClient();
  const revoke = async () => {
    const outcome = await revokeInvite(invite.id);
    if (outcome.ok) {
      // Gone from the list even if the refetch below fails.
      client.setQueryData<PendingInvite[]>([INVITES_PATH], (list) =>
        list?.filter((i) => i.id !== invite.id),
      );
    }
    // Also on a refusal: a 404 means the list is out of date (accepted or revoked elsewhere).
    await client.invalidateQueries({ queryKey: [INVITES_PATH] });
    return outcome;
  };
  return (
    <ConfirmAction
      actionLabel="Revoke invite"
      online={online}
      offlineText={USERS_NEED_CONNECTION}
      act={revoke}
      onDone={onDone}
    >
      The invite link sent to <span className="break-all">{invite.email}</span> (
      {ROLE_LABELS[invite.role]}) stops working now. The audit log keeps a record. To let them in
      later, use Add User again.
    </ConfirmAction>
  );
}

/**
 * The list of users. After a removal, focus goes to the Remove button of the row that took the
 * removed one's place (or the last row; else Add User): the button that opened the dialog is gone,
 * and the dialog's own focus return would land on the page body. This runs here, on the list as
 * rendered, because QueryState defers new data: the parent sees the refetch a render earlier.
 */
function UserRows({
  list,
  dialogOpen,
  focusAfterRef,
  fallbackRef,
  onRole,
  onRemove,
}: {
  list: UserSummary[];
  dialogOpen: boolean;
  focusAfterRef: RefObject<RemovedRow | null>;
  fallbackRef: RefObject<HTMLButtonElement | null>;
  onRole: (user: UserSummary, role: Role) => void;
  onRemove: (user: UserSummary, row: number) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // The server refuses to remove the last Admin: its row says why instead of offering Remove.
  const admins = list.filter((user) => user.role === 'admin');
  const lastAdminId = admins.length === 1 ? admins[0]?.id : undefined;
  // Focus after a removal counts Remove buttons, not rows (the last Admin's row has none).
  const removable = list.filter((user) => user.id !== lastAdminId);
  useFocusAfterRemoval({
    removedRef: focusAfterRef,
    keys: list.map((user) => user.id),
    paused: dialogOpen,
    listRef,
    selector: '[data-remove-user]',
    fallbackRef,
  });

  return (
    <ul ref={listRef} className="divide-y divide-slate-200 dark:divide-slate-800">
      {list.map((user) => (
        <li key={user.id} className="flex flex-wrap items-center gap-3 py-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
          >
            {initialsOf(user.name)}
          </span>
          {/* A name may be 100 characters without a space: it wraps anywhere, here and in the
              role's label (kept on one line by SelectField), so the row stays within a phone's
              width and Remove within reach. */}
          <div className="min-w-0 flex-1 basis-40 wrap-anywhere">
            <p className="font-medium">{user.name}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
          </div>
          <div className="max-w-full [&_label]:whitespace-normal [&_label]:wrap-anywhere">
            <SelectField<Role>
              label={`Role of ${user.name}`}
              layout="inline"
              value={user.role}
              options={ROLE_OPTIONS}
              onChange={(role) => onRole(user, role)}
            />
          </div>
          {user.id === lastAdminId ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Last Admin
              <span className="sr-only">
                : {user.name} cannot be removed until another user is Admin
              </span>
            </p>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove: ${user.name}`}
              data-remove-user=""
              onClick={() => onRemove(user, removable.indexOf(user))}
            >
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What each role may do, as the server's access table has it (README, "Roles"). */
const ROLE_ACCESS: Record<Role, string> = {
  admin:
    'An Administrator invites and removes users, changes roles, edits the community profile and reads the audit log, besides setting up amenities and residents.',
  manager:
    'An HOA Manager sets up amenities and the residents directory, and does not manage users or the community profile.',
  board:
    'A Board Member reads the dashboards and reports, and changes no set-up: not amenities, residents or users.',
};

/** A new role, after this dialog has asked: it applies on every device the user is signed in on. */
function ChangeRole({
  user,
  role,
  online,
  onDone,
}: {
  user: UserSummary;
  role: Role;
  online: boolean;
  onDone: (changed: boolean) => void;
}) {
  const client = useQueryClient();
  const change = async () => {
    const outcome = await changeRole(user.id, role);
    if (outcome.ok) await client.invalidateQueries({ queryKey: [USERS_PATH] });
    return outcome;
  };
  return (
    <ConfirmAction
      actionLabel="Change role"
      variant="primary"
      online={online}
      offlineText={USERS_NEED_CONNECTION}
      act={change}
      onDone={onDone}
    >
      {user.name} is {ROLE_LABELS[user.role]} now. {ROLE_ACCESS[role]} The change applies at once,
      on every device they are signed in on; the audit log keeps a record of it.
    </ConfirmAction>
  );
}

/**
 * Remove, after this dialog has asked. The server ends the user's sessions at once and keeps the
 * account (removed) for the audit log; inviting the address again brings it back.
 */
function RemoveUser({
  user,
  online,
  onDone,
}: {
  user: UserSummary;
  online: boolean;
  onDone: (removed: boolean) => void;
}) {
  const client = useQueryClient();
  const remove = async () => {
    const outcome = await removeUser(user.id);
    if (outcome.ok) await client.invalidateQueries({ queryKey: [USERS_PATH] });
    return outcome;
  };
  return (
    <ConfirmAction
      actionLabel="Remove user"
      online={online}
      offlineText={USERS_NEED_CONNECTION}
      act={remove}
      onDone={onDone}
    >
      {user.name} (<span className="break-all">{user.email}</span>) can no longer sign in, and is
      signed out on every device now. They are taken off the scheduled reports they receive; a
      schedule sent only to them is paused. This cannot be undone; the audit log keeps a record of
      the removal. To let them back in, invite the address again.
    </ConfirmAction>
  );
}

/**
 * The link shown once: focus moves to it, selected (the form that had focus is gone), and Copy
 * link puts it on the clipboard, or says to copy it by hand where the browser will not.
 */
function InviteLink({ link, onDone }: { link: string; onDone: () => void }) {
  const [copy, copyLink] = useCopy();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  return (
    <>
      <Field label="Invite link">
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={CONTROL_CLASSES}
          />
        )}
      </Field>
      <CopyNote state={copy} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void copyLink(link)}>
          Copy link
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}

function InviteForm({ online, onDone }: { online: boolean; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const [invite, setInvite] = useState<Invite | null>(null);
  // One request at a time: a double click would otherwise make two links, the first dead.
  const [busy, setBusy] = useState(false);
  // Cancel asks first, like Escape, once something has been typed.
  const cancel = useDialogClose(onDone);
  const { timeZone } = useCommunity();
  const now = useNow(60_000);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isInviteEmail(email)) {
      setError(INVITE_EMAIL_INVALID);
      return;
    }
    if (!online) {
      setError(USERS_NEED_CONNECTION);
      return;
    }
    setBusy(true);
    try {
      const outcome = await inviteUser(email.trim(), role);
      if (outcome.ok) {
        setInvite(outcome.value);
        // The list under the dialog shows it now (or without the invite it replaced).
        void client.invalidateQueries({ queryKey: [INVITES_PATH] });
      } else {
        // Perhaps sent: the list under the dialog shows what is stored.
        if (outcome.error === SAVED_UNKNOWN) {
          void client.invalidateQueries({ queryKey: [INVITES_PATH] });
        }
        setError(fieldMessage(outcome.error));
      }
    } finally {
      setBusy(false);
    }
  };

  if (invite) {
    const link = `${window.location.origin}${invite.invitePath}`;
    const expiresAt = Date.parse(invite.expiresAt);
    return (
      <div className="grid gap-3">
        {/* A long address must wrap: unbroken, it widens the grid past the dialog at 320 px,
            clipping this text and pushing Done off the right edge. */}
        <p className="text-sm">
          Send this link to <span className="break-all">{invite.email}</span>. It is shown only now
          and works once, until{' '}
          <time dateTime={invite.expiresAt}>{formatMoment(expiresAt, now, timeZone)}</time>.
        </p>
        <InviteLink link={link} onDone={onDone} />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Field label="Email" error={error}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            className={CONTROL_CLASSES}
          />
        )}
      </Field>
      <SelectField<Role> label="Role" value={role} options={ROLE_OPTIONS} onChange={setRole} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Create invite link
        </Button>
      </div>
    </form>
  );
}
