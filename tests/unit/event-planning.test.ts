import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_IDS,
  fillTemplate,
  parseChecklist,
  TEMPLATE_KINDS,
  toggleChecklistItem,
  vendorsForResources,
} from '../../src/features/amy/event-planning';
import { suggestionsFixture } from '../../mocks/fixtures';

/** The item at `index`, failing the test when there is none. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected an item at ${index}`);
  return item;
}

describe('event checklist', () => {
  it('has unique item ids', () => {
    expect(new Set(CHECKLIST_IDS).size).toBe(CHECKLIST_IDS.length);
  });

  it('reads stored ids, ignoring unknown ones and damaged records', () => {
    expect([...parseChecklist(JSON.stringify(['pick-date', 'nope', 3]))]).toEqual(['pick-date']);
    expect(parseChecklist('{broken').size).toBe(0);
    expect(parseChecklist('{"a":1}').size).toBe(0);
    expect(parseChecklist(null).size).toBe(0);
  });

  it('toggles an item without changing the previous set', () => {
    const before = new Set(['pick-date']);
    const after = toggleChecklistItem(before, 'announce');
    expect([...after].sort()).toEqual(['announce', 'pick-date']);
    expect([...before]).toEqual(['pick-date']);
    expect([...toggleChecklistItem(after, 'pick-date')]).toEqual(['announce']);
  });
});

describe('vendor directory', () => {
  it("finds the kinds of vendors a suggestion's resources need", () => {
    const movie = nth(suggestionsFixture(), 0);
    expect(vendorsForResources(movie.requiredResources).map((v) => v.id)).toEqual([
      'av',
      'food',
      'rentals',
      'permits',
    ]);
    expect(vendorsForResources(['Certified trainer', 'Mats']).map((v) => v.id)).toEqual([
      'instructors',
      'supplies',
    ]);
    expect(vendorsForResources([])).toEqual([]);
  });
});

describe('marketing templates', () => {
  const movie = nth(suggestionsFixture(), 0);

  it('fills every template with the event details', () => {
    for (const { kind } of TEMPLATE_KINDS) {
      const text = fillTemplate(kind, movie, 'Willow Creek');
      expect(text).toContain('Sunset Movie Night on the Lawn');
      expect(text).toContain('The Great Lawn');
      expect(text).toContain('Sat, Dec 5, 2026');
      expect(text).toContain('6:00 PM - 9:00 PM');
    }
  });

  it('signs the email with the community name and gives it a subject', () => {
    const email = fillTemplate('email', movie, 'Willow Creek');
    expect(email.split('\n')[0]).toBe(
      "Subject: You're invited: Sunset Movie Night on the Lawn at The Great Lawn",
    );
    expect(email.trim().endsWith('Willow Creek')).toBe(true);
    expect(email).toContain('about 145 residents');
  });
});
