import { describe, expect, it } from 'vitest';
import {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  icsFileName,
  suggestionEvent,
} from '../../src/features/amy/ics';
import { parseClockTime, parseTimeRange } from '../../src/lib/clock-time';
import { wallClockDateFn } from '../../src/lib/wall-clock-date';
import { todayIn, zonedTimeToUtc } from '../../src/lib/zoned-time';
import { suggestionsFixture } from '../../mocks/fixtures';

/** The item at `index`, failing the test when there is none. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected an item at ${index}`);
  return item;
}

describe('zoned times', () => {
  it('turns a wall time in the community time zone into the instant, across DST', () => {
    expect(zonedTimeToUtc('2026-07-04', '18:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-05T01:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-12-05', '18:00', 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-06T02:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-12-05', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-12-05T23:00:00.000Z',
    );
  });

  it('moves a time skipped by the spring-forward change past the gap', () => {
    // 2026-03-08 02:30 does not exist in New York (clocks jump from 2:00 to 3:00).
    const instant = zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York');
    expect(instant.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Just after the change, and on the fall-back night (the first 1:30 AM, still daylight time).
    expect(zonedTimeToUtc('2026-03-08', '03:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedTimeToUtc('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('gives dates whose local fields read the wall clock in the zone (for chart ticks)', () => {
    const fields = (d: Date) => [
      d.getFullYear(),
      d.getMonth() + 1,
      d.getDate(),
      d.getHours(),
      d.getMinutes(),
    ];
    const pacific = wallClockDateFn('America/Los_Angeles');
    expect(fields(pacific(Date.parse('2026-07-04T01:30:00Z')))).toEqual([2026, 7, 3, 18, 30]);
    expect(fields(pacific(Date.parse('2026-12-06T02:00:00Z')))).toEqual([2026, 12, 5, 18, 0]);
    // Either side of the fall-back change (cached offsets are per hour, so both must be right).
    expect(fields(pacific(Date.parse('2026-11-01T08:59:00Z')))).toEqual([2026, 11, 1, 1, 59]);
    expect(fields(pacific(Date.parse('2026-11-01T09:00:00Z')))).toEqual([2026, 11, 1, 1, 0]);
    const eastern = wallClockDateFn('America/New_York');
    expect(fields(eastern(Date.parse('2026-07-04T01:30:00Z')))).toEqual([2026, 7, 3, 21, 30]);
  });

  it("knows today's date in the zone", () => {
    const lateEvening = Date.parse('2026-11-23T05:00:00Z'); // 9 PM on Nov 22 in Los Angeles
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-11-22');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-23');
  });
});

describe('time parsing', () => {
  it('reads clock times', () => {
    expect(parseClockTime('6:00 PM')).toBe('18:00');
    expect(parseClockTime('12:30 am')).toBe('00:30');
    expect(parseClockTime('12 PM')).toBe('12:00');
    expect(parseClockTime('7 a.m.')).toBe('07:00');
    expect(parseClockTime('18:45')).toBe('18:45');
    expect(parseClockTime('6')).toBeNull();
    expect(parseClockTime('13 PM')).toBeNull();
    expect(parseClockTime('soon')).toBeNull();
  });

  it('reads the suggestion time ranges', () => {
    expect(parseTimeRange('6:00 PM - 9:00 PM')).toEqual({ start: '18:00', end: '21:00' });
    expect(parseTimeRange('7:00 AM – 8:00 AM')).toEqual({ start: '07:00', end: '08:00' });
    expect(parseTimeRange('6 - 9 PM')).toEqual({ start: '18:00', end: '21:00' });
    expect(parseTimeRange('10 AM to 2 PM')).toEqual({ start: '10:00', end: '14:00' });
    expect(parseTimeRange('6:00 PM')).toEqual({ start: '18:00', end: '19:00' });
    expect(parseTimeRange('All day')).toBeNull();
  });
});

describe('ics text', () => {
  it('escapes commas, semicolons, backslashes and newlines', () => {
    expect(escapeIcsText('Tables, chairs; a\\b\nnext')).toBe('Tables\\, chairs\\; a\\\\b\\nnext');
  });

  it('folds lines over 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('names files after the event', () => {
    expect(icsFileName('Sunset Movie Night on the Lawn!')).toBe(
      'sunset-movie-night-on-the-lawn.ics',
    );
    expect(icsFileName('???')).toBe('event.ics');
  });
});

describe('calendar files', () => {
  const movie = nth(suggestionsFixture(), 0);

  it("turns a suggestion into a timed event in the community's time zone", () => {
    const event = suggestionEvent(movie, 'America/Los_Angeles');
    expect(event).toMatchObject({ allDay: false, title: movie.title, location: 'The Great Lawn' });
    if (event.allDay) throw new Error('expected a timed event');
    expect(event.start.toISOString()).toBe('2026-12-06T02:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-12-06T05:00:00.000Z');
  });

  it('falls back to an all-day event when the time cannot be read', () => {
    const event = suggestionEvent({ ...movie, suggestedTime: 'Evening' }, 'America/Los_Angeles');
    expect(event).toMatchObject({ allDay: true, date: '2026-12-05' });
  });

  it('writes a valid VCALENDAR with CRLF line endings', () => {
    const ics = buildIcs(
      [suggestionEvent(movie, 'America/Los_Angeles')],
      new Date('2026-11-22T18:00:00Z'),
    );
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('UID:sugg-lawn-movie@commonground');
    expect(lines).toContain('DTSTAMP:20261122T180000Z');
    expect(lines).toContain('DTSTART:20261206T020000Z');
    expect(lines).toContain('DTEND:20261206T050000Z');
    expect(lines).toContain('SUMMARY:Sunset Movie Night on the Lawn');
    expect(lines).toContain('LOCATION:The Great Lawn');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('writes all-day events as dates ending the next day', () => {
    const ics = buildIcs([{ uid: 'x', title: 'Clean-up', allDay: true, date: '2026-12-31' }]);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20270101\r\n');
  });
});
