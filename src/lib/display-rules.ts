/**
 * Display rules of the status badges and the Amy pages (spec sections 4 and 9) that are not plain
 * number formats: colour tones and list truncation. Only later pages use them; the
 * usage levels the dashboard's first screen shows are in usage-levels.ts.
 */

import type { AmenityStatus } from '../api/contract';

export type Tone = 'green' | 'yellow' | 'red' | 'gray';

/** Spec section 4, Amy-related pages: high red, medium yellow, low green, closed gray. */
export const STATUS_TONES: Record<AmenityStatus, Tone> = {
  high: 'red',
  medium: 'yellow',
  low: 'green',
  closed: 'gray',
};

/** Spec section 9: 85 or more green, 70 or more yellow, below 70 red. */
export function confidenceTone(confidence: number): Exclude<Tone, 'gray'> {
  if (confidence >= 85) return 'green';
  if (confidence >= 70) return 'yellow';
  return 'red';
}

/** Spec section 9: the first two required resources are shown, the rest as a '+N more' count. */
export const VISIBLE_RESOURCES = 2;

export function splitResources(
  resources: readonly string[],
  visible = VISIBLE_RESOURCES,
): { shown: string[]; moreLabel: string | null } {
  const hidden = resources.length - visible;
  return {
    shown: resources.slice(0, visible),
    moreLabel: hidden > 0 ? `+${hidden} more` : null,
  };
}
