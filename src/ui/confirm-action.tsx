import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { FormStatus } from './form-status';

/** What a write answered: done, or the server's (or the connection's) words for why not. */
export type ActionOutcome = { ok: true } | { ok: false; error: string };

/**
 * The inside of a dialog that asks before a change that cannot be undone (remove a user or a
 * resident, revoke an invite, sign out everywhere): what will happen, Cancel, and the action.
 * Offline nothing is sent and it says so; a refusal is shown here and the dialog stays open.
 */
export function ConfirmAction({
  children,
  actionLabel,
  online,
  offlineText,
  unreachableText,
  act,
  onDone,
  variant = 'danger',
}: {
  /** What happens, in words. */
  children: ReactNode;
  actionLabel: string;
  /** danger for what cannot be undone; primary for a change that can be made back. */
  variant?: 'danger' | 'primary';
  online: boolean;
  offlineText: string;
  /** Said when the browser is online but the server does not answer (FormStatus). */
  unreachableText?: string;
  act: () => Promise<ActionOutcome>;
  /** true once the change is made; false on Cancel. */
  onDone: (done: boolean) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setFailure(null);
    // Offline the note above already says why nothing can be sent; saying it again in red
    // adds nothing.
    if (!online) return;
    setBusy(true);
    try {
      const outcome = await act();
      if (outcome.ok) onDone(true);
      else setFailure(outcome.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">{children}</p>
      <FormStatus
        online={online}
        offlineText={offlineText}
        unreachableText={unreachableText}
        failure={failure}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button variant={variant} busy={busy} onClick={() => void run()}>
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}
