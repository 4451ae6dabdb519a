import * as z from 'zod/mini';
import { ALERT_KINDS, type AlertKind } from './core';
import { count, nonEmpty, nonNegative } from './primitives';

/** Each kind's default levels (the server's and the rules form's). */
export const ALERT_RULE_DEFAULTS: Record<
  AlertKind,
  { threshold: number; rearmBelow: number; cooldownMinutes: number }
> = {
  // The pool passes 90%; it may alert again once it has been below 80%.
  occupancy: { threshold: 90, rearmBelow: 80, cooldownMinutes: 30 },
  // Three reporting intervals without a reading; any reading re-arms.
  silent: { threshold: 3, rearmBelow: 1, cooldownMinutes: 60 },
  // 3.5 robust standard deviations from the usual level for the weekday and hour.
  unusual: { threshold: 3.5, rearmBelow: 2, cooldownMinutes: 60 },
  // Anyone there while closed; re-arms when it is empty (or open) again.
  after_hours: { threshold: 1, rearmBelow: 1, cooldownMinutes: 60 },
};

/**
 * The re-arm level of a rule given only a threshold: the kind's default gap below it (75% re-arms
 * below 65%), never below 0, and for silent and after-hours rules never below their default.
 */
export function defaultRearmBelow(kind: AlertKind, threshold: number): number {
  const defaults = ALERT_RULE_DEFAULTS[kind];
  const gap = defaults.threshold - defaults.rearmBelow;
  const floor = kind === 'silent' || kind === 'after_hours' ? defaults.rearmBelow : 0;
  return Math.min(threshold, Math.max(floor, threshold - gap));
}

/**
 * The threshold each kind of rule may have. The server refuses anything else and the rules form
 * checks the same table before sending, so the two cannot disagree.
 */
export const ALERT_THRESHOLD_RANGES: Record<AlertKind, { min: number; max: number; unit: string }> =
  {
    // Ingest refuses occupancy above 150% of capacity.
    occupancy: { min: 1, max: 150, unit: '% of capacity' },
    silent: { min: 2, max: 100, unit: 'reporting intervals' },
    unusual: { min: 1, max: 20, unit: 'robust standard deviations' },
    // The table's CHECK stops thresholds at 1000 (migration 007): above it the insert would fail.
    after_hours: { min: 1, max: 1000, unit: 'people' },
  };

export type RuleLevels = { threshold: number; rearmBelow: number; cooldownMinutes: number };

/**
 * What is wrong with a rule's levels for its kind: per field, the API's wording (after "field: ")
 * and the form's. Both come from one place so the form refuses exactly what the server refuses.
 */
export type RuleLevelProblem = { field: 'threshold' | 'rearmBelow'; api: string; plain: string };

export function ruleLevelProblems(kind: AlertKind, levels: RuleLevels): RuleLevelProblem[] {
  const problems: RuleLevelProblem[] = [];
  const range = ALERT_THRESHOLD_RANGES[kind];
  if (levels.threshold < range.min || levels.threshold > range.max) {
    problems.push({
      field: 'threshold',
      api: `for ${kind} must be from ${range.min} to ${range.max} (${range.unit})`,
      plain: `Enter a number from ${range.min} to ${range.max} (${range.unit}).`,
    });
  }
  if (levels.rearmBelow > levels.threshold) {
    problems.push({
      field: 'rearmBelow',
      api: `must be at most the threshold (${levels.threshold})`,
      plain: 'The re-arm level must be at or below the threshold.',
    });
  } else if (kind !== 'occupancy' && kind !== 'unusual' && levels.rearmBelow <= 0) {
    problems.push({
      field: 'rearmBelow',
      api: `must be above 0 for ${kind}, or the rule never re-arms`,
      plain: 'Enter a number above 0, or the rule never re-arms.',
    });
  }
  return problems;
}

/** Null when the levels fit the kind; otherwise the message of a 400 naming the field. */
export function checkRuleLevels(kind: AlertKind, levels: RuleLevels): string | null {
  const [first] = ruleLevelProblems(kind, levels);
  return first ? `${first.field}: ${first.api}` : null;
}

/** Longest cool-down and silence a rule may have: a week. */
export const MAX_COOLDOWN_MINUTES = 10_080;
const cooldownMinutes = z.int().check(z.minimum(0), z.maximum(MAX_COOLDOWN_MINUTES));
const level = z.number().check(z.minimum(0), z.maximum(10_000));

export const AlertRuleSchema = z.object({
  id: count,
  /** The amenity's public id (e.g. "great-lawn"). */
  amenityId: nonEmpty,
  /** Its name, archived amenities included (the app's amenity list has only the live ones). */
  amenityName: nonEmpty,
  /** True when the amenity is archived: the rule is kept but never fires, and can only be deleted. */
  amenityArchived: z.boolean(),
  kind: z.enum(ALERT_KINDS),
  /**
   * Fires at or above this; units by kind: occupancy % of capacity, silent reporting intervals,
   * unusual robust z-score, after_hours people present.
   */
  threshold: nonNegative,
  /** Re-arms (may fire again) only once the level is below this. */
  rearmBelow: nonNegative,
  cooldownMinutes: count,
  enabled: z.boolean(),
  phase: z.enum(['armed', 'firing']),
  lastFiredAt: z.nullable(nonEmpty),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;
export const AlertRuleListSchema = z.array(AlertRuleSchema);

/** POST /api/alert-rules. Omitted levels take the kind's defaults. */
export const AlertRuleInputSchema = z.strictObject({
  amenityId: z.string().check(z.minLength(1), z.maxLength(100)),
  kind: z.enum(ALERT_KINDS),
  threshold: z.optional(level),
  rearmBelow: z.optional(level),
  cooldownMinutes: z.optional(cooldownMinutes),
  enabled: z.optional(z.boolean()),
});
export type AlertRuleInput = z.infer<typeof AlertRuleInputSchema>;
/** PATCH /api/alert-rules/:id. */
export const AlertRulePatchSchema = z.strictObject({
  threshold: z.optional(level),
  rearmBelow: z.optional(level),
  cooldownMinutes: z.optional(cooldownMinutes),
  enabled: z.optional(z.boolean()),
});

/** POST /api/alerts/:id/read: the alert marked read, and the inbox's unread count after it. */
export const AlertReadResultSchema = z.object({ id: count, read: z.literal(true), unread: count });
