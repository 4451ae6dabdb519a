import type { AmenityStatus } from '../api/contract';
import { confidenceTone, STATUS_TONES } from '../lib/display-rules';
import { STATUS_LABELS } from '../lib/usage-levels';
import { Badge } from './badge';
import { hasNoLiveLevel } from './status-dot';

/** What an open amenity without a live reading shows instead of a usage level (status-dot.tsx). */
export const NO_LIVE_READING = 'No live reading';

/**
 * Amenity status as a badge (spec section 4: high red, medium yellow, low green, closed gray).
 * `live` is required: a status whose sensor has gone silent must say so, not show its last level.
 */
export function StatusBadge({ status, live }: { status: AmenityStatus; live: boolean }) {
  if (hasNoLiveLevel(status, live)) return <Badge tone="gray">{NO_LIVE_READING}</Badge>;
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** Suggestion confidence (spec section 9: >= 85 green, >= 70 yellow, else red). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  return <Badge tone={confidenceTone(confidence)}>{Math.round(confidence)}% confidence</Badge>;
}
