import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROLE_LABELS } from '../../api/me';
import { acceptInvite } from '../../api/sign-in';
import { isReadableName, MIN_PASSWORD_LENGTH, NAME_NOT_READABLE } from '../../api/contract';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { useValuesTypedBeforeHydration } from '../../ui/use-typed-before-hydration';
import { AccountFrame, FormError } from './account-frame';
import {
  INVITE_INVALID,
  INVITE_USED,
  firstInvalid,
  inviteFailureMessage,
  isWellFormedInviteToken,
  newPasswordError,
  type FieldErrors,
} from './account-messages';
import { checkInviteLink, isUsedInvite, type InviteLink } from './invite-link';
import { signInHandoff } from './sign-in-handoff';
import { SIGN_IN_PATH } from '../../lib/app-pages';
import { useHydrated } from '../../lib/hydration';

/** The token travels in the fragment (`#token=…`), so it never reaches a server log. */
export function inviteToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

type InviteField = 'name' | 'password';
const INVITE_FIELDS: readonly InviteField[] = ['name', 'password'];

export function nameError(name: string): string | undefined {
  if (!name.trim()) return 'Enter your name.';
  return isReadableName(name) ? undefined : NAME_NOT_READABLE;
}

const CHECKS: Record<InviteField, (value: string) => string | undefined> = {
  name: nameError,
  password: newPasswordError,
};

const SIGN_IN_LINK_CLASSES =
  'mt-4 inline-flex min-h-11 items-center font-medium text-brand-700 underline dark:text-brand-100';

export const INVITE_NOT_CHECKED =
  'This invitation could not be checked just now. You can still fill in the form: it is checked when you create your account.';

/**
 * /accept-invite#token=…: the invited person chooses the name shown to others and a password;
 * then signs in as usual, the address already filled in (handed over in the router's state). The
 * link is checked first, so a dead one says why before any typing: a used one sends its holder
 * to sign in, an expired or unknown one to an Admin.
 */
export function AcceptInvitePage() {
  const hash = useLocation().hash;
  // The prerender never sees the fragment, so the first render (the prerender and the hydration
  // that adopts it) is the form, whatever the link: judging the token then would prerender
  // "incomplete" for every link and make the hydration differ from it (React error 418).
  const hydrated = useHydrated();
  const token = hydrated ? inviteToken(hash) : undefined;
  const wellFormed = token != null && isWellFormedInviteToken(token);
  // Kept with the token it is about, so a changed fragment is never judged by the old answer.
  const [checked, setChecked] = useState<{ token: string; link: InviteLink } | null>(null);
  const link = token != null && checked?.token === token ? checked.link : null;
  useEffect(() => {
    if (token == null || !isWellFormedInviteToken(token)) return;
    let current = true;
    void checkInviteLink(token).then((answer) => {
      if (current) setChecked({ token, link: answer });
    });
    return () => {
      current = false;
    };
  }, [token]);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const inputs: Record<InviteField, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  useValuesTypedBeforeHydration(formRef, { name: setName, password: setPassword });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<InviteField>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  if (token === null) {
    return (
      <AccountFrame title="Accept your invitation">
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          This invitation link is incomplete. Open the whole link you were sent, or ask your
          administrator for a new invitation.
        </p>
      </AccountFrame>
    );
  }

  if ((token !== undefined && !wellFormed) || link?.state === 'dead') {
    return (
      <AccountFrame title="Accept your invitation">
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {link?.state === 'dead' ? link.reason : INVITE_INVALID}
        </p>
        {isUsedInvite(link) ? (
          <Link
            to={SIGN_IN_PATH}
            state={signInHandoff(link.email)}
            className={SIGN_IN_LINK_CLASSES}
          >
            Sign in
          </Link>
        ) : null}
      </AccountFrame>
    );
  }

  if (created !== null) {
    return (
      <AccountFrame title="Your account is ready">
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Sign in with {created || 'your email address'} and the password you just chose.
        </p>
        <Link to={SIGN_IN_PATH} state={signInHandoff(created)} className={SIGN_IN_LINK_CLASSES}>
          Sign in
        </Link>
      </AccountFrame>
    );
  }

  const edit = (field: InviteField, set: (value: string) => void, value: string) => {
    set(value);
    if (fieldErrors[field] && !CHECKS[field](value)) {
      setFieldErrors((current) => ({ ...current, [field]: undefined }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The submit button is disabled until hydration, when the token is read.
    if (token === undefined) return;
    const errors = { name: nameError(name), password: newPasswordError(password) };
    setFieldErrors(errors);
    const invalid = firstInvalid(INVITE_FIELDS, errors);
    if (invalid) {
      setError(null);
      inputs[invalid].current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    acceptInvite({ token, name: name.trim(), password })
      .then((result) => {
        if (result.ok) return setCreated(result.email);
        const message = inviteFailureMessage(result.error);
        // Accepted meanwhile (another tab, the link opened twice): the account exists, so the
        // page says so and offers sign-in instead of a form that can no longer succeed.
        if (message !== INVITE_USED) return setError(message);
        const email = link?.state === 'live' ? link.invite.email : undefined;
        setChecked({ token, link: { state: 'dead', reason: message, email } });
      })
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : 'Something went wrong; try again'),
      )
      .finally(() => setBusy(false));
  };

  return (
    <AccountFrame title="Accept your invitation">
      {link?.state === 'live' ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          You are invited as {ROLE_LABELS[link.invite.role]} (
          <span className="break-all">{link.invite.email}</span>).
        </p>
      ) : link?.state === 'unknown' ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{INVITE_NOT_CHECKED}</p>
      ) : null}
      <form ref={formRef} className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        <Field
          label="Your name"
          hint="Shown to the other members of your community."
          error={fieldErrors.name}
        >
          {(props) => (
            <input
              {...props}
              ref={inputs.name}
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(event) => edit('name', setName, event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <Field
          label="Password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, not counting spaces.`}
          error={fieldErrors.password}
        >
          {(props) => (
            <input
              {...props}
              ref={inputs.password}
              type="password"
              name="password"
              autoComplete="new-password"
              required
              maxLength={1024}
              value={password}
              onChange={(event) => edit('password', setPassword, event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <FormError message={error} />
        <Button type="submit" busy={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </Button>
      </form>
    </AccountFrame>
  );
}
