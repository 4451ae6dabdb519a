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

/** Longest cool-down and silence a rule may have: a week. */
export const MAX_COOLDOWN_MINUTES = 10_080;
const cooldownMinutes = z.int().check(z.minimum(0), z.maximum(MAX_COOLDOWN_MINUTES));
const level = z.number().check(z.minimum(0), z.maximum(10_000));

export const AlertRuleSchema = z.object({
  id: count,
  /** The amenity's public id (e.g. "great-lawn"). */
  amenityId: nonEmpty,
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
