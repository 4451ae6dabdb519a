import { describe, expect, it } from 'vitest';
import { claimDue, nextDueAfter, type Cadence } from '../../server/schedules/due';
import { zonedTimeToUtc } from '../../src/lib/zoned-time';

const ZONE = 'America/New_York';
const at = (date: string, time: string) => zonedTimeToUtc(date, time, ZONE).getTime();
const mondays7: Cadence = { cadence: 'weekly', weekday: 1, minuteOfDay: 7 * 60 };
const firstAt8: Cadence = { cadence: 'monthly', dayOfMonth: 1, minuteOfDay: 8 * 60 };

describe('schedule due times', () => {
  it('weekly: the next Monday at 07:00 local, strictly after', () => {
    // 2026-11-18 is a Wednesday.
    expect(nextDueAfter(mondays7, at('2026-11-18', '12:00'), ZONE)).toBe(at('2026-11-23', '07:00'));
    expect(nextDueAfter(mondays7, at('2026-11-23', '06:59'), ZONE)).toBe(at('2026-11-23', '07:00'));
    expect(nextDueAfter(mondays7, at('2026-11-23', '07:00'), ZONE)).toBe(at('2026-11-30', '07:00'));
  });

  it('stays at the local time across DST changes', () => {
    // Clocks go back on Sunday 2026-11-01: Monday 07:00 is now 12:00 UTC, not 11:00.
    const due = nextDueAfter(mondays7, at('2026-10-28', '12:00'), ZONE);
    expect(new Date(due).toISOString()).toBe('2026-11-02T12:00:00.000Z');
    // Spring forward (2026-03-08): a 02:30 schedule runs at 03:30, once.
    const sunday230: Cadence = { cadence: 'weekly', weekday: 0, minuteOfDay: 150 };
    expect(new Date(nextDueAfter(sunday230, at('2026-03-07', '12:00'), ZONE)).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('monthly: the given day at the time, rolling over the year', () => {
    expect(nextDueAfter(firstAt8, at('2026-11-18', '12:00'), ZONE)).toBe(at('2026-12-01', '08:00'));
    expect(nextDueAfter(firstAt8, at('2026-12-01', '08:00'), ZONE)).toBe(at('2027-01-01', '08:00'));
    const the28th: Cadence = { cadence: 'monthly', dayOfMonth: 28, minuteOfDay: 0 };
    expect(nextDueAfter(the28th, at('2027-01-28', '00:00'), ZONE)).toBe(at('2027-02-28', '00:00'));
  });

  it('a schedule missed while the server was down runs once, then resumes its cadence', () => {
    const due = at('2026-09-01', '08:00');
    expect(claimDue(firstAt8, due, due - 1, ZONE)).toEqual({ run: false });
    // Down from August to 2026-11-18: three due times missed, one run.
    const now = at('2026-11-18', '12:00');
    const claim = claimDue(firstAt8, due, now, ZONE);
    expect(claim).toEqual({ run: true, nextRunAt: at('2026-12-01', '08:00') });
    if (!claim.run) throw new Error('expected a run');
    expect(claimDue(firstAt8, claim.nextRunAt, now + 60_000, ZONE)).toEqual({ run: false });
  });
});
