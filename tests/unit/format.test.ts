import { describe, expect, it } from 'vitest';
import {
  capacityPercent,
  describeChange,
  formatAge,
  formatCalendarDate,
  formatCount,
  formatCountOf,
  formatLastUpdate,
  formatMoney,
  formatThousands,
} from '../../src/lib/format';

const at = (iso: string) => new Date(iso).getTime();

describe('display rules', () => {
  it('names a count with its noun, singular for one', () => {
    expect(formatCountOf(1, 'event')).toBe('1 event');
    expect(formatCountOf(0, 'event')).toBe('0 events');
    expect(formatCountOf(1234, 'visit')).toBe('1,234 visits');
    expect(formatCountOf(1, 'person', 'people')).toBe('1 person');
    expect(formatCountOf(3, 'person', 'people')).toBe('3 people');
  });

  it('shows revenue in thousands with one decimal and K', () => {
    expect(formatThousands(123_400)).toBe('$123.4K');
    expect(formatThousands(999.6)).toBe('$1.0K');
    // Under a thousand the figure itself: "$0.1K" for $84 hid it.
    expect(formatThousands(84)).toBe('$84');
    expect(formatThousands(999)).toBe('$999');
    expect(formatThousands(0)).toBe('$0');
    expect(formatThousands(1_234_567)).toBe('$1,234.6K');
    expect(formatThousands(48_250, 'EUR')).toBe('€48.3K');
    expect(formatThousands(48_250, 'CAD')).toBe('$48.3K');
  });

  it('gives positive changes an up arrow, negatives a down arrow and zero none', () => {
    expect(describeChange(12.5)).toEqual({ direction: 'up', magnitude: '12.5%' });
    // No change is neither up nor down, also when it rounds to 0.
    expect(describeChange(0)).toEqual({ direction: 'none', magnitude: 'No change' });
    expect(describeChange(-0.04)).toEqual({ direction: 'none', magnitude: 'No change' });
    expect(describeChange(-3.24)).toEqual({ direction: 'down', magnitude: '3.2%' });
    // Nothing to compare against (no earlier data) is said, not shown as "No change".
    expect(describeChange(null)).toEqual({
      direction: 'none',
      magnitude: 'No earlier data to compare',
    });
  });

  it('rounds capacity use and survives a zero capacity', () => {
    expect(capacityPercent(142, 200)).toBe(71);
    expect(capacityPercent(1, 3)).toBe(33);
    expect(capacityPercent(2, 3)).toBe(67);
    expect(capacityPercent(5, 0)).toBe(0);
  });

  it('formats counts and money for en-US', () => {
    expect(formatCount(1247)).toBe('1,247');
    expect(formatMoney(1850)).toBe('$1,850');
    expect(formatMoney(620, 'EUR')).toBe('€620');
  });
});

describe('last-update label', () => {
  const now = at('2026-11-22T18:30:00Z');
  it("says 'Just now' under a minute", () => {
    expect(formatLastUpdate(now - 59_000, now)).toBe('Just now');
    expect(formatLastUpdate(now + 5_000, now)).toBe('Just now');
  });
  it("says 'N minutes ago' under an hour", () => {
    expect(formatLastUpdate(now - 60_000, now)).toBe('1 minute ago');
    expect(formatLastUpdate(now - 59 * 60_000, now)).toBe('59 minutes ago');
  });
  it('shows a clock time in the chosen time zone after an hour, with the date on another day', () => {
    expect(formatLastUpdate(at('2026-11-22T16:05:00Z'), now, 'America/Los_Angeles')).toBe(
      '8:05 AM',
    );
    expect(formatLastUpdate(at('2026-11-22T16:05:00Z'), now, 'America/New_York')).toBe('11:05 AM');
    expect(formatLastUpdate(at('2026-11-20T16:05:00Z'), now, 'America/Los_Angeles')).toBe(
      'Nov 20, 8:05 AM',
    );
  });
});

describe('ages and dates', () => {
  const now = at('2026-11-22T18:30:00Z');
  it('describes how old a saved copy is', () => {
    expect(formatAge(now - 10_000, now)).toBe('less than a minute');
    expect(formatAge(now - 12 * 60_000, now)).toBe('12 minutes');
    expect(formatAge(now - 3 * 3_600_000, now)).toBe('3 hours');
    expect(formatAge(now - 26 * 3_600_000, now)).toBe('1 day');
  });
  it('formats calendar dates without shifting them across time zones', () => {
    expect(formatCalendarDate('2026-12-05')).toBe('Sat, Dec 5, 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});
