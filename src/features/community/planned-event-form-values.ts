import {
  EVENT_LIMITS,
  PlannedEventInputSchema,
  latestPlannedDate,
  minuteClock,
  minuteText,
  plannedDateProblem,
  plannedHoursProblem,
  plannedWindowProblem,
  type AmenitySetup,
  type EventCategory,
  type PlannedEvent,
  type PlannedEventInput,
} from '../../api/contract';
import { addDays } from '../../lib/calendar-date';
import { fieldMessage, fieldOfError } from '../../lib/field-error';
import { formatCount } from '../../lib/format';

/** The plan-an-event form as typed: every field a string until it is checked. */
export type PlannedFormValues = {
  /** The amenity's slug, or empty until one is chosen. */
  amenityId: string;
  /** yyyy-mm-dd, as an <input type="date"> holds it. */
  startsOn: string;
  /** "hh:mm", as an <input type="time"> holds it. */
  startTime: string;
  endTime: string;
  title: string;
  category: EventCategory;
  plannedAttendance: string;
};

export type PlannedFormField = keyof PlannedFormValues;
export type PlannedFormErrors = Partial<Record<PlannedFormField, string>>;

/** The new plan's window, 18:00 to 20:00 (minutes of the day). */
const DEFAULT_START_MINUTE = 18 * 60;

/**
 * A new plan: 18:00 to 20:00, today, or tomorrow once today's 18:00 has come (`nowMinute`, the
 * community's clock) so the window offered is one still ahead; at the only amenity when there
 * is one.
 */
export function emptyPlannedForm(
  today: string,
  amenityIds: readonly string[],
  nowMinute = 0,
): PlannedFormValues {
  return {
    amenityId: amenityIds.length === 1 ? (amenityIds[0] ?? '') : '',
    startsOn: nowMinute >= DEFAULT_START_MINUTE ? addDays(today, 1) : today,
    startTime: '18:00',
    endTime: '20:00',
    title: '',
    category: 'community',
    plannedAttendance: '',
  };
}

/**
 * A plan's values in the form, to change it. Its amenity stays chosen only while it is live
 * (`amenityIds`): an archived one is asked for again. An end at midnight shows as 00:00.
 */
export function plannedFormOf(
  plan: PlannedEvent,
  amenityIds: readonly string[],
): PlannedFormValues {
  return {
    amenityId: amenityIds.includes(plan.amenityId) ? plan.amenityId : '',
    startsOn: plan.startsOn,
    startTime: minuteClock(plan.startMinute),
    endTime: minuteClock(plan.endMinute % 1440),
    title: plan.title,
    category: plan.category,
    plannedAttendance: String(plan.plannedAttendance),
  };
}

export const PLANNED_FIELD_MESSAGES: Record<PlannedFormField, string> = {
  amenityId: 'Choose the amenity where it will be held',
  startsOn: 'Enter the date it will be held (a real date, from today)',
  startTime: 'Enter the time it starts',
  endTime: 'Enter the time it ends',
  title: `Enter a title of at most ${EVENT_LIMITS.title} characters, on one line`,
  category: 'Choose a category',
  plannedAttendance: `Enter how many people it is planned for: a whole number from 1 to ${formatCount(EVENT_LIMITS.attendance)}`,
};

/** The API's field names, as the form's. */
const FIELD_OF_INPUT: Record<string, PlannedFormField> = {
  amenityId: 'amenityId',
  startsOn: 'startsOn',
  startMinute: 'startTime',
  endMinute: 'endTime',
  title: 'title',
  category: 'category',
  plannedAttendance: 'plannedAttendance',
};

/** The form field a server error names ("endMinute: …" names endTime), if any. */
export function plannedFieldOf(inputField: string | null): PlannedFormField | null {
  return inputField === null ? null : (FIELD_OF_INPUT[inputField] ?? null);
}

/** "18:30" → 1110; NaN when not a time. */
function minuteOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!match) return NaN;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? hour * 60 + minute : NaN;
}

function wholeNumber(text: string): number {
  const plain = text.trim().replace(/,/g, '');
  return /^\d+$/.test(plain) ? Number(plain) : NaN;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The form's values as the API's input, or the errors to show next to each field: the server's
 * own schema, date, time-window and opening-hours rules (with `today` in the community's time
 * zone, and the hours and closures of the chosen one of `amenities`). An end at 00:00 is midnight at the end
 * of the day.
 */
export function plannedInputOf(
  values: PlannedFormValues,
  today: string,
  amenities: readonly Pick<AmenitySetup, 'id' | 'name' | 'hours' | 'closures'>[] = [],
): { ok: true; input: PlannedEventInput } | { ok: false; errors: PlannedFormErrors } {
  const startMinute = minuteOf(values.startTime);
  const end = minuteOf(values.endTime);
  const candidate = {
    amenityId: values.amenityId,
    startsOn: values.startsOn,
    startMinute,
    endMinute: end === 0 ? 1440 : end,
    title: values.title,
    category: values.category,
    plannedAttendance: wholeNumber(values.plannedAttendance),
  };
  const parsed = PlannedEventInputSchema.safeParse(candidate);
  const errors: PlannedFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = plannedFieldOf(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = PLANNED_FIELD_MESSAGES[field];
    }
  }
  const dateProblem = errors.startsOn ? null : plannedDateProblem(values.startsOn, today);
  if (dateProblem) errors.startsOn = capital(dateProblem);
  const windowProblem =
    errors.startTime || errors.endTime
      ? null
      : plannedWindowProblem(candidate.startMinute, candidate.endMinute);
  if (windowProblem) errors.endTime = capital(windowProblem.replace(/^endMinute: /, ''));
  if (!parsed.success || dateProblem || windowProblem) return { ok: false, errors };
  const amenity = amenities.find((candidate) => candidate.id === parsed.data.amenityId);
  const hoursProblem = amenity ? plannedHoursProblem(parsed.data, amenity) : null;
  if (hoursProblem) {
    const field = plannedFieldOf(fieldOfError(hoursProblem)) ?? 'startsOn';
    return { ok: false, errors: { [field]: fieldMessage(hoursProblem) } };
  }
  return { ok: true, input: parsed.data };
}

/** The latest date the date input offers. */
export const latestPlannedDay = latestPlannedDate;

/** "6:00 PM – 9:00 PM". */
export const windowText = (event: Pick<PlannedEvent, 'startMinute' | 'endMinute'>) =>
  `${minuteText(event.startMinute)} – ${minuteText(event.endMinute)}`;
