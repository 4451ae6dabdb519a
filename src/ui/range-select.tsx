import { DATE_RANGE_LABELS } from '../lib/date-range';
import { SelectField } from './select-field';

/** The dashboard's Date Range selector (a native select: the best picker on phones). */
export function RangeSelect<T extends number>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly T[];
  onChange: (next: T) => void;
}) {
  return (
    <SelectField
      layout="inline"
      label="Date range"
      value={value}
      options={options.map((option) => ({
        value: option,
        label: DATE_RANGE_LABELS[option] ?? `Last ${option} Days`,
      }))}
      onChange={onChange}
    />
  );
}
