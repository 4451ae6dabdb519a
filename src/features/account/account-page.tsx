import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  accountSessionsQuery,
  changePassword,
  endAccountSession,
  renameAccount,
  signOutEverywhere,
  useAccountSessions,
} from '../../api/account';
import { useCommunity } from '../../api/community';
import {
  CURRENT_PASSWORD_WRONG,
  isReadableName,
  MIN_PASSWORD_LENGTH,
  NAME_NOT_READABLE,
  PASSWORD_UNCHANGED,
  type AccountSession,
} from '../../api/contract';
import { ROLE_LABELS, meQuery, useMe } from '../../api/me';
import { useSnapshotPersister } from '../../api/query-provider';
import { SIGN_IN_PATH } from '../../lib/app-pages';
import { useConnectivity } from '../../lib/connectivity';
import { formatLastUpdate, formatMoment } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { DetailList } from '../../ui/detail-list';
import { Dialog } from '../../ui/dialog';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { InfoNote } from '../../ui/info-note';
import { ListSkeleton } from '../../ui/list-skeleton';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { TimesIn } from '../../ui/times-in';
import { toast } from '../../ui/toast';
import { ConfirmAction } from '../../ui/confirm-action';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';
import { Group } from '../../ui/group';
import { ACCOUNT_NEEDS_CONNECTION, Refusal, useAccountWrite } from './account-write';
import { TwoFactor } from './two-factor';
import { firstInvalid, newPasswordError, type FieldErrors } from './account-messages';

export const ACCOUNT_NOT_CHECKED =
  'Your account cannot be shown until CommonGround answers: it is not saved on this device. It loads when the connection returns.';

/** Said once at the top while offline; each form says it again only when used. */
export const ACCOUNT_OFFLINE_NOTE =
  'Changes to your account need a connection; they can be made once it returns.';

/**
 * /account: who you are signed in as, a new password, and where you are signed in (end a lost
 * phone's session, or every session at once). The demo viewer has no account to show.
 */
export function AccountPage() {
  const meQueryResult = useMe();
  const me = meQueryResult.data;
  // Offline (or out of reach) before /api/me ever answered: who is signed in cannot be known.
  const unknown =
    me === undefined && (meQueryResult.isError || meQueryResult.fetchStatus === 'paused');
  const online = useConnectivity() === 'online';
  const signedIn = me != null && !me.demo;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Account"
        description="Your details, your password and the devices signed in as you."
      />
      {unknown ? (
        <InfoNote>{ACCOUNT_NOT_CHECKED}</InfoNote>
      ) : me === undefined ? (
        <ListSkeleton rows={3} />
      ) : signedIn ? (
        <>
          {online ? null : <InfoNote>{ACCOUNT_OFFLINE_NOTE}</InfoNote>}
          <Group title="Your details">
            <NameForm name={me.user.name} />
            <DetailList
              rows={[
                ['Email', me.user.email ?? ''],
                ['Role', ROLE_LABELS[me.user.role]],
                ['Community', me.community.name],
              ]}
            />
          </Group>
          <PasswordForm email={me.user.email ?? ''} />
          {me.user.role === 'admin' ? <TwoFactor /> : null}
          <Sessions />
        </>
      ) : (
        <Group title="Your details">
          <div className="grid gap-3">
            <InfoNote>
              You are viewing the demo, read-only, without an account. Sign in to change your
              password and see where you are signed in.
            </InfoNote>
            <Link to={`${SIGN_IN_PATH}?next=/account`} className={buttonClasses('primary')}>
              Sign in
            </Link>
          </div>
        </Group>
      )}
    </div>
  );
}

/** The name others see in user lists and the audit log; the email is the sign-in and stays. */
function NameForm({ name }: { name: string }) {
  const client = useQueryClient();
  const { busy, failure, clearFailure, run } = useAccountWrite();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearFailure();
    const trimmed = value.trim();
    if (!trimmed || !isReadableName(trimmed)) {
      setError(trimmed ? NAME_NOT_READABLE : 'Enter your name.');
      inputRef.current?.focus();
      return;
    }
    if (trimmed === name) {
      // Said, not silently ignored: a press with no answer reads as a broken button.
      toast({ title: 'Nothing to save', description: `Your name is already ${name}.` });
      return;
    }
    await run(
      () => renameAccount(trimmed),
      async (saved) => {
        setValue(saved.name);
        await client.invalidateQueries({ queryKey: meQuery().queryKey });
        toast({ title: 'Name saved', description: saved.name });
      },
    );
  };

  return (
    <form noValidate className="mb-4 grid max-w-md gap-3" onSubmit={(event) => void submit(event)}>
      <Field label="Name" hint="Shown to others in the users list and the audit log." error={error}>
        {(props) => (
          <input
            {...props}
            ref={inputRef}
            autoComplete="name"
            maxLength={100}
            className={CONTROL_CLASSES}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Refusal message={failure} />
      <div>
        <Button type="submit" variant="secondary" busy={busy}>
          {busy ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}

type PasswordField = 'current' | 'next' | 'confirm';
const PASSWORD_FIELDS: readonly PasswordField[] = ['current', 'next', 'confirm'];

/** The form's own checks, in the words the server would use, before anything is sent. */
export function passwordChangeErrors(values: Record<PasswordField, string>) {
  const errors: FieldErrors<PasswordField> = {};
  if (!values.current) errors.current = 'Enter your current password.';
  const next = newPasswordError(values.next);
  if (next) errors.next = next;
  else if (values.current && values.next === values.current) errors.next = PASSWORD_UNCHANGED;
  if (!next && values.confirm !== values.next) {
    errors.confirm = 'The two new passwords are not the same.';
  }
  return errors;
}

export function passwordChangedMessage(otherSessionsEnded: number): string {
  if (otherSessionsEnded === 0) return 'Password changed.';
  const sessions =
    otherSessionsEnded === 1 ? '1 other session' : `${otherSessionsEnded} other sessions`;
  return `Password changed. ${sessions} signed in as you ended; sign in there with the new password.`;
}

function PasswordForm({ email }: { email: string }) {
  const client = useQueryClient();
  const { busy, failure, clearFailure, run } = useAccountWrite();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    current: '',
    next: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [done, setDone] = useState<string | null>(null);
  const inputs: Record<PasswordField, RefObject<HTMLInputElement | null>> = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  const edit = (field: PasswordField, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined }));
    setDone(null);
  };
  const showErrors = (found: FieldErrors<PasswordField>) => {
    setErrors(found);
    const first = firstInvalid(PASSWORD_FIELDS, found);
    if (first) inputs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearFailure();
    setDone(null);
    const found = passwordChangeErrors(values);
    if (firstInvalid(PASSWORD_FIELDS, found)) {
      showErrors(found);
      return;
    }
    await run(
      () => changePassword({ currentPassword: values.current, newPassword: values.next }),
      async (changed) => {
        setValues({ current: '', next: '', confirm: '' });
        setDone(passwordChangedMessage(changed.otherSessionsEnded));
        await client.invalidateQueries({ queryKey: accountSessionsQuery().queryKey });
      },
      (error) => {
        if (error !== CURRENT_PASSWORD_WRONG) return false;
        showErrors({ current: error });
        return true;
      },
    );
  };

  const input =
    (field: PasswordField, autoComplete: string) =>
    (props: {
      id: string;
      'aria-invalid': boolean | undefined;
      'aria-describedby': string | undefined;
    }) => (
      <input
        {...props}
        ref={inputs[field]}
        type="password"
        autoComplete={autoComplete}
        maxLength={1024}
        className={CONTROL_CLASSES}
        value={values[field]}
        onChange={(event) => edit(field, event.target.value)}
      />
    );

  return (
    <Group
      title="Password"
      description="A new password signs you out on every other device signed in as you."
    >
      <form noValidate className="grid max-w-md gap-4" onSubmit={(event) => void submit(event)}>
        {/* For password managers: which account this password belongs to. */}
        <input type="email" hidden readOnly autoComplete="username" value={email} />
        <Field label="Current password" error={errors.current}>
          {input('current', 'current-password')}
        </Field>
        <Field
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, not counting spaces.`}
          error={errors.next}
        >
          {input('next', 'new-password')}
        </Field>
        <Field label="Confirm new password" error={errors.confirm}>
          {input('confirm', 'new-password')}
        </Field>
        <Refusal message={failure} />
        <p
          role="status"
          className="text-sm font-medium text-green-800 empty:hidden dark:text-green-200"
        >
          {done}
        </p>
        <div>
          <Button type="submit" busy={busy}>
            {busy ? 'Changing password…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Group>
  );
}

/** The user's live sessions: end one (a lost phone), or all of them, this one too. */
function Sessions() {
  const client = useQueryClient();
  const persister = useSnapshotPersister();
  const navigate = useNavigate();
  const online = useConnectivity() === 'online';
  const sessions = useAccountSessions();
  const { timeZone } = useCommunity();
  const endedRef = useRef<RemovedRow | null>(null);
  const everywhereRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const end = async (session: AccountSession, row: number) => {
    setFailure(null);
    if (!online) {
      setFailure(ACCOUNT_NEEDS_CONNECTION);
      return;
    }
    setEnding(session.id);
    const outcome = await endAccountSession(session.id);
    setEnding(null);
    if (!outcome.ok) {
      setFailure(outcome.error);
      // Already ended elsewhere (404): its row goes with the refetch, and focus with it.
      endedRef.current = { key: session.id, row };
      await client.invalidateQueries({ queryKey: accountSessionsQuery().queryKey });
      return;
    }
    client.setQueryData<AccountSession[]>(accountSessionsQuery().queryKey, (list) =>
      list?.filter((s) => s.id !== session.id),
    );
    toast({ title: 'Signed out', description: session.device });
    endedRef.current = { key: session.id, row };
    void client.invalidateQueries({ queryKey: accountSessionsQuery().queryKey });
  };

  const count = sessions.data?.length ?? 0;
  return (
    <Group
      title="Where you are signed in"
      description={
        <>
          Each browser that signed in as you in the last 30 days and was used in the last 12 hours.{' '}
          <TimesIn timeZone={timeZone} />.
        </>
      }
    >
      <div className="grid gap-4">
        <Refusal message={failure} />
        <QueryState query={sessions} label="sessions" skeleton={<ListSkeleton rows={2} />}>
          {(list: AccountSession[]) => (
            <SessionRows
              list={list}
              ending={ending}
              endedRef={endedRef}
              fallbackRef={everywhereRef}
              onEnd={(session, row) => void end(session, row)}
            />
          )}
        </QueryState>
        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button ref={everywhereRef} variant="danger" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Button>
        </div>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Sign out everywhere?">
        {confirming ? (
          <ConfirmAction
            actionLabel="Sign out everywhere"
            online={online}
            offlineText={ACCOUNT_NEEDS_CONNECTION}
            act={() => signOutEverywhere(client, persister)}
            onDone={(done) => {
              setConfirming(false);
              if (done) void navigate(`${SIGN_IN_PATH}?signed-out=everywhere`, { replace: true });
            }}
          >
            {count > 1
              ? `All ${count} sessions signed in as you end now, this one included.`
              : 'Every session signed in as you ends now, this one included.'}{' '}
            This device&apos;s saved copy of the data is wiped, and you sign in again here.
          </ConfirmAction>
        ) : null}
      </Dialog>
    </Group>
  );
}

/**
 * The sessions as shown. After one is signed out its button is gone: focus goes to the one that
 * took its place, else the last, else Sign out everywhere (this session has no button of its own).
 */
function SessionRows({
  list,
  ending,
  endedRef,
  fallbackRef,
  onEnd,
}: {
  list: AccountSession[];
  ending: string | null;
  endedRef: RefObject<RemovedRow | null>;
  fallbackRef: RefObject<HTMLButtonElement | null>;
  onEnd: (session: AccountSession, row: number) => void;
}) {
  const { timeZone } = useCommunity();
  const now = useNow(60_000);
  const listRef = useRef<HTMLUListElement>(null);
  useFocusAfterRemoval({
    removedRef: endedRef,
    keys: list.map((session) => session.id),
    paused: false,
    listRef,
    selector: '[data-end-session]',
    fallbackRef,
  });
  return (
    <ul ref={listRef} className="divide-y divide-slate-200 dark:divide-slate-800">
      {list.map((session, row) => (
        <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1 basis-48">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {session.device}
              {session.current ? <Badge tone="brand">This device</Badge> : null}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Signed in{' '}
              <time dateTime={session.signedInAt}>
                {formatMoment(Date.parse(session.signedInAt), now, timeZone)}
              </time>
              {' · '}
              {session.current ? (
                'active now'
              ) : (
                <>
                  last active{' '}
                  <time dateTime={session.lastActiveAt}>
                    {formatLastUpdate(Date.parse(session.lastActiveAt), now, timeZone).replace(
                      /^Just now$/,
                      'just now',
                    )}
                  </time>
                </>
              )}
            </p>
          </div>
          {session.current ? null : (
            <Button
              variant="secondary"
              size="sm"
              data-end-session=""
              aria-label={`Sign out ${session.device}, signed in ${formatMoment(Date.parse(session.signedInAt), now, timeZone)}`}
              busy={ending === session.id}
              onClick={() => onEnd(session, row)}
            >
              {ending === session.id ? 'Signing out…' : 'Sign out'}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
