import * as z from 'zod/mini';
import { RoleSchema, SCHEDULE_KINDS } from './core';
import { count, nonEmpty } from './primitives';
import { timeOfDay } from './text-formats';

/** Scheduled reports (issue 14): when a report is built and who receives it. */

export const SCHEDULE_CADENCES = ['weekly', 'monthly'] as const;
/** Users of the community a scheduled report goes to; none: everyone who chose reports. */
export const MAX_SCHEDULE_RECIPIENTS = 50;
/** The bound on a schedule's pausedNote (the column's CHECK in migration 023). */
export const MAX_PAUSED_NOTE = 300;
const recipientIds = z.array(count).check(z.maxLength(MAX_SCHEDULE_RECIPIENTS));
const ScheduleRecipientSchema = z.object({ id: count, name: nonEmpty });

export const ReportScheduleSchema = z.object({
  id: count,
  kind: z.enum(SCHEDULE_KINDS),
  cadence: z.enum(SCHEDULE_CADENCES),
  /** Weekly: 0 = Sunday … 6 = Saturday; null for monthly. */
  weekday: z.nullable(z.int().check(z.minimum(0), z.maximum(6))),
  /** Monthly: 1-28 (every month has it); null for weekly. */
  dayOfMonth: z.nullable(z.int().check(z.minimum(1), z.maximum(28))),
  /** "HH:MM" in the community's time zone. */
  timeOfDay,
  /** Removed users drop out of the list. */
  recipients: z.array(ScheduleRecipientSchema),
  enabled: z.boolean(),
  /**
   * Why it is paused, when a user's removal left it with no recipients ("Paused: its only
   * recipient, Dana Reyes, was removed."): shown instead of "everyone who chose report
   * notifications", which its empty list would otherwise say. Null otherwise; any edit clears it.
   */
  pausedNote: z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_PAUSED_NOTE))),
  nextRunAt: nonEmpty,
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;
export const ReportScheduleListSchema = z.array(ReportScheduleSchema);
export const ReportScheduleInputSchema = z.strictObject({
  kind: z.enum(SCHEDULE_KINDS),
  cadence: z.enum(SCHEDULE_CADENCES),
  weekday: z.optional(z.int().check(z.minimum(0), z.maximum(6))),
  dayOfMonth: z.optional(z.int().check(z.minimum(1), z.maximum(28))),
  timeOfDay,
  /** User ids. */
  recipients: z.optional(recipientIds),
  enabled: z.optional(z.boolean()),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;
export const ReportSchedulePatchSchema = z.partial(ReportScheduleInputSchema);
/** GET /api/report-schedules/recipients: who a schedule can be sent to (Managers, Admins). */
export const REPORT_RECIPIENTS_PATH = '/api/report-schedules/recipients';
export const ReportRecipientListSchema = z.array(
  z.object({ id: count, name: nonEmpty, role: RoleSchema }),
);
export type ReportRecipient = z.infer<typeof ReportRecipientListSchema>[number];
