import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from '../../src/lib/intl-formats';

describe('Intl formatters made once per locale and options', () => {
  it('gives the same formatter for the same locale and options', () => {
    const a = dateFormat('en-US', { hour: 'numeric', timeZone: 'America/Chicago' });
    expect(dateFormat('en-US', { hour: 'numeric', timeZone: 'America/Chicago' })).toBe(a);
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).toBe(
      numberFormat('en-US', { maximumFractionDigits: 1 }),
    );
  });

  it('keeps formatters of other options, zones and locales apart', () => {
    const instant = Date.UTC(2026, 10, 23, 18, 0);
    const chicago = dateFormat('en-US', { hour: 'numeric', timeZone: 'America/Chicago' });
    const tokyo = dateFormat('en-US', { hour: 'numeric', timeZone: 'Asia/Tokyo' });
    expect(chicago.format(instant)).toBe('12 PM');
    expect(tokyo.format(instant)).toBe('3 AM');
    expect(numberFormat('en-US').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('de-DE').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en-US', { maximumFractionDigits: 0 }).format(1234.5)).toBe('1,235');
  });
});
