import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { acceptInvite } from '../../api/sign-in';
import { MIN_PASSWORD_LENGTH } from '../../api/contract';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { useValuesTypedBeforeHydration } from '../../ui/use-typed-before-hydration';
import { AccountFrame, FormError } from './account-frame';
import { SIGN_IN_PATH } from '../../lib/app-pages';

/** The token travels in the fragment (`#token=…`), so it never reaches a server log. */
export function inviteToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/**
 * /accept-invite#token=…: the invited person chooses the name shown to others and a password;
 * then signs in as usual.
 */
export function AcceptInvitePage() {
  const token = inviteToken(useLocation().hash);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(formRef, { name: setName, password: setPassword });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  if (!token) {
    return (
      <AccountFrame title="Accept your invitation">
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          This invitation link is incomplete. Open the whole link you were sent, or ask your
          administrator for a new invitation.
        </p>
      </AccountFrame>
    );
  }

  if (created !== null) {
    return (
      <AccountFrame title="Your account is ready">
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Sign in with {created || 'your email address'} and the password you just chose.
        </p>
        <Link
          to={SIGN_IN_PATH}
          className="mt-4 inline-flex min-h-11 items-center font-medium text-brand-700 underline dark:text-brand-100"
        >
          Sign in
        </Link>
      </AccountFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter your name.');
    if (password.length < MIN_PASSWORD_LENGTH) {
      return setError(`Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
    setBusy(true);
    setError(null);
    acceptInvite({ token, name: name.trim(), password })
      .then((result) => (result.ok ? setCreated(result.email) : setError(result.error)))
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : 'Something went wrong; try again'),
      )
      .finally(() => setBusy(false));
  };

  return (
    <AccountFrame title="Accept your invitation">
      <form ref={formRef} className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        <Field label="Your name" hint="Shown to the other members of your community.">
          {(props) => (
            <input
              {...props}
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <Field label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
          {(props) => (
            <input
              {...props}
              type="password"
              name="password"
              autoComplete="new-password"
              required
              maxLength={1024}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </Button>
      </form>
    </AccountFrame>
  );
}
