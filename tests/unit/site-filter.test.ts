import { describe, expect, it } from 'vitest';
import { filterSummary, matchesQuery, normalizeText } from '../../src/site/islands/filter';

describe('site search matching', () => {
  it('normalizes case, accents and spacing', () => {
    expect(normalizeText('  Café   RÉSIDENTS\n')).toBe('cafe residents');
  });

  it('matches when every word of the query appears, in any order', () => {
    const text = 'How we cut pool heating costs 30% using usage data';
    expect(matchesQuery(text, 'pool')).toBe(true);
    expect(matchesQuery(text, 'USAGE pool')).toBe(true);
    expect(matchesQuery(text, 'pool lake')).toBe(false);
  });

  it('treats an empty or blank query as matching everything', () => {
    expect(matchesQuery('anything', '')).toBe(true);
    expect(matchesQuery('anything', '   ')).toBe(true);
  });
});

describe('filter summary', () => {
  it('says nothing when nothing is filtered', () => {
    expect(filterSummary(6, '', '')).toBe('');
  });

  it('counts results for a query and a category', () => {
    expect(filterSummary(1, 'pool', '')).toBe('1 result for “pool”.');
    expect(filterSummary(3, '', 'Best Practices')).toBe('3 results in Best Practices.');
    expect(filterSummary(2, 'fee', 'Best Practices')).toBe(
      '2 results for “fee” in Best Practices.',
    );
  });

  it('says plainly when nothing matches', () => {
    expect(filterSummary(0, 'zzz', '')).toBe('No results for “zzz”.');
  });
});
