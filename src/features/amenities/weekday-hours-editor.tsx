import { Fragment, useId } from 'react';
import { WEEKDAY_NAMES, WEEKDAYS_MONDAY_FIRST } from '../../lib/weekly-hours';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES } from '../../ui/field';
import { PageIcon } from '../../ui/page-icons';
import { copyMondayToAll, type AmenityFormErrors, type DayFormValues } from './amenity-form-values';

/**
 * Opening hours per weekday, Monday first: each day an "Open" checkbox and its two times (hidden
 * while closed). "Copy Monday to all days" fills the week. Native controls only, so it works by
 * keyboard and with a screen reader as they do; one row per day stacks at 320 px.
 */
export function WeekdayHoursEditor({
  days,
  errors,
  onChange,
}: {
  days: readonly DayFormValues[];
  errors: AmenityFormErrors;
  onChange: (days: DayFormValues[]) => void;
}) {
  const id = useId();
  const change = (weekday: number, next: Partial<DayFormValues>) =>
    onChange(days.map((day, index) => (index === weekday ? { ...day, ...next } : day)));

  return (
    <fieldset className="grid gap-2" aria-describedby={errors.hours ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">
        Opening hours
      </legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Local time of the community. A day closes by midnight (23:59 means open until midnight).
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={() => onChange(copyMondayToAll(days))}>
          <PageIcon name="calendar" className="h-4 w-4" />
          Copy Monday to all days
        </Button>
      </div>
      {errors.hours ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors.hours}
        </p>
      ) : null}
      <ul className="grid gap-1">
        {WEEKDAYS_MONDAY_FIRST.map((weekday) => {
          const day = days[weekday];
          if (!day) return null;
          const name = WEEKDAY_NAMES[weekday];
          const error = errors[`day${weekday}`];
          const errorId = `${id}-day${weekday}-error`;
          return (
            <li
              key={weekday}
              className="grid grid-cols-[7.5rem_1fr] items-center gap-x-2 gap-y-1 border-t border-slate-200 py-1.5 first:border-t-0 sm:grid-cols-[7.5rem_auto_1fr] dark:border-slate-800"
            >
              <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={day.open}
                  onChange={(event) => change(weekday, { open: event.target.checked })}
                  aria-describedby={error ? errorId : undefined}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                />
                {name}
              </label>
              <span className="text-sm text-slate-700 sm:hidden dark:text-slate-300">
                {day.open ? 'Open' : 'Closed'}
              </span>
              {day.open ? (
                // On a phone the two times stack, each the full width: side by side, a time box
                // at 320 px is cut to "08:00 A", and AM cannot be told from PM.
                <div className="col-span-2 grid gap-1.5 sm:grid-cols-[1fr_auto_1fr] sm:items-center sm:gap-2">
                  {(['opens', 'closes'] as const).map((edge) => (
                    <Fragment key={edge}>
                      {edge === 'closes' ? (
                        <span aria-hidden="true" className="hidden text-sm sm:inline">
                          –
                        </span>
                      ) : null}
                      <div className="grid grid-cols-[3.5rem_1fr] items-center gap-2 sm:contents">
                        <span aria-hidden="true" className="text-sm sm:hidden">
                          {edge === 'opens' ? 'Opens' : 'Closes'}
                        </span>
                        <input
                          type="time"
                          aria-label={`${name} ${edge}`}
                          value={day[edge]}
                          onChange={(event) => change(weekday, { [edge]: event.target.value })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          className={cx(CONTROL_CLASSES, 'min-w-0')}
                        />
                      </div>
                    </Fragment>
                  ))}
                </div>
              ) : (
                <span className="hidden text-sm text-slate-700 sm:block dark:text-slate-300">
                  Closed
                </span>
              )}
              {error ? (
                <p
                  id={errorId}
                  className="col-span-2 text-sm font-medium text-red-700 sm:col-span-3 dark:text-red-300"
                >
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
