/**
 * How a usage level reads on the live widgets (spec sections 4 and 9): the status labels, the
 * capacity alert threshold and a bar's width. The dashboard's first screen shows them; the status
 * badges' colours and the Amy pages' rules are in display-rules.ts.
 */

import type { AmenityStatus } from '../api/contract';

export const STATUS_LABELS: Record<AmenityStatus, string> = {
  high: 'High usage',
  medium: 'Medium usage',
  low: 'Low usage',
  closed: 'Closed',
};

/** Spec section 9: the capacity alert threshold (a label only; nothing is sent). */
export const CAPACITY_ALERT_PERCENT = 90;

export function isOverCapacityAlert(percent: number): boolean {
  return percent >= CAPACITY_ALERT_PERCENT;
}

/** A bar's width in percent, clamped so an over-capacity value never overflows its track. */
export function barWidth(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}
