import { describe, expect, it } from 'vitest';
import {
  emptyPlannedForm,
  plannedFormOf,
  plannedInputOf,
} from '../../src/features/community/planned-event-form-values';
import { minuteOfDayIn } from '../../src/lib/zoned-time';

describe('a new plan', () => {
  it('offers 18:00 to 20:00 today while it is ahead, at the only amenity', () => {
    expect(emptyPlannedForm('2026-12-05', ['great-lawn'], 17 * 60 + 59)).toMatchObject({
      amenityId: 'great-lawn',
      startsOn: '2026-12-05',
      startTime: '18:00',
      endTime: '20:00',
    });
    expect(emptyPlannedForm('2026-12-05', ['great-lawn', 'solis-hall']).amenityId).toBe('');
  });

  it('offers tomorrow once today’s 18:00 has come (a window gone by would be refused)', () => {
    expect(emptyPlannedForm('2026-12-05', [], 18 * 60).startsOn).toBe('2026-12-06');
    expect(emptyPlannedForm('2026-12-31', [], 23 * 60 + 59).startsOn).toBe('2027-01-01');
  });
});

describe('minuteOfDayIn', () => {
  it("is the minute of the day on the zone's clock", () => {
    // 02:30 UTC on 5 December is 18:30 on the 4th in Los Angeles (PST, UTC-8).
    const at = Date.parse('2026-12-05T02:30:00Z');
    expect(minuteOfDayIn('America/Los_Angeles', at)).toBe(18 * 60 + 30);
    expect(minuteOfDayIn('UTC', at)).toBe(2 * 60 + 30);
  });
});

describe('a plan to change', () => {
  const plan = {
    id: 7,
    amenityId: 'great-lawn',
    amenityName: 'The Great Lawn',
    startsOn: '2026-12-12',
    startMinute: 20 * 60,
    endMinute: 1440,
    title: 'Winter Lights',
    category: 'seasonal' as const,
    plannedAttendance: 1200,
  };

  it('fills the form with the plan; an end at midnight reads 00:00, and comes back as 1440', () => {
    const values = plannedFormOf(plan, ['great-lawn', 'solis-hall']);
    expect(values).toEqual({
      amenityId: 'great-lawn',
      startsOn: '2026-12-12',
      startTime: '20:00',
      endTime: '00:00',
      title: 'Winter Lights',
      category: 'seasonal',
      plannedAttendance: '1200',
    });
    const { id, amenityName, ...input } = plan;
    expect([id, amenityName]).toEqual([7, 'The Great Lawn']);
    expect(plannedInputOf(values, '2026-12-05')).toEqual({ ok: true, input });
  });

  it('asks for the amenity again when the plan’s is no longer live (archived)', () => {
    expect(plannedFormOf(plan, ['solis-hall']).amenityId).toBe('');
  });
});
