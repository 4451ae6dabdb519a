import { describe, expect, it } from 'vitest';
import {
  AmenityInputSchema,
  isReadableName,
  ProfilePatchSchema,
  ResidentInputSchema,
} from '../../src/api/contract';
import {
  amenityInputOf,
  EMPTY_AMENITY_FORM,
} from '../../src/features/amenities/amenity-form-values';
import { nameError } from '../../src/features/account/accept-invite-page';

describe('names people read', () => {
  it.each(['The Great Lawn', 'Élodie', 'O’Connor', 'Дмитрий', '李', 'Court #2', '🌳 Tree', 'B-2'])(
    'takes %j',
    (name) => {
      expect(isReadableName(name)).toBe(true);
    },
  );

  it.each([
    ['\u200b', 'a zero-width space alone'],
    ['\u200b\u200c\u200d\u2060', 'only invisible characters'],
    ['Pool \u202eloot', 'a right-to-left override'],
    ['\u2066Hall\u2069', 'direction isolates'],
    ['Line1\nLine2', 'a line break'],
    ['Court\t2', 'a tab'],
    ['Pool\u0007\u001b[2J', 'a bell and a terminal escape'],
    ['Hall\u0085', 'a C1 control'],
  ])('refuses %j (%s)', (name) => {
    expect(isReadableName(name)).toBe(false);
  });

  it('is the rule of every name the API takes, and of the forms', () => {
    expect(ResidentInputSchema.safeParse({ name: '\u200b', unit: 'B-2' }).success).toBe(false);
    expect(ProfilePatchSchema.safeParse({ name: 'Sam \u202e' }).success).toBe(false);
    expect(ProfilePatchSchema.safeParse({ name: 'Sam' }).success).toBe(true);
    expect(ResidentInputSchema.safeParse({ name: 'Line1\nLine2', unit: 'N-1' }).success).toBe(
      false,
    );
    expect(AmenityInputSchema.shape.name.safeParse('\u200b\u200b').success).toBe(false);
    const amenity = amenityInputOf({ ...EMPTY_AMENITY_FORM, name: '\u200b' });
    expect(amenity.ok ? null : amenity.errors.name).toBe(
      'Use letters or digits in the name, on one line, without invisible or text-direction characters',
    );
    expect(nameError('\u200b')).toBe(
      'Use letters or digits in the name, on one line, without invisible or text-direction characters',
    );
    expect(nameError('  ')).toBe('Enter your name.');
  });
});
