import { useState } from 'react';
import type { Outcome } from '../../api/send';
import { useConnectivity } from '../../lib/connectivity';

export const ACCOUNT_NEEDS_CONNECTION =
  'Changing your account needs a connection to CommonGround. You are offline: nothing was changed.';

/** What the server (or the connection) said when a change was refused, said once. */
export function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

/**
 * One form's write: nothing is sent offline, busy while it runs, and a refusal said once (at a
 * field when `atField` takes it, else under the form).
 */
export function useAccountWrite() {
  const online = useConnectivity() === 'online';
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async <T,>(
    send: () => Promise<Outcome<T>>,
    onDone: (value: T) => void | Promise<void>,
    atField: (error: string) => boolean = () => false,
  ) => {
    setFailure(null);
    if (!online) {
      setFailure(ACCOUNT_NEEDS_CONNECTION);
      return;
    }
    setBusy(true);
    try {
      const outcome = await send();
      if (outcome.ok) await onDone(outcome.value);
      else if (!atField(outcome.error)) setFailure(outcome.error);
    } finally {
      setBusy(false);
    }
  };
  // "You are offline" is not said once the connection is back.
  const shown = online && failure === ACCOUNT_NEEDS_CONNECTION ? null : failure;
  return { busy, failure: shown, clearFailure: () => setFailure(null), run };
}
