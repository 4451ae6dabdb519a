import type { AlertKind } from '../../src/api/contract';

/**
 * The levels that make sense for each kind of rule (pure; tested in
 * tests/unit/alert-rules.test.ts). The contract bounds any number; these bound it per kind.
 */
export type RuleLevels = { threshold: number; rearmBelow: number; cooldownMinutes: number };

const THRESHOLD_RANGE: Record<AlertKind, { min: number; max: number; unit: string }> = {
  // Ingest refuses occupancy above 150% of capacity.
  occupancy: { min: 1, max: 150, unit: '% of capacity' },
  silent: { min: 2, max: 100, unit: 'reporting intervals' },
  unusual: { min: 1, max: 20, unit: 'robust standard deviations' },
  after_hours: { min: 1, max: 10_000, unit: 'people' },
};

/** Null when the levels fit the kind; otherwise the message of a 400 naming the field. */
export function checkRuleLevels(kind: AlertKind, levels: RuleLevels): string | null {
  const range = THRESHOLD_RANGE[kind];
  if (levels.threshold < range.min || levels.threshold > range.max) {
    return `threshold: for ${kind} must be from ${range.min} to ${range.max} (${range.unit})`;
  }
  if (levels.rearmBelow > levels.threshold) {
    return `rearmBelow: must be at most the threshold (${levels.threshold})`;
  }
  if (kind !== 'occupancy' && kind !== 'unusual' && levels.rearmBelow <= 0) {
    return `rearmBelow: must be above 0 for ${kind}, or the rule never re-arms`;
  }
  return null;
}
