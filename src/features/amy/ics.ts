import { addDays } from '../../lib/calendar-date';
import { parseTimeRange } from '../../lib/clock-time';
import { zonedTimeToUtc } from '../../lib/zoned-time';

/**
 * iCalendar (.ics, RFC 5545) files for Amy's suggestions and custom events: the honest way to
 * "add an event" when there is no event back office. The file goes to the user's own calendar.
 */

export type CalendarEvent = {
  uid: string;
  title: string;
  description?: string;
  location?: string;
} & ({ allDay: false; start: Date; end: Date } | { allDay: true; date: string });

/** RFC 5545 3.3.11: backslash, semicolon and comma are escaped, newlines become \n. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** RFC 5545 3.1: lines longer than 75 octets are folded (CRLF + space), never inside a character. */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 2026-12-05T18:00:00.000Z -> 20261205T180000Z */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10).replace(/-/g, '');
}

export function buildIcs(events: readonly CalendarEvent[], now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CommonGround//Amy Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${icsUtc(now)}`);
    if (event.allDay) {
      lines.push(
        `DTSTART;VALUE=DATE:${event.date.replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${nextDay(event.date)}`,
      );
    } else {
      lines.push(`DTSTART:${icsUtc(event.start)}`, `DTEND:${icsUtc(event.end)}`);
    }
    lines.push(`SUMMARY:${escapeIcsText(event.title)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/**
 * An event on `date` from `start` to `end` (hh:mm, wall time in `timeZone`). An end at or before
 * the start is taken as the next day (an event running past midnight).
 */
export function timedEvent(
  base: { uid: string; title: string; description?: string; location?: string },
  date: string,
  start: string,
  end: string,
  timeZone: string,
): CalendarEvent {
  const endDate = end <= start ? addDays(date, 1) : date;
  return {
    ...base,
    allDay: false,
    start: zonedTimeToUtc(date, start, timeZone),
    end: zonedTimeToUtc(endDate, end, timeZone),
  };
}

export type SuggestionLike = {
  id: string;
  title: string;
  description: string;
  suggestedAmenity: string;
  suggestedDate: string;
  suggestedTime: string;
  reasoning: string;
};

/** The suggestion's day (yyyy-mm-dd), or undefined when its date cannot be read. */
export function suggestedDay(
  suggestion: Pick<SuggestionLike, 'suggestedDate'>,
): string | undefined {
  return /^\d{4}-\d{2}-\d{2}/.exec(suggestion.suggestedDate)?.[0];
}

/** One of Amy's suggestions as a calendar event; an unreadable time makes it an all-day event. */
export function suggestionEvent(suggestion: SuggestionLike, timeZone: string): CalendarEvent {
  const base = {
    uid: `${suggestion.id}@commonground`,
    title: suggestion.title,
    description: `${suggestion.description}\n\nWhy Amy suggests it: ${suggestion.reasoning}`,
    location: suggestion.suggestedAmenity,
  };
  const date = suggestedDay(suggestion);
  if (!date) throw new Error(`Suggestion "${suggestion.title}" has no readable date.`);
  const range = parseTimeRange(suggestion.suggestedTime);
  if (!range) return { ...base, allDay: true, date };
  return timedEvent(base, date, range.start, range.end, timeZone);
}

/** "Sunset Movie Night!" -> "sunset-movie-night.ics" */
export function icsFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-$/, '');
  return `${slug || 'event'}.ics`;
}
