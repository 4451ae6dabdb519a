import { useId } from 'react';
import { DATE_RANGE_LABELS } from '../lib/date-range';

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
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Date range
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = options.find((option) => String(option) === event.target.value);
          if (next !== undefined) onChange(next);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 md:min-h-9 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {DATE_RANGE_LABELS[option] ?? `Last ${option} Days`}
          </option>
        ))}
      </select>
    </div>
  );
}
