import type { ReactNode } from 'react';
import { CONTROL_CLASSES, Field } from './field';

/** A labelled text input (any input whose value is a string: text, email, date, time…). */
export function TextField({
  label,
  name,
  value,
  onChange,
  hint,
  error,
  optional = false,
  inputProps = {},
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  /** The input's own attributes: type, inputMode, autoComplete, min, max… */
  inputProps?: Record<string, string>;
}) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <input
          {...control}
          {...inputProps}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={CONTROL_CLASSES}
        />
      )}
    </Field>
  );
}
