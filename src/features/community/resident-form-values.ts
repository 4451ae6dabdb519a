import {
  RESIDENT_LIMITS,
  ResidentInputSchema,
  type Resident,
  type ResidentInput,
  type ResidentStatus,
} from '../../api/contract';

/** The resident form as typed: every field a string until it is checked. */
export type ResidentFormValues = {
  name: string;
  unit: string;
  email: string;
  phone: string;
  householdSize: string;
  status: ResidentStatus;
  /** yyyy-mm-dd, as an <input type="date"> holds it, or empty. */
  joinedOn: string;
  notes: string;
};

export type ResidentFormField = keyof ResidentFormValues;
export type ResidentFormErrors = Partial<Record<ResidentFormField, string>>;

export const EMPTY_RESIDENT_FORM: ResidentFormValues = {
  name: '',
  unit: '',
  email: '',
  phone: '',
  householdSize: '',
  status: 'active',
  joinedOn: '',
  notes: '',
};

export function residentFormValuesOf(resident: Resident): ResidentFormValues {
  return {
    name: resident.name,
    unit: resident.unit,
    email: resident.email ?? '',
    phone: resident.phone ?? '',
    householdSize: resident.householdSize === null ? '' : String(resident.householdSize),
    status: resident.status,
    joinedOn: resident.joinedOn ?? '',
    notes: resident.notes,
  };
}

export const RESIDENT_FIELD_MESSAGES: Record<ResidentFormField, string> = {
  name: `Enter the resident's name (at most ${RESIDENT_LIMITS.name} characters)`,
  unit: `Enter the unit or address (at most ${RESIDENT_LIMITS.unit} characters)`,
  email: 'Enter an email address like name@example.org, or leave it empty',
  phone: 'Enter a phone number (digits, spaces, + ( ) - .), or leave it empty',
  householdSize: `Enter a whole number of people from 1 to ${RESIDENT_LIMITS.householdSize}, or leave it empty`,
  status: 'Choose active or inactive',
  joinedOn: 'Enter a date up to today, or leave it empty',
  notes: `Keep the notes under ${RESIDENT_LIMITS.notes} characters`,
};

const isField = (key: string): key is ResidentFormField => key in EMPTY_RESIDENT_FORM;

/** The form field a server error names ("email: …" names email), if any. */
export function residentFieldOf(inputField: string | null): ResidentFormField | null {
  return inputField !== null && isField(inputField) ? inputField : null;
}

/**
 * The form's values as the API's input, or the errors to show next to each field: the server's
 * own schema, so the form never sends what the server would refuse. Empty optional fields are
 * sent as none.
 */
export function residentInputOf(
  values: ResidentFormValues,
): { ok: true; input: ResidentInput } | { ok: false; errors: ResidentFormErrors } {
  const household = values.householdSize.trim();
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const candidate = {
    name: values.name,
    unit: values.unit,
    email: text(values.email),
    phone: text(values.phone),
    householdSize: household === '' ? null : /^\d+$/.test(household) ? Number(household) : NaN,
    status: values.status,
    joinedOn: text(values.joinedOn),
    notes: values.notes,
  };
  const parsed = ResidentInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ResidentFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isField(field) && !errors[field]) errors[field] = RESIDENT_FIELD_MESSAGES[field];
  }
  return { ok: false, errors };
}

/** Only what changed, so an edit never overwrites a field someone else just changed. */
export function changedResidentFields(
  before: Resident,
  input: ResidentInput,
): Partial<ResidentInput> {
  const patch: Partial<ResidentInput> = {};
  for (const key of Object.keys(input) as (keyof ResidentInput)[]) {
    const value = input[key] ?? null;
    const previous = key === 'notes' ? before.notes || null : before[key];
    const next = key === 'notes' ? value || null : value;
    if (next !== previous) Object.assign(patch, { [key]: input[key] ?? null });
  }
  return patch;
}
