import type { Suggestion } from '../../api/contract';
import { suggestedDay, timedEvent, type CalendarEvent } from './ics';
import { isRealDate } from '../../lib/calendar-date';
import { parseTimeRange } from '../../lib/clock-time';
import { todayIn } from '../../lib/zoned-time';

/**
 * The Create Custom Event form (Amy Events): validation with messages a manager can act on, and
 * the calendar event it produces. There is no event back office, so the result is an .ics file.
 */

export type CustomEventInput = {
  title: string;
  amenity: string;
  date: string;
  startTime: string;
  endTime: string;
  attendance: string;
  description: string;
};
export type CustomEventField = keyof CustomEventInput;
export type CustomEventErrors = Partial<Record<CustomEventField, string>>;

export const EMPTY_CUSTOM_EVENT: CustomEventInput = {
  title: '',
  amenity: '',
  date: '',
  startTime: '',
  endTime: '',
  attendance: '',
  description: '',
};

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const ATTENDANCE_MAX = 100_000;

/**
 * One of Amy's suggestions as the form's fields, for the manager to check and save: its title,
 * amenity, date, time window (empty when its time is not a range the form can hold), expected
 * attendance and description.
 */
export function customEventOfSuggestion(suggestion: Suggestion): CustomEventInput {
  const range = parseTimeRange(suggestion.suggestedTime);
  return {
    title: suggestion.title.slice(0, TITLE_MAX),
    amenity: suggestion.suggestedAmenity,
    date: suggestedDay(suggestion) ?? '',
    startTime: range?.start ?? '',
    endTime: range?.end ?? '',
    attendance: String(suggestion.expectedAttendance),
    description: suggestion.description.slice(0, DESCRIPTION_MAX),
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function validateCustomEvent(
  input: CustomEventInput,
  { timeZone, now = Date.now() }: { timeZone: string; now?: number },
): { ok: true; event: CalendarEvent } | { ok: false; errors: CustomEventErrors } {
  const errors: CustomEventErrors = {};
  const title = input.title.trim();
  const amenity = input.amenity.trim();
  const description = input.description.trim();

  if (!title) errors.title = 'Enter a title for the event.';
  else if (title.length > TITLE_MAX) errors.title = `Keep the title to ${TITLE_MAX} characters.`;

  if (!amenity) errors.amenity = 'Choose where the event takes place.';

  if (!input.date) errors.date = 'Choose a date.';
  else if (!isRealDate(input.date)) errors.date = 'Enter a real date (yyyy-mm-dd).';
  else if (input.date < todayIn(timeZone, now)) errors.date = 'Choose today or a later date.';

  if (!input.startTime) errors.startTime = 'Choose a start time.';
  else if (!TIME.test(input.startTime)) errors.startTime = 'Enter a time like 18:00.';

  if (!input.endTime) errors.endTime = 'Choose an end time.';
  else if (!TIME.test(input.endTime)) errors.endTime = 'Enter a time like 21:00.';
  else if (!errors.startTime && input.endTime <= input.startTime) {
    errors.endTime = 'The end time must be after the start time.';
  }

  const attendanceText = input.attendance.trim();
  let attendance: number | null = null;
  if (attendanceText) {
    if (!/^\d+$/.test(attendanceText)) errors.attendance = 'Enter a whole number of people.';
    else if (Number(attendanceText) > ATTENDANCE_MAX) {
      errors.attendance = `Enter ${ATTENDANCE_MAX.toLocaleString('en-US')} or fewer.`;
    } else attendance = Number(attendanceText);
  }

  if (description.length > DESCRIPTION_MAX) {
    errors.description = `Keep the description to ${DESCRIPTION_MAX} characters.`;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const details = [
    description,
    attendance !== null ? `Expected attendance: ${attendance.toLocaleString('en-US')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const event = timedEvent(
    {
      uid: `custom-${input.date}-${input.startTime.replace(':', '')}-${slug(title)}@commonground`,
      title,
      description: details || undefined,
      location: amenity,
    },
    input.date,
    input.startTime,
    input.endTime,
    timeZone,
  );
  return { ok: true, event };
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'event'
  );
}
