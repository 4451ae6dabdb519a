import { describe, expect, it } from 'vitest';
import { formatCents } from '../../src/lib/format';
import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatShare,
} from '../../src/features/reports/report-format';

describe('report formats', () => {
  it('writes instants with their zone', () => {
    const time = Date.parse('2026-11-22T18:05:00Z');
    expect(formatDateTime(time, 'America/Los_Angeles')).toBe('Nov 22, 2026, 10:05 AM PST');
    expect(formatDateTime(time, 'America/New_York')).toBe('Nov 22, 2026, 1:05 PM EST');
  });

  it('writes days and ranges in the zone', () => {
    expect(formatDay('2026-11-23T02:00:00Z', 'America/Los_Angeles')).toBe('Sun, Nov 22, 2026');
    expect(
      formatDayRange('2026-10-24T08:00:00Z', '2026-11-22T08:00:00Z', 'America/Los_Angeles'),
    ).toMatch(/^Oct 24\s–\sNov 22, 2026$/);
    expect(formatDay('not a date', 'America/Denver')).toBe('not a date');
  });

  it('writes cents and shares', () => {
    expect(formatCents(2.956, 'USD')).toBe('$2.96');
    expect(formatCents(0.4, 'EUR')).toBe('€0.40');
    expect(formatShare(14)).toBe('14.0%');
    expect(formatShare(43.56)).toBe('43.6%');
  });
});
