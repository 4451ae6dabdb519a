import { describe, expect, it } from 'vitest';
import { titleCase } from '../../src/lib/format';
import { confidenceTone, splitResources } from '../../src/lib/display-rules';
import { barWidth, isOverCapacityAlert } from '../../src/lib/usage-levels';
import { describeRange } from '../../src/lib/date-range';

describe('confidence colour', () => {
  it('is green from 85, yellow from 70, red below', () => {
    expect(confidenceTone(100)).toBe('green');
    expect(confidenceTone(85)).toBe('green');
    expect(confidenceTone(84.9)).toBe('yellow');
    expect(confidenceTone(70)).toBe('yellow');
    expect(confidenceTone(69.9)).toBe('red');
    expect(confidenceTone(0)).toBe('red');
  });
});

describe('required resources', () => {
  it('shows the first two and counts the rest', () => {
    expect(splitResources(['a', 'b', 'c', 'd'])).toEqual({
      shown: ['a', 'b'],
      moreLabel: '+2 more',
    });
    expect(splitResources(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b'], moreLabel: '+1 more' });
  });

  it('has no count when two or fewer', () => {
    expect(splitResources(['a', 'b'])).toEqual({ shown: ['a', 'b'], moreLabel: null });
    expect(splitResources([])).toEqual({ shown: [], moreLabel: null });
  });
});

describe('capacity', () => {
  it('alerts at 90% and over', () => {
    expect(isOverCapacityAlert(89)).toBe(false);
    expect(isOverCapacityAlert(90)).toBe(true);
    expect(isOverCapacityAlert(130)).toBe(true);
  });

  it('keeps bars inside their track', () => {
    expect(barWidth(130)).toBe(100);
    expect(barWidth(-4)).toBe(0);
    expect(barWidth(Number.NaN)).toBe(0);
    expect(barWidth(42)).toBe(42);
  });
});

describe('labels', () => {
  it('capitalises categories', () => {
    expect(titleCase('recreational')).toBe('Recreational');
    expect(titleCase('')).toBe('');
  });

  it('describes the date ranges', () => {
    expect(describeRange(7)).toBe('last 7 days');
    expect(describeRange(30)).toBe('last 30 days');
    expect(describeRange(90)).toBe('last 90 days');
  });
});
