import { AMENITY_COLOR_CHOICES, colorChoicesFor } from '../../src/lib/amenity-color-choices';
import { describe, expect, it } from 'vitest';
import { fieldOfError } from '../../src/lib/field-error';
import type { AmenitySetup } from '../../src/api/contract';
import {
  amenityInputOf,
  changedFields,
  closureErrorOfServer,
  copyMondayToAll,
  currencySymbol,
  dayErrorOfServer,
  EMPTY_AMENITY_FORM,
  formFieldOf,
  formValuesOf,
  minutesOf,
  timeOf,
} from '../../src/features/amenities/amenity-form-values';
import { everyDay } from '../../src/lib/weekly-hours';

const HALL: AmenitySetup = {
  id: 'solis-hall',
  name: 'Solis Hall',
  type: 'hall',
  description: 'Events',
  capacity: 120,
  hours: [null, ...everyDay(480, 1440).slice(1)],
  color: '#9333ea',
  monthlyOperatingCost: 6800,
  archived: false,
  photoUrl: null,
};

describe('opening times', () => {
  it('reads "HH:MM" as minutes after midnight, 23:59 as open until midnight', () => {
    expect(minutesOf('06:30')).toBe(390);
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('23:59')).toBe(1440);
    expect(minutesOf('24:00')).toBeNull();
    expect(minutesOf('12:60')).toBeNull();
    expect(minutesOf('')).toBeNull();
  });

  it('writes minutes back, midnight at the end of the day as 23:59', () => {
    expect(timeOf(390)).toBe('06:30');
    expect(timeOf(1440)).toBe('23:59');
    expect(minutesOf(timeOf(1440))).toBe(1440);
  });
});

describe('amenityInputOf', () => {
  const valid = { ...EMPTY_AMENITY_FORM, name: ' Pool ', capacity: '40' };

  it('turns the form into the API input', () => {
    expect(
      amenityInputOf({ ...valid, monthlyOperatingCost: '$1,250.5', visitValue: '$2.75' }),
    ).toEqual({
      ok: true,
      input: {
        name: 'Pool',
        type: 'hall',
        description: '',
        capacity: 40,
        hours: everyDay(480, 1200),
        monthlyOperatingCost: 1250.5,
        visitValue: 2.75,
        // A hall's colour until another is chosen.
        color: '#9333ea',
        closures: [],
      },
    });
    // Left empty: no cost, and the type's default value per visit.
    expect(amenityInputOf(valid)).toMatchObject({
      input: { monthlyOperatingCost: null, visitValue: null },
    });
  });

  it('keeps a value per visit within 0 to 1,000', () => {
    const visitValueError = (visitValue: string) => {
      const result = amenityInputOf({ ...valid, visitValue });
      return result.ok ? null : (result.errors.visitValue ?? null);
    };
    expect(visitValueError('0')).toBeNull();
    expect(visitValueError('1000')).toBeNull();
    for (const bad of ['-1', '1000.01', 'free']) {
      expect(visitValueError(bad)).toMatch(/^Enter an amount from 0 to 1,000/);
    }
  });

  it('names each bad field with what to enter', () => {
    const result = amenityInputOf({
      ...valid,
      name: '',
      capacity: '2.5',
      monthlyOperatingCost: 'lots',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['capacity', 'monthlyOperatingCost', 'name']);
  });

  it('says a name is needed when it is empty, and the limit when it is too long', () => {
    const empty = amenityInputOf({ ...valid, name: '  ' });
    expect(empty.ok ? null : empty.errors.name).toBe('Enter a name for the amenity');
    const long = amenityInputOf({ ...valid, name: 'x'.repeat(81) });
    expect(long.ok ? null : long.errors.name).toBe('Shorten the name to at most 80 characters');
  });

  it('names the capacity bound that was broken', () => {
    const capacityError = (capacity: string) => {
      const result = amenityInputOf({ ...valid, capacity });
      return result.ok ? null : result.errors.capacity;
    };
    expect(capacityError('')).toBe('Enter the capacity: how many people it holds');
    expect(capacityError('100001')).toBe('Enter at most 100,000 people');
    expect(capacityError('0')).toBe('Enter at least 1 person');
    expect(capacityError('2.5')).toBe('Enter a whole number of people, from 1 to 100,000');
    expect(capacityError('100000')).toBeNull();
  });

  it('takes a cost typed with any currency sign, and names no currency in its error', () => {
    expect(amenityInputOf({ ...valid, monthlyOperatingCost: '€1,250' })).toMatchObject({
      input: { monthlyOperatingCost: 1250 },
    });
    const bad = amenityInputOf({ ...valid, monthlyOperatingCost: 'lots' });
    expect(bad.ok ? null : bad.errors.monthlyOperatingCost).toBe(
      'Enter an amount from 0 to 10,000,000, with a point for decimals (12.50), or leave it empty',
    );
  });

  it('refuses a decimal comma and an exponent instead of reading 12,50 as 1,250 or 1e3 as 1,000', () => {
    const cost = amenityInputOf({ ...valid, monthlyOperatingCost: '12,50' });
    expect(cost.ok ? null : cost.errors.monthlyOperatingCost).toMatch(/a point for decimals/);
    expect(amenityInputOf({ ...valid, monthlyOperatingCost: '12.50' })).toMatchObject({
      input: { monthlyOperatingCost: 12.5 },
    });
    const capacityError = (capacity: string) => {
      const result = amenityInputOf({ ...valid, capacity });
      return result.ok ? null : result.errors.capacity;
    };
    expect(capacityError('1e3')).toBe('Enter a whole number of people, from 1 to 100,000');
    expect(capacityError('1,000')).toBeNull();
    expect(capacityError('100,001')).toBe('Enter at most 100,000 people');
  });

  it('writes each currency with its own symbol', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
  });

  it('refuses a day that closes before it opens, naming the day', () => {
    const days = [...valid.days];
    days[3] = { open: true, opens: '20:00', closes: '08:00' };
    const result = amenityInputOf({ ...valid, days });
    expect(result).toEqual({
      ok: false,
      errors: {
        hours: 'Fix the opening hours marked below',
        day3: 'Wednesday: closing must be after opening',
      },
    });
  });

  it('sends a closed day as null, whatever its times say', () => {
    const days = [...valid.days];
    days[0] = { open: false, opens: '20:00', closes: '' };
    const result = amenityInputOf({ ...valid, days });
    expect(result.ok && result.input.hours[0]).toBeNull();
    expect(result.ok && result.input.hours[1]).toEqual({ opensMinute: 480, closesMinute: 1200 });
  });

  it('asks for both times of an open day', () => {
    const days = [...valid.days];
    days[5] = { open: true, opens: '', closes: '18:00' };
    const result = amenityInputOf({ ...valid, days });
    expect(result.ok ? null : result.errors.day5).toBe(
      'Friday: enter an opening and a closing time',
    );
  });
});

describe('the weekday editor', () => {
  it('reads a stored week (closed Sundays) and copies Monday to every day', () => {
    const { days } = formValuesOf(HALL);
    expect(days[0]?.open).toBe(false);
    expect(days[1]).toEqual({ open: true, opens: '08:00', closes: '23:59' });
    expect(copyMondayToAll(days)).toEqual(Array.from({ length: 7 }, () => days[1]));
    const closedMonday = [...days];
    closedMonday[1] = { open: false, opens: '08:00', closes: '20:00' };
    expect(copyMondayToAll(closedMonday).every((day) => !day.open)).toBe(true);
  });

  it('places a server error about one weekday next to that day', () => {
    expect(dayErrorOfServer('hours.3.closesMinute: must be after opening on Wednesday')).toEqual({
      key: 'day3',
      text: 'must be after opening on Wednesday',
    });
    expect(dayErrorOfServer('capacity: must be at least 1')).toBeNull();
  });
});

describe('an edit', () => {
  it('sends only the fields that changed', () => {
    const values = { ...formValuesOf(HALL), capacity: '150' };
    const checked = amenityInputOf(values);
    if (!checked.ok) throw new Error('invalid');
    expect(changedFields(HALL, checked.input)).toEqual({ capacity: 150 });
  });

  it('sends the week of hours when one day changed', () => {
    const values = formValuesOf(HALL);
    values.days[6] = { open: true, opens: '10:00', closes: '16:00' };
    const checked = amenityInputOf(values);
    if (!checked.ok) throw new Error('invalid');
    const patch = changedFields(HALL, checked.input);
    expect(Object.keys(patch)).toEqual(['hours']);
    expect(patch.hours?.[6]).toEqual({ opensMinute: 600, closesMinute: 960 });
  });
});

describe('closures', () => {
  const withClosures = (closures: { firstDay: string; lastDay: string; reason: string }[]) =>
    amenityInputOf({ ...formValuesOf(HALL), closures });

  it('are sent as entered, the reason trimmed', () => {
    expect(
      withClosures([{ firstDay: '2026-12-24', lastDay: '2026-12-26', reason: ' Holidays ' }]),
    ).toMatchObject({
      ok: true,
      input: { closures: [{ firstDay: '2026-12-24', lastDay: '2026-12-26', reason: 'Holidays' }] },
    });
  });

  it('mark the row at fault, in words that say what to do', () => {
    expect(withClosures([{ firstDay: '', lastDay: '2026-12-26', reason: '' }])).toEqual({
      ok: false,
      errors: {
        closure0: 'Enter its first and last day',
        closures: 'Fix the closures marked below',
      },
    });
    expect(withClosures([{ firstDay: '2026-12-26', lastDay: '2026-12-24', reason: '' }])).toEqual({
      ok: false,
      errors: {
        closure0: 'The last day is before the first day',
        closures: 'Fix the closures marked below',
      },
    });
    const overlapping = withClosures([
      { firstDay: '2026-12-20', lastDay: '2026-12-31', reason: 'Holidays' },
      { firstDay: '2026-12-24', lastDay: '2026-12-26', reason: '' },
    ]);
    expect(overlapping).toMatchObject({
      ok: false,
      errors: {
        closure1:
          'Overlaps the closure Sun, Dec 20, 2026 – Thu, Dec 31, 2026; make them one, or change its days',
      },
    });
  });

  it('a server error about one closure lands on its row; one about the list above them', () => {
    expect(
      closureErrorOfServer('closures.2.lastDay: the last day is before the first day'),
    ).toEqual({
      key: 'closure2',
      text: 'The last day is before the first day',
    });
    expect(
      closureErrorOfServer('closures: at most 30 per amenity; remove past ones first'),
    ).toEqual({
      key: 'closures',
      text: 'At most 30 per amenity; remove past ones first',
    });
    expect(closureErrorOfServer('capacity: must be at least 1')).toBeNull();
  });

  it('unchanged, are not sent; a list saved before closures existed has none', () => {
    const checked = amenityInputOf({ ...formValuesOf(HALL), capacity: '150' });
    if (!checked.ok) throw new Error('invalid');
    expect(changedFields({ ...HALL, closures: [] }, checked.input)).toEqual({ capacity: 150 });
    const added = withClosures([{ firstDay: '2026-12-24', lastDay: '2026-12-24', reason: '' }]);
    if (!added.ok) throw new Error('invalid');
    expect(changedFields(HALL, added.input)).toEqual({
      closures: [{ firstDay: '2026-12-24', lastDay: '2026-12-24', reason: '' }],
    });
  });
});

describe('server errors', () => {
  it('find the field they name, and the form field that shows it', () => {
    expect(fieldOfError('capacity: must be at least 1')).toBe('capacity');
    expect(fieldOfError('A community has at most 200 amenities')).toBeNull();
    expect(fieldOfError('hours.2.opensMinute: a minute of the day')).toBe('hours');
    expect(formFieldOf('hours')).toBe('hours');
    expect(formFieldOf('owner')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});

describe('colorChoicesFor', () => {
  it('offers the palette, and keeps a colour outside it as the current one', () => {
    expect(colorChoicesFor('#2563eb')).toEqual(AMENITY_COLOR_CHOICES);
    expect(colorChoicesFor('#123456')[0]).toEqual({ value: '#123456', label: 'Current (#123456)' });
    expect(colorChoicesFor('#123456')).toHaveLength(AMENITY_COLOR_CHOICES.length + 1);
  });
});
