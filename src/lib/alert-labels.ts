import type { AlertKind, AlertRule } from '../api/contract';
import { numberFormat } from './intl-formats';

/**
 * How alerts read on the Alerts page, in its rules form and in the audit log. The unread count of
 * the app shell's Alerts link, which every page shows, is in unread-alerts.ts.
 */

/** How each alert kind reads in the inbox and the rules form. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  occupancy: 'Occupancy',
  silent: 'Sensor silent',
  unusual: 'Unusual usage',
  after_hours: 'After hours',
};

/** The unit of a rule's threshold and of an alert's value, by kind (contract, AlertRuleSchema). */
export const ALERT_LEVEL_UNITS: Record<AlertKind, string> = {
  occupancy: '% of capacity',
  silent: 'reporting intervals',
  unusual: 'robust standard deviations',
  after_hours: 'people present',
};

/** An alert's value in words: "91.3% of capacity", "2 people present". */
export function formatAlertValue(kind: AlertKind, value: number): string {
  const number = numberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
  switch (kind) {
    case 'occupancy':
      return `${number}% of capacity`;
    case 'silent':
      return `${number} ${value === 1 ? 'interval' : 'intervals'} without a reading`;
    case 'unusual':
      return `${number} standard deviations from usual`;
    case 'after_hours':
      return `${number} ${value === 1 ? 'person' : 'people'} present`;
  }
}

/** A rule's levels in words: "At 90% of capacity, re-arms below 80% of capacity, cool-down 30 min". */
export function describeRuleLevels(
  rule: Pick<AlertRule, 'kind' | 'threshold' | 'rearmBelow' | 'cooldownMinutes'>,
): string {
  return (
    `At ${formatAlertValue(rule.kind, rule.threshold)}, ` +
    `re-arms below ${formatAlertValue(rule.kind, rule.rearmBelow)}, ` +
    `cool-down ${rule.cooldownMinutes} min`
  );
}
