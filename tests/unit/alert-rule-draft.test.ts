import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, ALERT_THRESHOLD_RANGES } from '../../src/api/contract';
import { checkRuleLevels } from '../../server/alerts/rule-bounds';
import {
  checkRuleDraft,
  fieldErrorOfServer,
  newRuleDraft,
} from '../../src/features/alerts/rule-draft';

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

  it('refuses exactly what the server refuses, for every kind, at the field', () => {
    for (const kind of ALERT_KINDS) {
      const { min, max } = ALERT_THRESHOLD_RANGES[kind];
      for (const threshold of [0, min - 0.5, max + 1, 10_000]) {
        const draft = { ...newRuleDraft('grand-lake', kind), threshold: String(threshold) };
        const server = checkRuleLevels(kind, { threshold, rearmBelow: 0.5, cooldownMinutes: 30 });
        expect(server, `${kind} ${threshold}`).toMatch(/^threshold: /);
        const result = checkRuleDraft({ ...draft, rearmBelow: '0.5' });
        expect(result.ok, `${kind} ${threshold}`).toBe(false);
        if (!result.ok) expect(result.errors.threshold).toMatch(/^Enter a number from /);
      }
      for (const threshold of [min, max]) {
        const rearmBelow = Math.min(threshold, 1);
        expect(checkRuleLevels(kind, { threshold, rearmBelow, cooldownMinutes: 0 })).toBeNull();
        const draft = {
          ...newRuleDraft('grand-lake', kind),
          threshold: String(threshold),
          rearmBelow: String(rearmBelow),
          cooldownMinutes: '0',
        };
        expect(checkRuleDraft(draft).ok, `${kind} ${threshold}`).toBe(true);
      }
    }
    const silent = checkRuleDraft({ ...newRuleDraft('grand-lake', 'silent'), rearmBelow: '0' });
    expect(silent).toEqual({
      ok: false,
      errors: { rearmBelow: 'Enter a number above 0, or the rule never re-arms.' },
    });
  });

  it('puts a server refusal that names a field at that field, as a sentence', () => {
    expect(
      fieldErrorOfServer('threshold: for occupancy must be from 1 to 150 (% of capacity)'),
    ).toEqual({
      field: 'threshold',
      text: 'For occupancy must be from 1 to 150 (% of capacity).',
    });
    expect(fieldErrorOfServer('amenityId: unknown amenity "pool"')).toEqual({
      field: 'amenityId',
      text: 'Unknown amenity "pool".',
    });
    expect(fieldErrorOfServer('Grand Lake is archived: a rule for it would never fire')).toBeNull();
  });
});
