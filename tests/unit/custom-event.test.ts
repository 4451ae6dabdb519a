import { describe, expect, it } from 'vitest';
import {
  EMPTY_CUSTOM_EVENT,
  customEventOfSuggestion,
  validateCustomEvent,
  type CustomEventInput,
} from '../../src/features/amy/custom-event';

const now = Date.parse('2026-11-22T18:00:00Z');
const timeZone = 'America/Los_Angeles';
const valid: CustomEventInput = {
  title: 'Holiday Lights Walk',
  amenity: 'Grand Lake',
  date: '2026-12-12',
  startTime: '17:30',
  endTime: '19:00',
  attendance: '80',
  description: 'A walk around the lake, with cocoa.',
};

describe('validateCustomEvent', () => {
  it('turns a complete form into a calendar event in the community time zone', () => {
    const outcome = validateCustomEvent(valid, { timeZone, now });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const { event } = outcome;
    expect(event).toMatchObject({ title: 'Holiday Lights Walk', location: 'Grand Lake' });
    if (event.allDay) throw new Error('expected a timed event');
    expect(event.start.toISOString()).toBe('2026-12-13T01:30:00.000Z');
    expect(event.end.toISOString()).toBe('2026-12-13T03:00:00.000Z');
    expect(event.description).toBe(
      'A walk around the lake, with cocoa.\n\nExpected attendance: 80',
    );
  });

  it('says what is missing on an empty form', () => {
    const outcome = validateCustomEvent(EMPTY_CUSTOM_EVENT, { timeZone, now });
    expect(outcome).toEqual({
      ok: false,
      errors: {
        title: 'Enter a title for the event.',
        amenity: 'Choose where the event takes place.',
        date: 'Choose a date.',
        startTime: 'Choose a start time.',
        endTime: 'Choose an end time.',
      },
    });
  });

  it('rejects past dates, impossible dates and an end before the start', () => {
    const past = validateCustomEvent({ ...valid, date: '2026-11-21' }, { timeZone, now });
    expect(!past.ok && past.errors.date).toBe('Choose today or a later date.');
    const today = validateCustomEvent({ ...valid, date: '2026-11-22' }, { timeZone, now });
    expect(today.ok).toBe(true);
    const impossible = validateCustomEvent({ ...valid, date: '2026-02-30' }, { timeZone, now });
    expect(!impossible.ok && impossible.errors.date).toBe('Enter a real date (yyyy-mm-dd).');
    const backwards = validateCustomEvent({ ...valid, endTime: '17:00' }, { timeZone, now });
    expect(!backwards.ok && backwards.errors.endTime).toBe(
      'The end time must be after the start time.',
    );
  });

  it('checks attendance, and the lengths of the title and description', () => {
    const outcome = validateCustomEvent(
      { ...valid, attendance: '12 people', title: 'x'.repeat(121), description: 'y'.repeat(1001) },
      { timeZone, now },
    );
    expect(outcome).toEqual({
      ok: false,
      errors: {
        attendance: 'Enter a whole number of people.',
        title: 'Keep the title to 120 characters.',
        description: 'Keep the description to 1000 characters.',
      },
    });
  });
});

describe('customEventOfSuggestion', () => {
  const suggestion = {
    id: 'movie-night',
    title: 'Sunset Movie Night',
    description: 'A family film on the lawn.',
    category: 'recreational',
    confidence: 90,
    suggestedAmenity: 'The Great Lawn',
    suggestedDate: '2026-12-12',
    suggestedTime: '6:30 PM - 9:00 PM',
    expectedAttendance: 120,
    reasoning: 'Saturday evenings fill the lawn.',
    estimatedCost: 450,
    requiredResources: ['Projector'],
  } as const;

  it("fills the form with the suggestion's own fields, its time as 24-hour clock times", () => {
    const values = customEventOfSuggestion({ ...suggestion, requiredResources: ['Projector'] });
    expect(values).toEqual<CustomEventInput>({
      title: 'Sunset Movie Night',
      amenity: 'The Great Lawn',
      date: '2026-12-12',
      startTime: '18:30',
      endTime: '21:00',
      attendance: '120',
      description: 'A family film on the lawn.',
    });
    expect(validateCustomEvent(values, { timeZone, now }).ok).toBe(true);
  });

  it('leaves the times for the manager to choose when the suggestion has no time range', () => {
    const values = customEventOfSuggestion({
      ...suggestion,
      requiredResources: [],
      suggestedTime: 'All day',
    });
    expect([values.startTime, values.endTime]).toEqual(['', '']);
  });
});
