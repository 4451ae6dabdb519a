import { useId } from 'react';
import { MAX_CLOSURE_REASON, MAX_CLOSURES } from '../../lib/amenity-closures';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES } from '../../ui/field';
import { PageIcon } from '../../ui/page-icons';
import type { AmenityFormErrors, ClosureFormValues } from './amenity-form-values';

const label = 'text-sm font-medium text-slate-900 dark:text-slate-100';
const errorText = 'text-sm font-medium text-red-700 dark:text-red-300';

/**
 * Whole days the amenity is closed whatever its hours say: one row per closure (first day, last
 * day, an optional reason) with its Remove button, and Add closure. Saved with the rest of the
 * form. Native date inputs, so it works by keyboard and with a screen reader as they do; the two
 * days stack at 320 px.
 */
export function ClosuresEditor({
  closures,
  errors,
  today,
  timeZoneLabel,
  onChange,
}: {
  closures: readonly ClosureFormValues[];
  errors: AmenityFormErrors;
  /** The community's today (yyyy-mm-dd): where a new closure starts. */
  today: string;
  timeZoneLabel: string;
  onChange: (closures: ClosureFormValues[]) => void;
}) {
  const id = useId();
  const change = (index: number, next: Partial<ClosureFormValues>) =>
    onChange(closures.map((closure, i) => (i === index ? { ...closure, ...next } : closure)));
  const full = closures.length >= MAX_CLOSURES;

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={errors.closures ? `${id}-error` : `${id}-hint`}
    >
      <legend className={cx(label, 'mb-1')}>Closures</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        Whole days it is closed whatever the hours say, such as a season or the holidays (days in{' '}
        {timeZoneLabel}, the last one included). It reads Closed then, anyone counted there is after
        hours, and no event can be planned there.
      </p>
      {errors.closures ? (
        <p id={`${id}-error`} className={errorText}>
          {errors.closures}
        </p>
      ) : null}
      {closures.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No closures.</p>
      ) : (
        <ul className="grid gap-2">
          {closures.map((closure, index) => {
            const error = errors[`closure${index}`];
            const errorId = `${id}-closure${index}-error`;
            const number = index + 1;
            // The rules are about the days (the reason's length is held by the box itself).
            const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
            return (
              <li
                key={index}
                className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="grid gap-2 sm:grid-cols-2">
                  <label className="grid gap-1">
                    <span className={label}>First day</span>
                    <input
                      type="date"
                      value={closure.firstDay}
                      onChange={(event) => {
                        const firstDay = event.target.value;
                        // A one-day closure by default: the last day follows until it is set later.
                        const lastDay =
                          closure.lastDay === '' || closure.lastDay < firstDay
                            ? firstDay
                            : closure.lastDay;
                        change(index, { firstDay, lastDay });
                      }}
                      aria-label={`Closure ${number}: first day`}
                      className={cx(CONTROL_CLASSES, 'min-w-0')}
                      {...invalid}
                    />
                  </label>
                  <label className="grid gap-1">
                    <span className={label}>Last day</span>
                    <input
                      type="date"
                      value={closure.lastDay}
                      min={closure.firstDay || undefined}
                      onChange={(event) => change(index, { lastDay: event.target.value })}
                      aria-label={`Closure ${number}: last day`}
                      className={cx(CONTROL_CLASSES, 'min-w-0')}
                      {...invalid}
                    />
                  </label>
                </div>
                <label className="grid gap-1">
                  <span className={label}>
                    Reason{' '}
                    <span className="font-normal text-slate-600 dark:text-slate-400">
                      (optional)
                    </span>
                  </span>
                  <input
                    type="text"
                    value={closure.reason}
                    maxLength={MAX_CLOSURE_REASON}
                    placeholder="Winter season"
                    onChange={(event) => change(index, { reason: event.target.value })}
                    aria-label={`Closure ${number}: reason`}
                    className={CONTROL_CLASSES}
                    aria-describedby={error ? errorId : undefined}
                  />
                </label>
                {error ? (
                  <p id={errorId} className={errorText}>
                    {error}
                  </p>
                ) : null}
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onChange(closures.filter((_, i) => i !== index))}
                    aria-label={`Remove closure ${number}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={full}
          onClick={() => onChange([...closures, { firstDay: today, lastDay: today, reason: '' }])}
        >
          <PageIcon name="calendar" className="h-4 w-4" />
          Add closure
        </Button>
        {full ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            At most {MAX_CLOSURES} closures: remove past ones to add more.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
