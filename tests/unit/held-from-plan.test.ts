import { describe, expect, it } from 'vitest';
import {
  earliestAwaitingDate,
  plannedHasEnded,
  plannedHeldDateProblem,
} from '../../src/api/contract';
import {
  emptyHeldFromPlan,
  heldFromPlanFieldOf,
  heldFromPlanInputOf,
} from '../../src/features/community/held-from-plan-values';

describe('recording a planned event as held: the date', () => {
  const now = { today: '2026-12-05', minute: 20 * 60 + 30 }; // 20:30 on 5 December
  const on = (startsOn: string, endMinute = 21 * 60) => ({ startsOn, endMinute });

  it('is over once its end time has come on its own day, or any day after', () => {
    expect(plannedHasEnded(on('2026-12-04'), now)).toBe(true);
    expect(plannedHasEnded(on('2026-12-05', 20 * 60), now)).toBe(true);
    expect(plannedHasEnded(on('2026-12-05', 20 * 60 + 30), now)).toBe(true);
    expect(plannedHasEnded(on('2026-12-05', 20 * 60 + 31), now)).toBe(false);
    // An end at midnight is over only the next day.
    expect(plannedHasEnded(on('2026-12-05', 1440), { ...now, minute: 1439 })).toBe(false);
    expect(plannedHasEnded(on('2026-12-06', 60), now)).toBe(false);
  });

  it('is refused before it has ended, and more than two years back', () => {
    expect(plannedHeldDateProblem(on('2026-12-04'), now)).toBeNull();
    expect(plannedHeldDateProblem(on('2026-12-05', 20 * 60), now)).toBeNull();
    expect(plannedHeldDateProblem(on('2026-12-05'), now)).toBe(
      'it has not ended yet (it ends at 21:00 on 2026-12-05); record it once it is over',
    );
    expect(plannedHeldDateProblem(on('2026-12-05', 1440), now)).toBe(
      'it has not ended yet (it ends at the end of 2026-12-05); record it once it is over',
    );
    expect(plannedHeldDateProblem(on('2027-01-10'), now)).toMatch(/has not ended yet/);
    expect(plannedHeldDateProblem(on('2024-12-05'), now)).toBeNull();
    expect(plannedHeldDateProblem(on('2024-12-04'), now)).toBe(
      'its day (2024-12-04) is more than 2 years back (an event held is from 2024-12-05)',
    );
  });

  it('awaits its attendance for the 60 days before today', () => {
    expect(earliestAwaitingDate('2026-12-05')).toBe('2026-10-06');
    expect(earliestAwaitingDate('2026-05-19')).toBe('2026-03-20');
  });
});

describe('the Record as held form', () => {
  it('asks for the attendance, with no cost until one is typed', () => {
    expect(emptyHeldFromPlan()).toEqual({ attendance: '', cost: '0' });
    expect(heldFromPlanInputOf({ attendance: '1,200', cost: '350.50' })).toEqual({
      ok: true,
      input: { attendance: 1200, cost: 350.5 },
    });
    expect(heldFromPlanInputOf({ attendance: '0', cost: '0' })).toEqual({
      ok: true,
      input: { attendance: 0, cost: 0 },
    });
  });

  it('says what is wrong at each field, in the events held form’s words', () => {
    expect(heldFromPlanInputOf({ attendance: '', cost: '-5' })).toEqual({
      ok: false,
      errors: {
        attendance: 'Enter how many people came: a whole number from 0 to 100,000',
        cost: 'Enter what it cost, from 0 to 1,000,000 (0 when it cost nothing)',
      },
    });
    expect(heldFromPlanInputOf({ attendance: '100001', cost: '0' })).toMatchObject({
      ok: false,
      errors: { attendance: expect.stringMatching(/^Enter how many people came/) as string },
    });
    expect(heldFromPlanInputOf({ attendance: '4.5', cost: '1.234' })).toMatchObject({
      ok: false,
      errors: { attendance: expect.any(String) as string, cost: expect.any(String) as string },
    });
  });

  it('puts a server refusal at its field when it names one of the form’s', () => {
    expect(heldFromPlanFieldOf('attendance')).toBe('attendance');
    expect(heldFromPlanFieldOf('cost')).toBe('cost');
    expect(heldFromPlanFieldOf('amenityId')).toBeNull();
    expect(heldFromPlanFieldOf(null)).toBeNull();
  });
});
