import type { AmenityStatus } from '../api/contract';
import { confidenceTone, STATUS_LABELS, STATUS_TONES } from '../lib/display-rules';
import { cx } from '../lib/cx';
import { Badge } from './badge';

/**
 * An open amenity without a live reading has no usage level: its status (computed from a count
 * of 0 by rule) would claim "Low usage". Closed stays closed: that comes from its hours.
 */
export const NO_LIVE_READING = 'No live reading';

function unknownLevel(status: AmenityStatus, live: boolean): boolean {
  return !live && status !== 'closed';
}

/** Amenity status as a badge (spec section 4: high red, medium yellow, low green, closed gray). */
export function StatusBadge({ status, live = true }: { status: AmenityStatus; live?: boolean }) {
  if (unknownLevel(status, live)) return <Badge tone="gray">{NO_LIVE_READING}</Badge>;
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

const DOTS: Record<AmenityStatus, string> = {
  high: 'bg-red-600 ring-red-200 dark:ring-red-900',
  medium: 'bg-yellow-500 ring-yellow-200 dark:ring-yellow-900',
  low: 'bg-green-600 ring-green-200 dark:ring-green-900',
  // Closed is hollow, so it differs by shape as well as colour.
  closed: 'bg-transparent border-2 border-slate-400 ring-transparent',
};

/** The usage widgets' indicator: a coloured dot (decorative; the status text sits next to it). */
export function StatusDot({ status, live = true }: { status: AmenityStatus; live?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block h-3 w-3 shrink-0 rounded-full ring-4',
        // Dashed and hollow: unlike closed by shape as well.
        unknownLevel(status, live)
          ? 'border-2 border-dashed border-slate-500 bg-transparent ring-transparent'
          : DOTS[status],
      )}
    />
  );
}

/** Suggestion confidence (spec section 9: >= 85 green, >= 70 yellow, else red). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  return <Badge tone={confidenceTone(confidence)}>{Math.round(confidence)}% confidence</Badge>;
}
