import { describe, expect, it } from 'vitest';
import { checkRuleDraft, newRuleDraft } from '../../src/features/alerts/rule-draft';

describe('alert rule draft', () => {
  it('starts from the kind defaults and sends them as numbers', () => {
    const draft = newRuleDraft('grand-lake', 'occupancy');
    expect(draft).toMatchObject({ threshold: '90', rearmBelow: '80', cooldownMinutes: '30' });
    expect(checkRuleDraft(draft)).toEqual({
      ok: true,
      input: {
        amenityId: 'grand-lake',
        kind: 'occupancy',
        threshold: 90,
        rearmBelow: 80,
        cooldownMinutes: 30,
        enabled: true,
      },
    });
  });

  it('names each field out of bounds', () => {
    const result = checkRuleDraft({
      ...newRuleDraft('', 'occupancy'),
      threshold: 'lots',
      rearmBelow: '-1',
      cooldownMinutes: '10081',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        amenityId: 'Choose an amenity.',
        threshold: 'Enter a number.',
        rearmBelow: 'Enter a number from 0 to 10000.',
        cooldownMinutes: 'Enter whole minutes from 0 to 10080 (a week).',
      },
    });
  });

  it('refuses a re-arm level above the threshold', () => {
    const result = checkRuleDraft({ ...newRuleDraft('pool', 'occupancy'), rearmBelow: '95' });
    expect(result).toEqual({
      ok: false,
      errors: { rearmBelow: 'The re-arm level must be at or below the threshold.' },
    });
  });
});
