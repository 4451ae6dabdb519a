import { describe, expect, it } from 'vitest';
import { fieldOfError } from '../../src/api/amenity-setup';
import type { AmenitySetup } from '../../src/api/contract';
import {
  amenityInputOf,
  changedFields,
  EMPTY_AMENITY_FORM,
  formFieldOf,
  formValuesOf,
  minutesOf,
  timeOf,
} from '../../src/features/amenities/amenity-form-values';

const HALL: AmenitySetup = {
  id: 'solis-hall',
  name: 'Solis Hall',
  type: 'hall',
  description: 'Events',
  capacity: 120,
  opensMinute: 480,
  closesMinute: 1440,
  color: '#9333ea',
  monthlyOperatingCost: 6800,
  archived: false,
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
    expect(amenityInputOf({ ...valid, monthlyOperatingCost: '$1,250.5' })).toEqual({
      ok: true,
      input: {
        name: 'Pool',
        type: 'hall',
        description: '',
        capacity: 40,
        opensMinute: 480,
        closesMinute: 1200,
        monthlyOperatingCost: 1250.5,
      },
    });
    expect(amenityInputOf(valid)).toMatchObject({ input: { monthlyOperatingCost: null } });
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

  it('refuses hours that close before they open', () => {
    const result = amenityInputOf({ ...valid, opens: '20:00', closes: '08:00' });
    expect(result).toEqual({
      ok: false,
      errors: { closes: 'Enter a closing time after the opening time' },
    });
  });
});

describe('an edit', () => {
  it('sends only the fields that changed', () => {
    const values = { ...formValuesOf(HALL), capacity: '150' };
    const checked = amenityInputOf(values);
    if (!checked.ok) throw new Error('invalid');
    expect(changedFields(HALL, checked.input)).toEqual({ capacity: 150 });
  });
});

describe('server errors', () => {
  it('find the field they name, and the form field that shows it', () => {
    expect(fieldOfError('capacity: must be at least 1')).toBe('capacity');
    expect(fieldOfError('A community has at most 200 amenities')).toBeNull();
    expect(formFieldOf('closesMinute')).toBe('closes');
    expect(formFieldOf('owner')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});
