import { describe, expect, it } from 'vitest';
import {
  closureDays,
  closureNoticeText,
  closureOn,
  closuresProblem,
  currentOrNextClosure,
  describeClosure,
  MAX_CLOSURES,
} from '../../src/lib/amenity-closures';

const HOLIDAYS = { firstDay: '2026-12-24', lastDay: '2026-12-26', reason: 'Holidays' };
const WINTER = { firstDay: '2027-01-10', lastDay: '2027-03-31', reason: '' };

describe('closureOn', () => {
  it('covers its first and last day and every day between, no other', () => {
    expect(closureOn([HOLIDAYS, WINTER], '2026-12-23')).toBeNull();
    expect(closureOn([HOLIDAYS, WINTER], '2026-12-24')).toBe(HOLIDAYS);
    expect(closureOn([HOLIDAYS, WINTER], '2026-12-26')).toBe(HOLIDAYS);
    expect(closureOn([HOLIDAYS, WINTER], '2026-12-27')).toBeNull();
    expect(closureOn([HOLIDAYS, WINTER], '2027-02-28')).toBe(WINTER);
    expect(closureOn(undefined, '2026-12-24')).toBeNull();
  });

  it('counts days with both ends included, across a daylight-saving change', () => {
    expect(closureDays(HOLIDAYS)).toBe(3);
    expect(closureDays({ firstDay: '2027-03-13', lastDay: '2027-03-15' })).toBe(3);
    expect(closureDays({ firstDay: '2026-01-01', lastDay: '2026-12-31' })).toBe(365);
  });
});

describe('closuresProblem', () => {
  const one = (firstDay: string, lastDay: string, reason = '') => [{ firstDay, lastDay, reason }];
  it('takes real days in order, up to a year long, with a short reason', () => {
    expect(closuresProblem([])).toBeNull();
    expect(closuresProblem([HOLIDAYS, WINTER])).toBeNull();
    expect(closuresProblem(one('2024-02-29', '2024-02-29'))).toBeNull();
    expect(closuresProblem(one('2028-01-01', '2028-12-31'))).toBeNull(); // 366 days, leap year
  });

  it.each([
    [one('2026-02-29', '2026-03-01'), 'closures.0.firstDay: enter the first day'],
    [one('2026-03-01', '2026-04-31'), 'closures.0.lastDay: enter the last day'],
    [one('1999-12-31', '2000-01-01'), 'closures.0.firstDay'],
    [one('2026-03-02', '2026-03-01'), 'closures.0.lastDay: the last day is before the first day'],
    [one('2026-01-01', '2027-01-02'), 'closures.0.lastDay: a closure lasts at most 366 days'],
    [one('2026-01-01', '2026-01-01', 'x'.repeat(81)), 'closures.0.reason'],
    [
      [WINTER, HOLIDAYS, { firstDay: '2026-12-26', lastDay: '2026-12-28', reason: '' }],
      'closures.2.firstDay: overlaps the closure Thu, Dec 24, 2026 – Sat, Dec 26, 2026',
    ],
  ])('refuses %j: %s', (closures, message) => {
    expect(closuresProblem(closures)).toContain(message);
  });

  it(`keeps at most ${MAX_CLOSURES}`, () => {
    const days = Array.from({ length: MAX_CLOSURES + 1 }, (_, i) => {
      const day = `2026-01-${String(i + 1).padStart(2, '0')}`;
      return { firstDay: day, lastDay: day, reason: '' };
    });
    expect(closuresProblem(days.slice(0, MAX_CLOSURES))).toBeNull();
    expect(closuresProblem(days)).toBe('closures: at most 30 per amenity; remove past ones first');
  });
});

describe('what the card and the alerts say', () => {
  it('tells of the closure under way, else of the next within the notice', () => {
    expect(currentOrNextClosure([WINTER, HOLIDAYS], '2026-12-25', 14)).toEqual({
      closure: HOLIDAYS,
      now: true,
    });
    expect(currentOrNextClosure([WINTER, HOLIDAYS], '2026-12-10', 14)).toEqual({
      closure: HOLIDAYS,
      now: false,
    });
    expect(currentOrNextClosure([WINTER, HOLIDAYS], '2026-12-09', 14)).toBeNull();
    expect(currentOrNextClosure([WINTER, HOLIDAYS], '2026-12-27', 14)).toEqual({
      closure: WINTER,
      now: false,
    });
    expect(currentOrNextClosure(undefined, '2026-12-27', 14)).toBeNull();
  });

  it('words a closure with its reason when it has one', () => {
    expect(describeClosure(HOLIDAYS)).toBe(
      'closed for Holidays, Thu, Dec 24, 2026 – Sat, Dec 26, 2026',
    );
    expect(describeClosure({ ...HOLIDAYS, lastDay: HOLIDAYS.firstDay, reason: ' ' })).toBe(
      'closed Thu, Dec 24, 2026',
    );
    expect(closureNoticeText(HOLIDAYS, true)).toBe('Closed for Holidays through Sat, Dec 26, 2026');
    expect(closureNoticeText(WINTER, true)).toBe('Closed through Wed, Mar 31, 2027');
    expect(closureNoticeText(HOLIDAYS, false)).toBe(
      'Closed for Holidays, Thu, Dec 24, 2026 – Sat, Dec 26, 2026',
    );
  });
});
