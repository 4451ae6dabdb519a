import { useId, type ReactNode } from 'react';

/**
 * A labelled form control with its hint and error. The control is rendered by `children`, which
 * gets the ids and ARIA attributes to spread on it.
 */
export function FormField({
  label,
  hint,
  error,
  optional = false,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    // content-start: in a row of fields, each keeps its label, control and notes packed at the top.
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional ? (
          <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const INPUT_CLASSES =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-600 sm:text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:aria-invalid:border-red-400';
