import {
  AmenityInputSchema,
  type AmenityInput,
  type AmenitySetup,
  type AmenityType,
} from '../../api/contract';

/** The settings form as typed: every field a string until it is checked. */
export type AmenityFormValues = {
  name: string;
  type: AmenityType;
  description: string;
  capacity: string;
  /** "HH:MM", as an <input type="time"> holds it. */
  opens: string;
  closes: string;
  monthlyOperatingCost: string;
};

export type AmenityFormField = keyof AmenityFormValues;
export type AmenityFormErrors = Partial<Record<AmenityFormField, string>>;

export const EMPTY_AMENITY_FORM: AmenityFormValues = {
  name: '',
  type: 'hall',
  description: '',
  capacity: '',
  opens: '08:00',
  closes: '20:00',
  monthlyOperatingCost: '',
};

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
    opens: timeOf(amenity.opensMinute),
    closes: timeOf(amenity.closesMinute),
    monthlyOperatingCost:
      amenity.monthlyOperatingCost === null ? '' : String(amenity.monthlyOperatingCost),
  };
}

/** Which form field shows an error the server reported for an input field. */
const FORM_FIELD_OF_INPUT: Record<keyof AmenityInput, AmenityFormField> = {
  name: 'name',
  type: 'type',
  description: 'description',
  capacity: 'capacity',
  opensMinute: 'opens',
  closesMinute: 'closes',
  color: 'name',
  monthlyOperatingCost: 'monthlyOperatingCost',
};

export function formFieldOf(inputField: string | null): AmenityFormField | null {
  return inputField !== null && inputField in FORM_FIELD_OF_INPUT
    ? FORM_FIELD_OF_INPUT[inputField as keyof AmenityInput]
    : null;
}

const MESSAGES: Record<AmenityFormField, string> = {
  name: 'Enter a name of at most 80 characters',
  type: 'Choose a type',
  description: 'Keep the description under 500 characters',
  capacity: 'Enter a whole number of people, at least 1',
  opens: 'Enter an opening time',
  closes: 'Enter a closing time after the opening time',
  monthlyOperatingCost: 'Enter an amount in dollars, or leave it empty',
};

/**
 * The form's values as the API's input, or the errors to show next to each field. The same
 * schema the server checks, so the form never sends what the server would refuse.
 */
export function amenityInputOf(
  values: AmenityFormValues,
): { ok: true; input: AmenityInput } | { ok: false; errors: AmenityFormErrors } {
  const cost = values.monthlyOperatingCost.trim();
  const capacity = values.capacity.trim();
  const candidate = {
    name: values.name,
    type: values.type,
    description: values.description,
    capacity: capacity === '' ? NaN : Number(capacity),
    opensMinute: minutesOf(values.opens) ?? NaN,
    closesMinute: minutesOf(values.closes) ?? NaN,
    monthlyOperatingCost: cost === '' ? null : Number(cost.replace(/[$,\s]/g, '')),
  };
  const errors: AmenityFormErrors = {};
  const parsed = AmenityInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = MESSAGES[field];
    }
  }
  if (!errors.opens && !errors.closes && !(candidate.closesMinute > candidate.opensMinute)) {
    errors.closes = MESSAGES.closes;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

/** Only what changed, so an edit never overwrites a field someone else just changed. */
export function changedFields(before: AmenitySetup, input: AmenityInput): Partial<AmenityInput> {
  const patch: Partial<AmenityInput> = {};
  for (const key of Object.keys(input) as (keyof AmenityInput)[]) {
    const value = input[key];
    if (value !== undefined && value !== before[key]) Object.assign(patch, { [key]: value });
  }
  return patch;
}
