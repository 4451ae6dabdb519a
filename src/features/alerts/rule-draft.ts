import {
  ALERT_RULE_DEFAULTS,
  MAX_COOLDOWN_MINUTES,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
} from '../../api/contract';

/** The rules form as typed: numbers stay text until they are checked. */
export type RuleDraft = {
  amenityId: string;
  kind: AlertKind;
  threshold: string;
  rearmBelow: string;
  cooldownMinutes: string;
  enabled: boolean;
};

export type RuleField = 'amenityId' | 'threshold' | 'rearmBelow' | 'cooldownMinutes';
export type RuleErrors = Partial<Record<RuleField, string>>;

/** The contract's bound on a level (AlertRuleInputSchema). */
export const MAX_LEVEL = 10_000;

/** A new rule for an amenity and kind: the kind's defaults (the server's). */
export function newRuleDraft(amenityId: string, kind: AlertKind): RuleDraft {
  const defaults = ALERT_RULE_DEFAULTS[kind];
  return {
    amenityId,
    kind,
    threshold: String(defaults.threshold),
    rearmBelow: String(defaults.rearmBelow),
    cooldownMinutes: String(defaults.cooldownMinutes),
    enabled: true,
  };
}

export function draftFromRule(rule: AlertRule): RuleDraft {
  return {
    amenityId: rule.amenityId,
    kind: rule.kind,
    threshold: String(rule.threshold),
    rearmBelow: String(rule.rearmBelow),
    cooldownMinutes: String(rule.cooldownMinutes),
    enabled: rule.enabled,
  };
}

function parseLevel(text: string): number | string {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return 'Enter a number.';
  if (value < 0 || value > MAX_LEVEL) return `Enter a number from 0 to ${MAX_LEVEL}.`;
  return value;
}

/**
 * Checks a draft against the contract's bounds, one message per field, or gives the body to send.
 * The re-arm level may not be above the threshold: a rule that re-arms above where it fires would
 * fire again on every reading.
 */
export function checkRuleDraft(
  draft: RuleDraft,
): { ok: true; input: AlertRuleInput } | { ok: false; errors: RuleErrors } {
  const errors: RuleErrors = {};
  if (!draft.amenityId) errors.amenityId = 'Choose an amenity.';
  const threshold = parseLevel(draft.threshold);
  if (typeof threshold === 'string') errors.threshold = threshold;
  const rearmBelow = parseLevel(draft.rearmBelow);
  if (typeof rearmBelow === 'string') errors.rearmBelow = rearmBelow;
  else if (typeof threshold === 'number' && rearmBelow > threshold) {
    errors.rearmBelow = 'The re-arm level must be at or below the threshold.';
  }
  const cooldown = Number(draft.cooldownMinutes.trim());
  if (
    draft.cooldownMinutes.trim() === '' ||
    !Number.isInteger(cooldown) ||
    cooldown < 0 ||
    cooldown > MAX_COOLDOWN_MINUTES
  ) {
    errors.cooldownMinutes = `Enter whole minutes from 0 to ${MAX_COOLDOWN_MINUTES} (a week).`;
  }
  if (
    Object.keys(errors).length > 0 ||
    typeof threshold === 'string' ||
    typeof rearmBelow === 'string'
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    input: {
      amenityId: draft.amenityId,
      kind: draft.kind,
      threshold,
      rearmBelow,
      cooldownMinutes: cooldown,
      enabled: draft.enabled,
    },
  };
}
