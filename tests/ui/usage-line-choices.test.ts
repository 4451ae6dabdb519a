import { afterEach, describe, expect, it } from 'vitest';
import { USAGE_LINES_KEY } from '../../src/lib/storage-keys';
import { readStoredLineChoices, storeLineChoices } from '../../src/lib/usage-line-choices';

afterEach(() => localStorage.clear());

describe('the usage chart’s remembered line choices', () => {
  it('reads back what was stored', () => {
    storeLineChoices(
      new Map([
        ['heritage-tree', true],
        ['grand-lake', false],
      ]),
    );
    expect([...readStoredLineChoices()]).toEqual([
      ['heritage-tree', true],
      ['grand-lake', false],
    ]);
  });

  it('reads nothing stored, or anything unreadable, as no choice at all', () => {
    expect(readStoredLineChoices().size).toBe(0);
    for (const stored of ['not json', '[true]', 'null', '"yes"']) {
      localStorage.setItem(USAGE_LINES_KEY, stored);
      expect(readStoredLineChoices().size, stored).toBe(0);
    }
    // Only true and false are choices.
    localStorage.setItem(USAGE_LINES_KEY, JSON.stringify({ a: true, b: 'yes', c: 1 }));
    expect([...readStoredLineChoices()]).toEqual([['a', true]]);
  });
});
