import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  accountSessionsQuery,
  confirmAuthenticatorReplacement,
  recoveryCodesQuery,
  renewRecoveryCodes,
  startAuthenticatorReplacement,
  useRecoveryCodesStatus,
} from '../../api/account';
import {
  AUTHENTICATOR_ALREADY_REPLACED,
  AUTHENTICATOR_CODE_WRONG,
  AUTHENTICATOR_REPLACEMENT_NOT_STARTED,
  AUTHENTICATOR_SETUP_RESTARTED,
  CURRENT_PASSWORD_WRONG,
  NEW_AUTHENTICATOR_CODE_WRONG,
  type RecoveryCodesStatus,
  type TotpSetup,
} from '../../api/contract';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES, Field } from '../../ui/field';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { Group } from '../../ui/group';
import { AuthenticatorKey } from './authenticator-key';
import { RecoveryCodeList } from './recovery-code-list';
import { Refusal, useAccountWrite } from './account-write';
import { ENTER_SIX_DIGIT_CODE, sixDigitCode } from './account-messages';

/** "7 of 10 recovery codes left", with a nudge when few are left. */
export function recoveryCodesText({ remaining, total }: RecoveryCodesStatus): string {
  if (total === 0) return 'You have no recovery codes. Make some, in case your phone is lost.';
  const left = `${remaining} of ${total} recovery codes left.`;
  if (remaining === 0) return `${left} Make new ones now: without them a lost phone locks you out.`;
  if (remaining <= 3) return `${left} Make new ones soon.`;
  return left;
}

const NEW_CODES_NOTE =
  'Each code signs you in once. They are shown only now: keep them somewhere safe. Your old codes no longer work.';

/** New codes, shown once, from either form below; why they are new comes with them. */
type NewCodes = { codes: string[]; why: string };

/**
 * An Admin's second factor: on (Admins cannot sign in without it), how many recovery codes are
 * left, new ones for a current authenticator code (the old ones stop working), and a new
 * authenticator for a lost or replaced phone.
 */
export function TwoFactor() {
  const status = useRecoveryCodesStatus();
  const [shown, setShown] = useState<NewCodes | null>(null);
  const codesRef = useRef<HTMLHeadingElement>(null);
  const makeRef = useRef<HTMLButtonElement>(null);
  const show = (codes: NewCodes) => {
    setShown(codes);
    requestAnimationFrame(() => codesRef.current?.focus());
  };

  return (
    <Group
      title="Two-factor authentication"
      description="On: Admins sign in with a code from an authenticator app, or a recovery code if the phone is lost."
    >
      <div className="grid gap-4">
        <QueryState query={status} label="recovery codes" skeleton={<ListSkeleton rows={1} />}>
          {(counts: RecoveryCodesStatus) => <p className="text-sm">{recoveryCodesText(counts)}</p>}
        </QueryState>
        {shown ? (
          <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
            <h3 ref={codesRef} tabIndex={-1} className="text-sm font-semibold">
              Your new recovery codes
            </h3>
            <p className="text-sm">{[shown.why, NEW_CODES_NOTE].filter(Boolean).join(' ')}</p>
            <RecoveryCodeList codes={shown.codes} />
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setShown(null);
                  // Its button goes with the codes: focus the one that makes new codes.
                  makeRef.current?.focus();
                }}
              >
                I saved them, hide the codes
              </Button>
            </div>
          </div>
        ) : null}
        <RenewRecoveryCodes makeRef={makeRef} onCodes={show} />
        <ReplaceAuthenticator onCodes={show} />
      </div>
    </Group>
  );
}

function RenewRecoveryCodes({
  makeRef,
  onCodes,
}: {
  makeRef: RefObject<HTMLButtonElement | null>;
  onCodes: (codes: NewCodes) => void;
}) {
  const client = useQueryClient();
  const { busy, failure, clearFailure, run } = useAccountWrite();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearFailure();
    const showError = (error: string) => {
      setCodeError(error);
      codeRef.current?.focus();
    };
    const typed = sixDigitCode(code);
    if (!typed) {
      showError(ENTER_SIX_DIGIT_CODE);
      return;
    }
    await run(
      () => renewRecoveryCodes(typed),
      async (renewed) => {
        setCode('');
        onCodes({ codes: renewed.recoveryCodes, why: '' });
        await client.invalidateQueries({ queryKey: recoveryCodesQuery().queryKey });
      },
      (error) => {
        if (error !== AUTHENTICATOR_CODE_WRONG) return false;
        showError(error);
        return true;
      },
    );
  };

  return (
    <form noValidate className="grid max-w-md gap-4" onSubmit={(event) => void submit(event)}>
      <Field
        label="Code from your authenticator app"
        hint="New codes replace every recovery code you have now."
        error={codeError}
      >
        {(props) => (
          <input
            {...props}
            ref={codeRef}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className={CONTROL_CLASSES}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setCodeError(null);
            }}
          />
        )}
      </Field>
      <Refusal message={failure} />
      <div>
        <Button ref={makeRef} type="submit" busy={busy}>
          {busy ? 'Making codes…' : 'Make new recovery codes'}
        </Button>
      </div>
    </form>
  );
}

export const NEW_AUTHENTICATOR_DONE =
  'Your new authenticator is set up; the old one no longer signs in.';

/** What the replacement did, the other sessions it ended included (a lost phone's among them). */
export function authenticatorReplacedMessage(otherSessionsEnded: number): string {
  if (otherSessionsEnded === 0) return NEW_AUTHENTICATOR_DONE;
  const sessions =
    otherSessionsEnded === 1 ? '1 other session' : `${otherSessionsEnded} other sessions`;
  return `${NEW_AUTHENTICATOR_DONE} ${sessions} signed in as you ended.`;
}

/**
 * A lost, broken or replaced phone: the Admin (signed in with a recovery code, say) gives the
 * password, scans a new QR code and confirms with a code from the new app. Until then the old
 * authenticator still signs in, so leaving half-way locks no one out.
 */
function ReplaceAuthenticator({ onCodes }: { onCodes: (codes: NewCodes) => void }) {
  const client = useQueryClient();
  const { busy, failure, clearFailure, run } = useAccountWrite();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const scanRef = useRef<HTMLFormElement>(null);

  // Each step's field takes focus as the step appears (the button pressed has gone with the last).
  // The QR step starts at its top: on a small phone, focusing the code field below would scroll
  // the QR code half out of view.
  useEffect(() => {
    if (!open) return;
    if (setup) {
      scanRef.current?.scrollIntoView?.({ block: 'start' });
      codeRef.current?.focus({ preventScroll: true });
    } else passwordRef.current?.focus();
  }, [open, setup]);

  const refresh = () =>
    Promise.all(
      [recoveryCodesQuery(), accountSessionsQuery()].map(({ queryKey }) =>
        client.invalidateQueries({ queryKey }),
      ),
    );

  const reset = () => {
    setPassword('');
    setSetup(null);
    setCode('');
    setError(null);
    clearFailure();
  };
  const close = () => {
    reset();
    setOpen(false);
    requestAnimationFrame(() => openRef.current?.focus());
  };
  const fieldError = (ref: RefObject<HTMLInputElement | null>) => (message: string) => {
    setError(message);
    ref.current?.focus();
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    clearFailure();
    if (!password) {
      fieldError(passwordRef)('Enter your password.');
      return;
    }
    await run(
      () => startAuthenticatorReplacement(password),
      (started) => {
        setPassword('');
        setSetup(started);
      },
      (refusal) => {
        if (refusal !== CURRENT_PASSWORD_WRONG) return false;
        fieldError(passwordRef)(refusal);
        return true;
      },
    );
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    clearFailure();
    const typed = sixDigitCode(code);
    const secret = setup?.secret;
    if (!typed || !secret) {
      fieldError(codeRef)('Enter the 6-digit code the new app shows.');
      return;
    }
    await run(
      () => confirmAuthenticatorReplacement({ code: typed, secret }),
      async (confirmed) => {
        reset();
        setOpen(false);
        // No toast: it would cover the codes shown once, which say the same.
        onCodes({
          codes: confirmed.recoveryCodes,
          why: authenticatorReplacedMessage(confirmed.otherSessionsEnded),
        });
        await refresh();
      },
      (refusal) => {
        if (refusal === AUTHENTICATOR_ALREADY_REPLACED) {
          // Finished in another tab: nothing is left to do here but say so.
          setSetup(null);
          setCode('');
          setOpen(false);
          void refresh();
          return false;
        }
        if (
          refusal === AUTHENTICATOR_SETUP_RESTARTED ||
          refusal === AUTHENTICATOR_REPLACEMENT_NOT_STARTED
        ) {
          // This QR code no longer counts: back to the password, which says why.
          setSetup(null);
          setCode('');
          return false;
        }
        if (refusal !== NEW_AUTHENTICATOR_CODE_WRONG) return false;
        fieldError(codeRef)(refusal);
        return true;
      },
    );
  };

  return (
    <div className="grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="text-sm font-semibold">New phone or lost phone?</h3>
      {!open ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Set up the authenticator app on another phone. The old one keeps working until the new
            one is confirmed; then your other devices are signed out.
          </p>
          <Refusal message={failure} />
          <div>
            <Button ref={openRef} variant="secondary" onClick={() => setOpen(true)}>
              Set up a new authenticator
            </Button>
          </div>
        </>
      ) : setup === null ? (
        <form noValidate className="grid max-w-md gap-4" onSubmit={(event) => void start(event)}>
          <Field label="Your password" hint="Needed to change how you sign in." error={error}>
            {(props) => (
              <input
                {...props}
                ref={passwordRef}
                type="password"
                autoComplete="current-password"
                maxLength={1024}
                className={CONTROL_CLASSES}
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <StepEnd failure={failure} busy={busy} label="Continue" onCancel={close} />
        </form>
      ) : (
        <form
          ref={scanRef}
          noValidate
          className="grid max-w-md gap-4"
          onSubmit={(event) => void confirm(event)}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Scan this code with the authenticator app on the new phone, then enter the 6-digit code
            it shows.
          </p>
          <AuthenticatorKey setup={setup} />
          <Field label="Code from the new app" error={error}>
            {(props) => (
              <input
                {...props}
                ref={codeRef}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                className={CONTROL_CLASSES}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <StepEnd
            failure={failure}
            busy={busy}
            label="Use the new authenticator"
            onCancel={close}
          />
        </form>
      )}
    </div>
  );
}

/** The end of each step's form: what was refused, then its button and Cancel. */
function StepEnd({
  failure,
  busy,
  label,
  onCancel,
}: {
  failure: string | null;
  busy: boolean;
  label: string;
  onCancel: () => void;
}) {
  return (
    <>
      <Refusal message={failure} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {busy ? 'Checking…' : label}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
