import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import { CONTROL_CLASSES, Field } from './field';

export type SelectOption<T extends string | number> = { value: T; label: string };

type SelectFieldProps<T extends string | number> = {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (next: T) => void;
  /** stacked: the label above (forms); inline: the label beside it (page toolbars). */
  layout?: 'stacked' | 'inline';
  id?: string;
  hint?: ReactNode;
  error?: string | null;
  name?: string;
  disabled?: boolean;
};

/**
 * A labelled native select (the best picker on phones) over typed options: onChange receives
 * the option's own value, a number stays a number.
 */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  layout = 'stacked',
  id,
  hint,
  error,
  name,
  disabled,
}: SelectFieldProps<T>) {
  const generatedId = useId();
  const select = (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => (
    <select
      {...props}
      name={name}
      disabled={disabled}
      value={String(value)}
      onChange={(event) => {
        const next = options.find((option) => String(option.value) === event.target.value);
        if (next !== undefined) onChange(next.value);
      }}
      // Inline, no wider than its longest option, so a label beside it keeps its room.
      className={cx(CONTROL_CLASSES, layout === 'inline' && 'max-w-max md:min-h-9')}
    >
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
  if (layout === 'inline') {
    const selectId = id ?? generatedId;
    return (
      // Wraps rather than squeezing the select: at 320 px "Role of Alex Rivera" left
      // "Administrator" cut to "Administrat…".
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <label
          htmlFor={selectId}
          className="text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-300"
        >
          {label}
        </label>
        {select({ id: selectId })}
      </div>
    );
  }
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {select}
    </Field>
  );
}
