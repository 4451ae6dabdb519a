import { describe, expect, it } from 'vitest';
import { fieldMessage, fieldOfError } from '../../src/lib/field-error';

describe("a server's refusal at its field", () => {
  it.each([
    [
      'email: another resident already has this email address (Aisha Mohammed)',
      'email',
      'Another resident already has this email address (Aisha Mohammed)',
    ],
    ['hours.2.opensMinute: a minute of the day', 'hours', 'A minute of the day'],
    ['Invalid body: devEui: must be 16 hex digits', 'devEui', 'Must be 16 hex digits'],
    [
      'name: an archived amenity is called Grand Lake; restore it, or give this one another name',
      'name',
      'An archived amenity is called Grand Lake; restore it, or give this one another name',
    ],
  ])('%j is said at %s as a sentence', (message, field, said) => {
    expect(fieldOfError(message)).toBe(field);
    expect(fieldMessage(message)).toBe(said);
  });

  it('leaves a refusal that names no field as it is', () => {
    for (const message of [
      'A community has at most 200 amenities',
      'Saved? Unknown: check the list',
    ]) {
      expect(fieldOfError(message)).toBeNull();
      expect(fieldMessage(message)).toBe(message);
    }
  });
});
