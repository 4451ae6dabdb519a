import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ROLES, USERS_PATH, type Invite, type Role, type UserSummary } from '../../api/contract';
import { ROLE_LABELS, initialsOf, useMe } from '../../api/me';
import { changeRole, inviteUser, removeUser, type Outcome } from '../../api/users';
import { useConnectivity } from '../../lib/connectivity';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { SelectField } from '../../ui/select-field';
import { useUsers } from '../../api/users';
import { Group } from './settings-group';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const USERS_NEED_CONNECTION =
  'Managing users needs a connection to CommonGround. You are offline: nothing was changed.';

/**
 * Settings → Users: Admins invite people (a link shown once, valid 7 days), change roles and
 * remove users; the server keeps the last Admin. Everyone else only learns who may do this.
 */
export function UsersTab() {
  const me = useMe().data;
  const isAdmin = me != null && !me.demo && me.user.role === 'admin';
  const users = useUsers({ enabled: isAdmin });
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const [inviting, setInviting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = async <T,>(action: () => Promise<Outcome<T>>) => {
    setError(null);
    if (!online) {
      setError(USERS_NEED_CONNECTION);
      return;
    }
    const outcome = await action();
    if (!outcome.ok) setError(outcome.error);
    await client.invalidateQueries({ queryKey: [USERS_PATH] });
  };

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
        <Button onClick={() => setInviting(true)}>
          <Icon name="plus" className="h-4 w-4" />
          Add User
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <QueryState query={users} label="users" skeleton={<ListSkeleton rows={3} />}>
        {(list: UserSummary[]) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((user) => (
              <li key={user.id} className="flex flex-wrap items-center gap-3 py-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                >
                  {initialsOf(user.name)}
                </span>
                <div className="min-w-0 flex-1 basis-40">
                  <p className="font-medium">{user.name}</p>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                    {user.email}
                  </p>
                </div>
                <SelectField<Role>
                  label={`Role of ${user.name}`}
                  layout="inline"
                  value={user.role}
                  options={ROLE_OPTIONS}
                  onChange={(role) => void apply(() => changeRole(user.id, role))}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove: ${user.name}`}
                  onClick={() => void apply(() => removeUser(user.id))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
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

function InviteForm({ online, onDone }: { online: boolean; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [error, setError] = useState<string | null>(null);
  const [invite, setInvite] = useState<Invite | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!online) {
      setError(USERS_NEED_CONNECTION);
      return;
    }
    const outcome = await inviteUser(email.trim(), role);
    if (outcome.ok) setInvite(outcome.value);
    else setError(outcome.error.replace(/^email:\s*/, ''));
  };

  if (invite) {
    const link = `${window.location.origin}${invite.invitePath}`;
    return (
      <div className="grid gap-3">
        <p className="text-sm">
          Send this link to {invite.email}. It is shown only now and works once, until{' '}
          {new Date(invite.expiresAt).toLocaleDateString()}.
        </p>
        <Field label="Invite link">
          {(control) => <input {...control} readOnly value={link} className={CONTROL_CLASSES} />}
        </Field>
        <div className="flex justify-end">
          <Button onClick={onDone}>Done</Button>
        </div>
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
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Create invite link</Button>
      </div>
    </form>
  );
}
