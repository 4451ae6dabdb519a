import { describe, expect, it } from 'vitest';
import {
  pausedByRemovalScheduleFixture,
  reportSchedulesFixture,
} from '../../mocks/alerts-fixtures';
import {
  NEW_SCHEDULE_DRAFT,
  checkScheduleDraft,
  describeSchedule,
  draftFromSchedule,
  everyoneWarning,
  scheduleAudience,
  toggleRecipient,
} from '../../src/features/reports/schedule-draft';

describe('report schedule draft', () => {
  it('sends the day that fits the cadence and the recipients as a list', () => {
    expect(
      checkScheduleDraft({
        ...NEW_SCHEDULE_DRAFT,
        cadence: 'weekly',
        weekday: 1,
        timeOfDay: '07:30',
        recipients: [3, 2, 3],
      }),
    ).toEqual({
      ok: true,
      input: {
        kind: 'usage',
        cadence: 'weekly',
        weekday: 1,
        timeOfDay: '07:30',
        recipients: [3, 2],
        enabled: true,
      },
    });
    const monthly = checkScheduleDraft({ ...NEW_SCHEDULE_DRAFT, dayOfMonth: 28 });
    expect(monthly).toMatchObject({ ok: true, input: { cadence: 'monthly', dayOfMonth: 28 } });
    expect(monthly.ok && 'weekday' in monthly.input).toBe(false);
  });

  it('names the field out of bounds', () => {
    expect(checkScheduleDraft({ ...NEW_SCHEDULE_DRAFT, timeOfDay: '24:00' })).toEqual({
      ok: false,
      errors: { timeOfDay: 'Enter a time as HH:MM, from 00:00 to 23:59.' },
    });
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect(checkScheduleDraft({ ...NEW_SCHEDULE_DRAFT, recipients: many })).toEqual({
      ok: false,
      errors: { recipients: 'At most 50 recipients.' },
    });
  });

  it('ticks and unticks recipients, in id order', () => {
    expect(toggleRecipient([], 3)).toEqual([3]);
    expect(toggleRecipient([3], 1)).toEqual([1, 3]);
    expect(toggleRecipient([1, 3], 3)).toEqual([1]);
  });

  it('says a schedule in words', () => {
    const [monthly] = reportSchedulesFixture;
    if (!monthly) throw new Error('no fixture');
    expect(describeSchedule(monthly)).toBe('Day 1 of each month at 08:00');
    expect(describeSchedule({ ...monthly, cadence: 'weekly', weekday: 1, dayOfMonth: null })).toBe(
      'Mondays at 08:00',
    );
  });

  it('says who a schedule goes to: its recipients, a removal’s note, or everyone', () => {
    const [monthly] = reportSchedulesFixture;
    if (!monthly) throw new Error('no fixture');
    expect(scheduleAudience(monthly)).toBe('Bob Board');
    expect(scheduleAudience(pausedByRemovalScheduleFixture)).toBe(
      'Paused: its only recipient, Dana Reyes, was removed.',
    );
    expect(scheduleAudience({ recipients: [], pausedNote: null })).toBe(
      'everyone who chose report notifications',
    );
  });

  it('warns at the switch only while it is on with no one ticked', () => {
    expect(everyoneWarning({ enabled: true, recipients: [] })).toBe(
      'On with no one ticked: each report goes to everyone who chose report notifications.',
    );
    expect(everyoneWarning({ enabled: false, recipients: [] })).toBeNull();
    expect(everyoneWarning({ enabled: true, recipients: [3] })).toBeNull();
    // A schedule a removal paused opens switched off; switching it on brings the warning.
    const draft = draftFromSchedule(pausedByRemovalScheduleFixture);
    expect(everyoneWarning(draft)).toBeNull();
    expect(everyoneWarning({ ...draft, enabled: true })).toMatch(/goes to everyone/);
  });
});
