import { useId, type ReactElement, type ReactNode } from 'react';
import { Icon } from './icons';

/**
 * The look of text inputs, textareas and selects. A control marked aria-invalid (Field does it)
 * gets a red border; text is 16 px on phones so iOS does not zoom into the field.
 */
export const CONTROL_CLASSES =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-500';

/**
 * A form open inside a card (a new alert rule, a report schedule): boxed from 640 px; on a phone
 * only a rule above it, so that its selects get the box's border and padding (an amenity's name
 * was cut under the select's arrow at 320 px).
 */
export const INLINE_FORM_CLASSES =
  'grid gap-4 border-t border-slate-200 pt-4 sm:rounded-lg sm:border sm:p-4 dark:border-slate-700';

type ControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A labelled form control with an optional hint and an inline error. The control is rendered by
 * `children` with the ids it needs, so inputs, textareas and selects share one layout.
 */
export function Field({
  id: givenId,
  label,
  hint,
  error,
  optional = false,
  children,
}: {
  /** A fixed id, when the caller needs to focus the control (e.g. the first invalid one). */
  id?: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  children: (props: ControlProps) => ReactElement;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
        {optional ? (
          <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A field's error line; `alert` announces it at once (for errors that appear without a submit). */
export function FieldError({
  id,
  alert = false,
  children,
}: {
  id: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={alert ? 'alert' : undefined}
      className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300"
    >
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      {children}
    </p>
  );
}
