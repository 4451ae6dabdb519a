import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { confirmTotp, signIn, startTotpSetup } from '../../api/sign-in';
import type { Me, TotpSetup } from '../../api/contract';
import { meQuery, useMe } from '../../api/me';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { AuthenticatorKey } from './authenticator-key';
import { RecoveryCodeList } from './recovery-code-list';
import { AccountFrame, FormError } from './account-frame';
import {
  codeError,
  credentialErrors,
  emailError,
  ENTER_SIX_DIGIT_CODE,
  firstInvalid,
  isSetupCodeShapeRefusal,
  passwordError,
  setupCodeError,
  signInFailureMessage,
  sixDigitCode,
  signedOutNotice,
  type CredentialField,
  type FieldErrors,
} from './account-messages';
import { DEMO_ADMIN_AUTHENTICATOR_KEY } from './demo-accounts';
import { safeNextPath } from './safe-next';
import { useValuesTypedBeforeHydration } from '../../ui/use-typed-before-hydration';
import { clearOwnSignOut } from '../../api/session-end';
import { useHydrated, useHydratedSearchParams } from '../../lib/hydration';
import { handedOverEmail } from './sign-in-handoff';

// The QR code library loads with the set-up step only, never with the dashboard.

type Step = 'credentials' | 'code' | 'enrol' | 'recovery-codes';

const TITLES: Record<Step, string> = {
  credentials: 'Sign in',
  code: 'Two-factor authentication',
  enrol: 'Set up two-factor authentication',
  'recovery-codes': 'Save your recovery codes',
};

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong; try again';

const CREDENTIAL_FIELDS: readonly CredentialField[] = ['email', 'password'];

/** Each field's own check, so its error clears as soon as the value typed is fine. */
const CHECKS: Record<CredentialField, (value: string) => string | undefined> = {
  email: emailError,
  password: passwordError,
  code: codeError,
};

/**
 * /sign-in: email and password, then the authenticator code for Admins; an Admin without an
 * authenticator enrols here (QR code, confirm a code, recovery codes shown once).
 */
/**
 * CommonGround sends no reset links (a server may send no email at all): an Administrator
 * removes the account and invites the person again, and the invitation sets a new password.
 */
export const FORGOT_PASSWORD_NOTE =
  'Forgot your password? Ask an Administrator of your community to remove your account and invite you again: the invitation lets you choose a new one.';

export function SignInPage() {
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const notice = signedOutNotice(useHydratedSearchParams(params));
  // Every sign-out lands here: a user leaving after this is news again (shell.tsx).
  useEffect(clearOwnSignOut, []);
  const [chosenStep, setStep] = useState<Step>('credentials');
  // Straight from an accepted invitation, the address is filled in (handed over in the router's
  // state, never the URL) until the person changes it. Read once hydrated: the prerendered frame
  // has an empty field, and a first render that differed from it would be thrown away.
  const location = useLocation();
  const invitedEmail = handedOverEmail(useHydrated() ? location.state : null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? invitedEmail ?? '';
  const [password, setPassword] = useState('');
  const credentialsForm = useRef<HTMLFormElement>(null);
  useValuesTypedBeforeHydration(credentialsForm, { email: setEmail, password: setPassword });
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<CredentialField>>({});
  const [busy, setBusy] = useState(false);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  // The set-up code's own error, said at its field (the code step's is in fieldErrors.code).
  const [setupError, setSetupError] = useState<string | undefined>(undefined);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);

  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const inputs: Record<CredentialField, RefObject<HTMLInputElement | null>> = {
    email: emailInput,
    password: passwordInput,
    code: codeInput,
  };
  const edit = (field: CredentialField, set: (value: string) => void, value: string) => {
    set(value);
    if (fieldErrors[field] && !CHECKS[field](value)) {
      setFieldErrors((current) => ({ ...current, [field]: undefined }));
    }
  };

  const enrolling = me.data?.totpEnrolmentRequired === true;
  const step: Step = enrolling && chosenStep !== 'recovery-codes' ? 'enrol' : chosenStep;
  // The code step opens after the password: its field is what the user needs next.
  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);
  // With the address filled in, the password is all that is left to type.
  useEffect(() => {
    if (invitedEmail) passwordInput.current?.focus();
  }, [invitedEmail]);
  const signedIn = me.data && !me.data.demo && !enrolling;
  if (signedIn && step !== 'recovery-codes') return <Navigate to={next} replace />;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const submitCredentials = (event: FormEvent) => {
    event.preventDefault();
    const order: readonly CredentialField[] = step === 'code' ? ['code'] : CREDENTIAL_FIELDS;
    const errors =
      step === 'code' ? { code: codeError(code) } : credentialErrors({ email, password });
    setFieldErrors(errors);
    const invalid = firstInvalid(order, errors);
    if (invalid) {
      setError(null);
      inputs[invalid].current?.focus();
      return;
    }
    void run(async () => {
      const result = await signIn({
        email,
        password,
        ...(step === 'code' ? { code: code.trim() } : {}),
      });
      if (!result.ok) {
        setError(
          step === 'credentials' && result.totpRequired ? null : signInFailureMessage(result),
        );
        if (result.totpRequired) setStep('code');
        return;
      }
      setPassword('');
      // The demo's cached data belongs to no one; the signed-in user starts from fresh data.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== meQuery().queryKey[0] });
      client.setQueryData<Me | null>(meQuery().queryKey, result.me);
      if (!result.me.totpEnrolmentRequired) void navigate(next, { replace: true });
    });
  };

  const beginSetup = () =>
    void run(async () => {
      const result = await startTotpSetup();
      if (!result.ok) throw new Error(result.error);
      setSetup(result.setup);
    });

  const submitSetupCode = (event: FormEvent) => {
    event.preventDefault();
    // Checked here first, in the words the server would use: a code of the wrong shape is never
    // sent, and is said at its field.
    const typed = sixDigitCode(code);
    if (!typed) {
      setError(null);
      setSetupError(ENTER_SIX_DIGIT_CODE);
      codeInput.current?.focus();
      return;
    }
    void run(async () => {
      const result = await confirmTotp(typed);
      if (!result.ok && isSetupCodeShapeRefusal(result.error)) {
        setSetupError(ENTER_SIX_DIGIT_CODE);
        codeInput.current?.focus();
        return;
      }
      if (!result.ok) throw new Error(result.error);
      setRecoveryCodes(result.recoveryCodes);
      setStep('recovery-codes');
      await client.invalidateQueries({ queryKey: meQuery().queryKey });
    });
  };

  const title = TITLES[step];
  return (
    <AccountFrame title={title}>
      {notice && step === 'credentials' ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-900 dark:text-brand-50"
        >
          {notice}
        </p>
      ) : null}
      {step === 'credentials' || step === 'code' ? (
        <form
          ref={credentialsForm}
          className="mt-4 grid gap-4"
          onSubmit={submitCredentials}
          noValidate
        >
          {step === 'credentials' ? (
            <>
              <Field label="Email" error={fieldErrors.email}>
                {(props) => (
                  <input
                    {...props}
                    ref={emailInput}
                    type="email"
                    name="email"
                    autoComplete="username"
                    required
                    maxLength={254}
                    value={email}
                    onChange={(event) => edit('email', setEmail, event.target.value)}
                    className={CONTROL_CLASSES}
                  />
                )}
              </Field>
              <Field label="Password" error={fieldErrors.password}>
                {(props) => (
                  <input
                    {...props}
                    ref={passwordInput}
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    required
                    maxLength={1024}
                    value={password}
                    onChange={(event) => edit('password', setPassword, event.target.value)}
                    className={CONTROL_CLASSES}
                  />
                )}
              </Field>
            </>
          ) : (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Administrators confirm each sign-in with their authenticator app.
              </p>
              <Field
                label={recovery ? 'Recovery code' : 'Authentication code'}
                hint={
                  recovery
                    ? 'One of the codes you saved when you set up two-factor authentication, like abcde-12345.'
                    : 'The 6-digit code from your authenticator app.'
                }
                error={fieldErrors.code}
              >
                {(props) => (
                  <input
                    {...props}
                    name="code"
                    // A recovery code has letters: a phone's number pad could not type it.
                    inputMode={recovery ? 'text' : 'numeric'}
                    autoComplete={recovery ? 'off' : 'one-time-code'}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    required
                    maxLength={32}
                    ref={codeInput}
                    value={code}
                    onChange={(event) => edit('code', setCode, event.target.value)}
                    className={CONTROL_CLASSES}
                  />
                )}
              </Field>
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setRecovery((was) => !was);
                    setCode('');
                    codeInput.current?.focus();
                  }}
                >
                  {recovery
                    ? 'Use the code from your authenticator app'
                    : 'Lost your phone? Use a recovery code'}
                </Button>
              </div>
            </>
          )}
          <FormError message={error} />
          <Button type="submit" busy={busy}>
            {busy ? 'Checking…' : step === 'code' ? 'Verify' : 'Sign in'}
          </Button>
          {step === 'code' ? (
            <Button
              variant="ghost"
              onClick={() => {
                setStep('credentials');
                setCode('');
                setError(null);
                setFieldErrors({});
              }}
            >
              Back
            </Button>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{FORGOT_PASSWORD_NOTE}</p>
          )}
        </form>
      ) : null}

      {step === 'enrol' ? (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Administrators must use an authenticator app (RFC 6238 TOTP). Scan the code, then enter
            the 6-digit code the app shows.
          </p>
          {setup ? (
            <>
              <AuthenticatorKey setup={setup} />
              <form className="grid gap-4" onSubmit={submitSetupCode} noValidate>
                <Field label="Code from the app" error={setupError}>
                  {(props) => (
                    <input
                      {...props}
                      ref={codeInput}
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      required
                      // Six digits, or "123 456" as some apps show it.
                      maxLength={7}
                      value={code}
                      onChange={(event) => {
                        setCode(event.target.value);
                        if (setupError && !setupCodeError(event.target.value)) {
                          setSetupError(undefined);
                        }
                      }}
                      className={CONTROL_CLASSES}
                    />
                  )}
                </Field>
                <FormError message={error} />
                <Button type="submit" busy={busy}>
                  {busy ? 'Checking…' : 'Turn on two-factor authentication'}
                </Button>
              </form>
            </>
          ) : (
            <>
              <FormError message={error} />
              <Button busy={busy} onClick={beginSetup}>
                {busy ? 'Starting…' : 'Start set-up'}
              </Button>
            </>
          )}
        </div>
      ) : null}

      {step === 'recovery-codes' ? (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Each code signs you in once if your phone is lost. They are shown only now: keep them
            somewhere safe.
          </p>
          <RecoveryCodeList codes={recoveryCodes} />
          <Button onClick={() => void navigate(next, { replace: true })}>
            I saved my codes, continue
          </Button>
        </div>
      ) : null}

      {me.data?.demo && step === 'credentials' ? (
        <div className="mt-5 border-t border-slate-200 pt-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
          <p>
            Demo accounts: <span className="font-mono">manager@willowcreek.example</span>,{' '}
            <span className="font-mono">board@willowcreek.example</span> or{' '}
            <span className="font-mono">admin@willowcreek.example</span>, password{' '}
            <span className="font-mono">commonground-demo</span>. The Admin also gives a code from
            an authenticator app: add the key{' '}
            <span className="font-mono break-all">{DEMO_ADMIN_AUTHENTICATOR_KEY}</span> to any
            authenticator app by hand.
          </p>
          <p className="mt-2">
            <Link
              to="/dashboard"
              className="inline-flex min-h-11 items-center font-medium text-brand-700 underline md:min-h-0 dark:text-brand-100"
            >
              Back to the demo
            </Link>
          </p>
        </div>
      ) : null}
    </AccountFrame>
  );
}
