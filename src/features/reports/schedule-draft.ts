import {
  MAX_SCHEDULE_RECIPIENTS,
  type ReportSchedule,
  type ReportScheduleInput,
} from '../../api/contract';

/** The schedule form as typed. */
export type ScheduleDraft = {
  cadence: 'weekly' | 'monthly';
  weekday: number;
  dayOfMonth: number;
  timeOfDay: string;
  /** The users ticked (ids); none: everyone who chose report notifications. */
  recipients: readonly number[];
  enabled: boolean;
};

export type ScheduleField = 'timeOfDay' | 'recipients';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The contract's bound on recipients (ReportScheduleInputSchema). */
export const MAX_RECIPIENTS = MAX_SCHEDULE_RECIPIENTS;

export const NEW_SCHEDULE_DRAFT: ScheduleDraft = {
  cadence: 'monthly',
  weekday: 1,
  dayOfMonth: 1,
  timeOfDay: '08:00',
  recipients: [],
  enabled: true,
};

export function draftFromSchedule(schedule: ReportSchedule): ScheduleDraft {
  return {
    cadence: schedule.cadence,
    weekday: schedule.weekday ?? 1,
    dayOfMonth: schedule.dayOfMonth ?? 1,
    timeOfDay: schedule.timeOfDay,
    recipients: schedule.recipients.map((recipient) => recipient.id),
    enabled: schedule.enabled,
  };
}

/** What an empty recipient list means, in the schedule row and the form. */
export const EVERYONE_WHO_CHOSE_REPORTS = 'everyone who chose report notifications';

/**
 * Said next to the Enabled switch while it is on with no one ticked, so sending to everyone is
 * a choice made in sight of it (a schedule a removal paused opens like this when switched on).
 */
export function everyoneWarning(draft: Pick<ScheduleDraft, 'enabled' | 'recipients'>) {
  return draft.enabled && draft.recipients.length === 0
    ? `On with no one ticked: each report goes to ${EVERYONE_WHO_CHOSE_REPORTS}.`
    : null;
}

/** Who a listed schedule goes to: its recipients, a removal's note, or everyone. */
export function scheduleAudience(
  schedule: Pick<ReportSchedule, 'recipients' | 'pausedNote'>,
): string {
  if (schedule.recipients.length > 0) {
    return schedule.recipients.map((recipient) => recipient.name).join(', ');
  }
  return schedule.pausedNote ?? EVERYONE_WHO_CHOSE_REPORTS;
}

/** Ticks or unticks one recipient, keeping the list in id order. */
export function toggleRecipient(recipients: readonly number[], id: number): number[] {
  return recipients.includes(id)
    ? recipients.filter((other) => other !== id)
    : [...recipients, id].sort((a, b) => a - b);
}

/** Checks a draft against the contract's bounds, one message per field, or gives the body. */
export function checkScheduleDraft(
  draft: ScheduleDraft,
): { ok: true; input: ReportScheduleInput } | { ok: false; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(draft.timeOfDay)) {
    errors.timeOfDay = 'Enter a time as HH:MM, from 00:00 to 23:59.';
  }
  const recipients = [...new Set(draft.recipients)];
  if (recipients.length > MAX_RECIPIENTS) {
    errors.recipients = `At most ${MAX_RECIPIENTS} recipients.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      kind: 'usage',
      cadence: draft.cadence,
      ...(draft.cadence === 'weekly'
        ? { weekday: draft.weekday }
        : { dayOfMonth: draft.dayOfMonth }),
      timeOfDay: draft.timeOfDay,
      recipients,
      enabled: draft.enabled,
    },
  };
}

/** A schedule in words: "Mondays at 07:00", "Day 1 of each month at 08:00". */
export function describeSchedule(schedule: ReportSchedule): string {
  if (schedule.cadence === 'weekly' && schedule.weekday !== null) {
    return `${WEEKDAYS[schedule.weekday] ?? 'Weekly'}s at ${schedule.timeOfDay}`;
  }
  return `Day ${schedule.dayOfMonth ?? 1} of each month at ${schedule.timeOfDay}`;
}
