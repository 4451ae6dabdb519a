import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';

/**
 * An on/off setting: a button with role "switch" (Space and Enter toggle it), named by its
 * visible label and described by its hint. The whole row is not clickable, only the switch, so
 * the target stays predictable; it is 44 px tall on phones.
 */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {label}
        </p>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={cx(
            'relative inline-block h-7 w-12 rounded-full transition-colors',
            checked ? 'bg-brand-700 dark:bg-brand-600' : 'bg-slate-300 dark:bg-slate-600',
          )}
        >
          <span
            className={cx(
              'absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition-transform',
              checked && 'translate-x-5',
            )}
          />
        </span>
      </button>
    </div>
  );
}
