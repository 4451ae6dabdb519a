import { describe, expect, it } from 'vitest';
import {
  emptyPlannedForm,
  plannedFormOf,
  plannedInputOf,
} from '../../src/features/community/planned-event-form-values';
import { plannedHoursProblem } from '../../src/api/contract';
import { everyDay } from '../../src/lib/weekly-hours';
import { minuteOfDayIn } from '../../src/lib/zoned-time';

describe('a new plan', () => {
  it('offers 18:00 to 20:00 today while it is ahead, at the only amenity', () => {
    expect(emptyPlannedForm('2026-12-05', ['great-lawn'], 17 * 60 + 59)).toMatchObject({
      amenityId: 'great-lawn',
      startsOn: '2026-12-05',
      startTime: '18:00',
      endTime: '20:00',
    });
    expect(emptyPlannedForm('2026-12-05', ['great-lawn', 'solis-hall']).amenityId).toBe('');
  });

  it('offers tomorrow once today’s 18:00 has come (a window gone by would be refused)', () => {
    expect(emptyPlannedForm('2026-12-05', [], 18 * 60).startsOn).toBe('2026-12-06');
    expect(emptyPlannedForm('2026-12-31', [], 23 * 60 + 59).startsOn).toBe('2027-01-01');
  });
});

describe('minuteOfDayIn', () => {
  it("is the minute of the day on the zone's clock", () => {
    // 02:30 UTC on 5 December is 18:30 on the 4th in Los Angeles (PST, UTC-8).
    const at = Date.parse('2026-12-05T02:30:00Z');
    expect(minuteOfDayIn('America/Los_Angeles', at)).toBe(18 * 60 + 30);
    expect(minuteOfDayIn('UTC', at)).toBe(2 * 60 + 30);
  });
});

describe('a plan to change', () => {
  const plan = {
    id: 7,
    amenityId: 'great-lawn',
    amenityName: 'The Great Lawn',
    startsOn: '2026-12-12',
    startMinute: 20 * 60,
    endMinute: 1440,
    title: 'Winter Lights',
    category: 'seasonal' as const,
    plannedAttendance: 1200,
  };

  it('fills the form with the plan; an end at midnight reads 00:00, and comes back as 1440', () => {
    const values = plannedFormOf(plan, ['great-lawn', 'solis-hall']);
    expect(values).toEqual({
      amenityId: 'great-lawn',
      startsOn: '2026-12-12',
      startTime: '20:00',
      endTime: '00:00',
      title: 'Winter Lights',
      category: 'seasonal',
      plannedAttendance: '1200',
    });
    const { id, amenityName, ...input } = plan;
    expect([id, amenityName]).toEqual([7, 'The Great Lawn']);
    expect(plannedInputOf(values, '2026-12-05')).toEqual({ ok: true, input });
  });

  it('asks for the amenity again when the plan’s is no longer live (archived)', () => {
    expect(plannedFormOf(plan, ['solis-hall']).amenityId).toBe('');
  });
});

describe('opening hours', () => {
  // Open 08:00-22:00, closed on Sundays.
  const hall = {
    id: 'solis-hall',
    name: 'Solis Hall',
    hours: everyDay(8 * 60, 22 * 60).map((day, weekday) => (weekday === 0 ? null : day)),
  };
  // 2026-12-12 is a Saturday, 2026-12-13 a Sunday.
  const window = (startsOn: string, startMinute: number, endMinute: number) => ({
    startsOn,
    startMinute,
    endMinute,
  });

  it('names the field at fault, as the server says it', () => {
    expect(plannedHoursProblem(window('2026-12-12', 8 * 60, 22 * 60), hall)).toBeNull();
    expect(plannedHoursProblem(window('2026-12-13', 10 * 60, 11 * 60), hall)).toBe(
      'startsOn: Solis Hall is closed on Sundays; choose a day it is open',
    );
    expect(plannedHoursProblem(window('2026-12-12', 7 * 60 + 30, 9 * 60), hall)).toBe(
      'startMinute: Solis Hall opens at 8:00 AM on Saturdays (open 8:00 AM – 10:00 PM)',
    );
    expect(plannedHoursProblem(window('2026-12-12', 21 * 60, 1440), hall)).toBe(
      'endMinute: Solis Hall closes at 10:00 PM on Saturdays (open 8:00 AM – 10:00 PM)',
    );
  });

  it('an amenity with no hours at all is open at any time', () => {
    const field = { name: 'The Field', hours: Array.from({ length: 7 }, () => null) };
    expect(plannedHoursProblem(window('2026-12-13', 0, 1440), field)).toBeNull();
  });

  it('the form shows it at its field before anything is sent', () => {
    const values = {
      amenityId: 'solis-hall',
      startsOn: '2026-12-12',
      startTime: '21:00',
      endTime: '23:00',
      title: 'Late Quiz',
      category: 'community' as const,
      plannedAttendance: '40',
    };
    expect(plannedInputOf(values, '2026-12-05', [hall])).toEqual({
      ok: false,
      errors: { endTime: 'Solis Hall closes at 10:00 PM on Saturdays (open 8:00 AM – 10:00 PM)' },
    });
    expect(plannedInputOf({ ...values, startsOn: '2026-12-13' }, '2026-12-05', [hall])).toEqual({
      ok: false,
      errors: { startsOn: 'Solis Hall is closed on Sundays; choose a day it is open' },
    });
    // Without the amenity's hours (not loaded), the server judges.
    expect(plannedInputOf(values, '2026-12-05').ok).toBe(true);
  });

  it('refuses a closure’s day, even for an amenity open at any time', () => {
    const closures = [{ firstDay: '2026-12-24', lastDay: '2026-12-26', reason: 'Holidays' }];
    const field = { name: 'The Field', hours: Array.from({ length: 7 }, () => null), closures };
    expect(plannedHoursProblem(window('2026-12-25', 10 * 60, 12 * 60), field)).toBe(
      'startsOn: The Field is closed for Holidays, Thu, Dec 24, 2026 – Sat, Dec 26, 2026; choose another day',
    );
    expect(plannedHoursProblem(window('2026-12-27', 10 * 60, 12 * 60), field)).toBeNull();
    const values = {
      amenityId: 'solis-hall',
      startsOn: '2026-12-24',
      startTime: '10:00',
      endTime: '12:00',
      title: 'Carols',
      category: 'seasonal' as const,
      plannedAttendance: '40',
    };
    expect(plannedInputOf(values, '2026-12-05', [{ ...hall, closures }])).toEqual({
      ok: false,
      errors: {
        startsOn:
          'Solis Hall is closed for Holidays, Thu, Dec 24, 2026 – Sat, Dec 26, 2026; choose another day',
      },
    });
  });
});
