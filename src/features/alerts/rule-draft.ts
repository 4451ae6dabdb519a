import {
  ALERT_RULE_DEFAULTS,
  MAX_COOLDOWN_MINUTES,
  ruleLevelProblems,
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
 * Checks a draft against the contract's bounds and the kind's levels, one message per field, or
 * gives the body to send. The re-arm level may not be above the threshold: a rule that re-arms
 * above where it fires would fire again on every reading.
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
  const cooldown = Number(draft.cooldownMinutes.trim());
  if (
    draft.cooldownMinutes.trim() === '' ||
    !Number.isInteger(cooldown) ||
    cooldown < 0 ||
    cooldown > MAX_COOLDOWN_MINUTES
  ) {
    errors.cooldownMinutes = `Enter whole minutes from 0 to ${MAX_COOLDOWN_MINUTES} (a week).`;
  }
  if (typeof threshold === 'number' && typeof rearmBelow === 'number') {
    // The kind's own bounds, the very ones the server applies (contract, ruleLevelProblems).
    for (const problem of ruleLevelProblems(draft.kind, {
      threshold,
      rearmBelow,
      cooldownMinutes: cooldown,
    })) {
      errors[problem.field] ??= problem.plain;
    }
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

const RULE_FIELDS: readonly RuleField[] = [
  'amenityId',
  'threshold',
  'rearmBelow',
  'cooldownMinutes',
];

/**
 * A refusal the server still gave ("threshold: for occupancy must be from 1 to 150 (% of
 * capacity)") as a message for its field, in a sentence; null when it names no field of the form.
 */
export function fieldErrorOfServer(message: string): { field: RuleField; text: string } | null {
  const match = /^(\w+): (.+)$/.exec(message.trim());
  const field = RULE_FIELDS.find((name) => name === match?.[1]);
  const rest = match?.[2];
  if (!field || !rest) return null;
  const sentence = rest.charAt(0).toUpperCase() + rest.slice(1);
  return { field, text: /[.!?]$/.test(sentence) ? sentence : `${sentence}.` };
}
