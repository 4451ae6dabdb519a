import { useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { ConfirmAction, type ActionOutcome } from './confirm-action';
import { Dialog } from './dialog';

/**
 * A button for a change that cannot be undone (delete a rule, a schedule): it asks in the app's
 * confirm dialog first, as removing a user or deleting a network server does. Escape and Cancel
 * send nothing; a refusal is said in the dialog, which stays open.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  variant = 'danger',
  size,
  className,
  title,
  actionLabel,
  children,
  online,
  offlineText,
  act,
  onDone,
}: {
  label: ReactNode;
  ariaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** The dialog's question, e.g. "Delete this rule?". */
  title: string;
  actionLabel: string;
  /** What happens, in words. */
  children: ReactNode;
  online: boolean;
  offlineText: string;
  act: () => Promise<ActionOutcome>;
  /** After the change is made (the dialog has closed). */
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={ariaLabel}
        disabled={!online}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title}>
        {open ? (
          <ConfirmAction
            actionLabel={actionLabel}
            online={online}
            offlineText={offlineText}
            act={act}
            onDone={(done) => {
              setOpen(false);
              if (done) onDone();
            }}
          >
            {children}
          </ConfirmAction>
        ) : null}
      </Dialog>
    </>
  );
}

/** A write that throws on refusal (the data layer's helpers), as a ConfirmAction outcome. */
export async function outcomeOf(write: () => Promise<unknown>): Promise<ActionOutcome> {
  try {
    await write();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
