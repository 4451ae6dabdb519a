import {
  AmenityInputSchema,
  isReadableName,
  MAX_AMENITY_CAPACITY,
  MAX_MONTHLY_OPERATING_COST,
  MAX_VISIT_VALUE,
  NAME_NOT_READABLE,
  type AmenityInput,
  type AmenitySetup,
  type AmenityType,
} from '../../api/contract';
import { closuresProblem } from '../../lib/amenity-closures';
import { fieldMessage } from '../../lib/field-error';
import { DEFAULT_AMENITY_COLORS } from '../../lib/amenity-colors';
import { numberFormat } from '../../lib/intl-formats';
import { parseTypedNumber } from '../../lib/typed-number';
import { WEEKDAY_NAMES, weeklyHoursProblem, type DayHours } from '../../lib/weekly-hours';

/** One day of the weekday editor: closed, or open between two "HH:MM" times. */
export type DayFormValues = { open: boolean; opens: string; closes: string };

/** One closure as its row holds it: days as a date input gives them (yyyy-mm-dd, or empty). */
export type ClosureFormValues = { firstDay: string; lastDay: string; reason: string };

/** The settings form as typed: every field a string until it is checked. */
export type AmenityFormValues = {
  name: string;
  type: AmenityType;
  description: string;
  capacity: string;
  /** Opening hours per weekday, Sunday first (index = weekday); times as a time input holds them. */
  days: DayFormValues[];
  monthlyOperatingCost: string;
  /** What one visit is worth; empty: the type's default. */
  visitValue: string;
  /** "#rrggbb": the chart line and card colour. */
  color: string;
  /** Days closed whatever the hours say, in the order entered. */
  closures: ClosureFormValues[];
};

export type AmenityFormField = Exclude<keyof AmenityFormValues, 'days'> | 'hours';
/** The fields typed into one text box or chosen in one list. */
export type AmenityTextField = Exclude<AmenityFormField, 'hours' | 'closures'>;
/**
 * Errors by field, `day0`...`day6` next to one weekday's times and `closure0`... next to one
 * closure's row.
 */
export type AmenityFormErrors = Partial<
  Record<AmenityFormField | `day${number}` | `closure${number}`, string>
>;

const openDay = (opens: string, closes: string): DayFormValues => ({ open: true, opens, closes });

export const EMPTY_AMENITY_FORM: AmenityFormValues = {
  name: '',
  type: 'hall',
  description: '',
  capacity: '',
  days: Array.from({ length: 7 }, () => openDay('08:00', '20:00')),
  monthlyOperatingCost: '',
  visitValue: '',
  color: DEFAULT_AMENITY_COLORS.hall,
  closures: [],
};

/** Monday's hours (open or closed) on every day of the week. */
export function copyMondayToAll(days: readonly DayFormValues[]): DayFormValues[] {
  const monday = days[1] ?? openDay('08:00', '20:00');
  return Array.from({ length: 7 }, () => ({ ...monday }));
}

/**
 * "06:30" -> 390; anything else is null. A time input cannot hold midnight at the end of the
 * day, so "23:59" means it (1440: open until midnight).
 */
export function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > 1439) return null;
  return minutes === 1439 ? 1440 : minutes;
}

/** 390 -> "06:30"; the end of the day shows as "23:59" (what a time input can hold). */
export function timeOf(minutes: number): string {
  const clamped = Math.min(minutes, 1439);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(clamped / 60))}:${pad(clamped % 60)}`;
}

export function formValuesOf(amenity: AmenitySetup): AmenityFormValues {
  return {
    name: amenity.name,
    type: amenity.type,
    description: amenity.description,
    capacity: String(amenity.capacity),
    days: Array.from({ length: 7 }, (_, weekday) => {
      const day = amenity.hours[weekday];
      return day
        ? openDay(timeOf(day.opensMinute), timeOf(day.closesMinute))
        : { open: false, opens: '08:00', closes: '20:00' };
    }),
    monthlyOperatingCost:
      amenity.monthlyOperatingCost === null ? '' : String(amenity.monthlyOperatingCost),
    visitValue: amenity.visitValue == null ? '' : String(amenity.visitValue),
    color: amenity.color,
    closures: (amenity.closures ?? []).map(({ firstDay, lastDay, reason }) => ({
      firstDay,
      lastDay,
      reason,
    })),
  };
}

/** Which form field shows an error the server reported for an input field. */
const FORM_FIELD_OF_INPUT: Record<keyof AmenityInput, AmenityFormField> = {
  name: 'name',
  type: 'type',
  description: 'description',
  capacity: 'capacity',
  hours: 'hours',
  color: 'color',
  monthlyOperatingCost: 'monthlyOperatingCost',
  visitValue: 'visitValue',
  closures: 'closures',
};

export function formFieldOf(inputField: string | null): AmenityFormField | null {
  return inputField !== null && inputField in FORM_FIELD_OF_INPUT
    ? FORM_FIELD_OF_INPUT[inputField as keyof AmenityInput]
    : null;
}

const thousands = (value: number) => numberFormat('en-US').format(value);

const MESSAGES: Record<Exclude<AmenityFormField, 'name' | 'capacity'>, string> = {
  type: 'Choose a type',
  description: 'Keep the description under 500 characters',
  hours: 'Fix the opening hours marked below',
  monthlyOperatingCost: `Enter an amount from 0 to ${thousands(MAX_MONTHLY_OPERATING_COST)}, with a point for decimals (12.50), or leave it empty`,
  visitValue: `Enter an amount from 0 to ${thousands(MAX_VISIT_VALUE)}, with a point for decimals (2.50), or leave it empty for the type's default`,
  color: 'Choose a colour',
  closures: 'Fix the closures marked below',
};

/** What is wrong with the name, in words that say what to do (empty and too long differ). */
function nameMessage(name: string): string {
  if (name.trim() === '') return 'Enter a name for the amenity';
  if (!isReadableName(name)) return NAME_NOT_READABLE;
  return 'Shorten the name to at most 80 characters';
}

/** What is wrong with the capacity: the bound it broke, so "100001" hears about the maximum. */
function capacityMessage(capacity: string): string {
  const value = parseTypedNumber(capacity) ?? NaN;
  if (capacity === '') return 'Enter the capacity: how many people it holds';
  if (Number.isFinite(value) && value > MAX_AMENITY_CAPACITY) {
    return `Enter at most ${thousands(MAX_AMENITY_CAPACITY)} people`;
  }
  if (Number.isFinite(value) && value < 1) return 'Enter at least 1 person';
  return `Enter a whole number of people, from 1 to ${thousands(MAX_AMENITY_CAPACITY)}`;
}

/** The symbol amounts of `currency` are written with ("$", "€", "£"), for labels. */
export function currencySymbol(currency: string): string {
  return (
    numberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

/**
 * The form's values as the API's input, or the errors to show next to each field. The same
 * schema the server checks, so the form never sends what the server would refuse.
 */
export function amenityInputOf(
  values: AmenityFormValues,
): { ok: true; input: AmenityInput } | { ok: false; errors: AmenityFormErrors } {
  const cost = values.monthlyOperatingCost.trim();
  const visitValue = values.visitValue.trim();
  const capacity = values.capacity.trim();
  const candidate = {
    name: values.name,
    type: values.type,
    description: values.description,
    capacity: parseTypedNumber(capacity) ?? NaN,
    hours: values.days.map((day): DayHours | null =>
      day.open
        ? { opensMinute: minutesOf(day.opens) ?? NaN, closesMinute: minutesOf(day.closes) ?? NaN }
        : null,
    ),
    // Any currency sign typed with the amount goes: the community's currency is the unit.
    monthlyOperatingCost: cost === '' ? null : (parseTypedNumber(cost) ?? NaN),
    visitValue: visitValue === '' ? null : (parseTypedNumber(visitValue) ?? NaN),
    color: values.color,
    closures: values.closures.map(({ firstDay, lastDay, reason }) => ({
      firstDay,
      lastDay,
      reason,
    })),
  };
  const errors: AmenityFormErrors = {};
  const parsed = AmenityInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''));
      if (!field || errors[field]) continue;
      errors[field] =
        field === 'name'
          ? nameMessage(values.name)
          : field === 'capacity'
            ? capacityMessage(capacity)
            : MESSAGES[field];
    }
  }
  Object.assign(errors, dayErrorsOf(values.days));
  if (Object.keys(errors).some((key) => key.startsWith('day'))) errors.hours = MESSAGES.hours;
  Object.assign(errors, closureErrorsOf(values.closures));
  if (Object.keys(errors).some((key) => key.startsWith('closure'))) {
    errors.closures ??= MESSAGES.closures;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** What is wrong with each open day's times, by `day<weekday>` (the same rule as the server). */
export function dayErrorsOf(days: readonly DayFormValues[]): AmenityFormErrors {
  const errors: AmenityFormErrors = {};
  days.forEach((day, weekday) => {
    if (!day.open) return;
    const opens = minutesOf(day.opens);
    const closes = minutesOf(day.closes);
    const name = WEEKDAY_NAMES[weekday] ?? 'This day';
    if (opens === null || closes === null) {
      errors[`day${weekday}`] = `${name}: enter an opening and a closing time`;
      return;
    }
    const problem = weeklyHoursProblem([
      ...Array.from({ length: weekday }, () => null),
      { opensMinute: opens, closesMinute: closes },
      ...Array.from({ length: 6 - weekday }, () => null),
    ]);
    if (problem) errors[`day${weekday}`] = `${name}: closing must be after opening`;
  });
  return errors;
}

/** A server error about one weekday ("hours.3.closesMinute: ...") as the editor's day error. */
export function dayErrorOfServer(message: string): { key: `day${number}`; text: string } | null {
  const match = /^hours\.(\d)(?:\.\w+)?:\s*(.*)$/.exec(message);
  if (!match) return null;
  return { key: `day${Number(match[1])}`, text: match[2] ?? message };
}

/**
 * What is wrong with the closures, by `closure<index>` (the same rules as the server), and
 * `closures` for the list as a whole (too many).
 */
export function closureErrorsOf(closures: readonly ClosureFormValues[]): AmenityFormErrors {
  const errors: AmenityFormErrors = {};
  closures.forEach((closure, index) => {
    if (closure.firstDay === '' || closure.lastDay === '') {
      errors[`closure${index}`] = 'Enter its first and last day';
    }
  });
  if (Object.keys(errors).length > 0) return errors;
  const problem = closuresProblem(
    closures.map((closure) => ({ ...closure, reason: closure.reason.trim() })),
  );
  const error = problem ? closureErrorOfServer(problem) : null;
  if (error) errors[error.key] = error.text;
  return errors;
}

/** A server error about the closures ("closures.2.lastDay: ...") as the editor's row error. */
export function closureErrorOfServer(
  message: string,
): { key: `closure${number}` | 'closures'; text: string } | null {
  const row = /^closures\.(\d+)[.:]/.exec(message);
  if (row) return { key: `closure${Number(row[1])}`, text: fieldMessage(message) };
  return message.startsWith('closures:') ? { key: 'closures', text: fieldMessage(message) } : null;
}

/** Only what changed, so an edit never overwrites a field someone else just changed. */
export function changedFields(before: AmenitySetup, input: AmenityInput): Partial<AmenityInput> {
  const patch: Partial<AmenityInput> = {};
  for (const key of Object.keys(input) as (keyof AmenityInput)[]) {
    const value = input[key];
    // A list saved before visitValue or closures existed lacks them: absent is null (the type's
    // default), or no closures.
    const was = before[key] ?? (Array.isArray(value) ? [] : null);
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(was)) {
      Object.assign(patch, { [key]: value });
    }
  }
  return patch;
}
