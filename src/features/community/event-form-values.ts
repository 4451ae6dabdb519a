import {
  EVENT_LIMITS,
  EventInputSchema,
  eventDateProblem,
  type EventCategory,
  type EventInput,
} from '../../api/contract';
import { formatCount } from '../../lib/format';

/** The event form as typed: every field a string until it is checked. */
export type EventFormValues = {
  /** The amenity's slug, or empty until one is chosen. */
  amenityId: string;
  /** yyyy-mm-dd, as an <input type="date"> holds it. */
  heldOn: string;
  title: string;
  category: EventCategory;
  attendance: string;
  plannedAttendance: string;
  cost: string;
};

export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

/** A new event: held today, at the only amenity when there is one. */
export function emptyEventForm(today: string, amenityIds: readonly string[]): EventFormValues {
  return {
    amenityId: amenityIds.length === 1 ? (amenityIds[0] ?? '') : '',
    heldOn: today,
    title: '',
    category: 'community',
    attendance: '',
    plannedAttendance: '',
    cost: '0',
  };
}

const most = formatCount(EVENT_LIMITS.attendance);

export const EVENT_FIELD_MESSAGES: Record<EventFormField, string> = {
  amenityId: 'Choose the amenity where it was held',
  heldOn: 'Enter the date it was held (a real date, up to today)',
  title: `Enter a title of at most ${EVENT_LIMITS.title} characters, on one line`,
  category: 'Choose a category',
  attendance: `Enter how many people came: a whole number from 0 to ${most}`,
  plannedAttendance: `Enter how many people were planned for: a whole number from 1 to ${most}`,
  cost: `Enter what it cost, from 0 to ${formatCount(EVENT_LIMITS.cost)} (0 when it cost nothing)`,
};

const FIELDS = Object.keys(EVENT_FIELD_MESSAGES) as EventFormField[];
const isField = (key: string): key is EventFormField => (FIELDS as string[]).includes(key);

/** The form field a server error names ("title: …" names title), if any. */
export function eventFieldOf(inputField: string | null): EventFormField | null {
  return inputField !== null && isField(inputField) ? inputField : null;
}

/** "1,200" and "1200" are the same count; anything but digits is not one. */
export function wholeNumber(text: string): number {
  const plain = text.trim().replace(/,/g, '');
  return /^\d+$/.test(plain) ? Number(plain) : NaN;
}

/** An amount in the community's currency, to the cent: "350", "350.5", "1,200.00". */
export function amount(text: string): number {
  const plain = text.trim().replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : NaN;
}

/**
 * The form's values as the API's input, or the errors to show next to each field: the server's
 * own schema and date rule (with `today` in the community's time zone), so the form never sends
 * what the server would refuse for these reasons.
 */
export function eventInputOf(
  values: EventFormValues,
  today: string,
): { ok: true; input: EventInput } | { ok: false; errors: EventFormErrors } {
  const candidate = {
    amenityId: values.amenityId,
    heldOn: values.heldOn,
    title: values.title,
    category: values.category,
    attendance: wholeNumber(values.attendance),
    plannedAttendance: wholeNumber(values.plannedAttendance),
    cost: amount(values.cost),
  };
  const parsed = EventInputSchema.safeParse(candidate);
  const errors: EventFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isField(field) && !errors[field]) errors[field] = EVENT_FIELD_MESSAGES[field];
    }
  }
  const dateProblem = errors.heldOn ? null : eventDateProblem(values.heldOn, today);
  if (dateProblem) errors.heldOn = dateProblem.charAt(0).toUpperCase() + dateProblem.slice(1);
  if (!parsed.success || dateProblem) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
