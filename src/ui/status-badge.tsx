import type { AmenityStatus } from '../api/contract';
import { confidenceTone, STATUS_LABELS, STATUS_TONES } from '../lib/display-rules';
import { cx } from '../lib/cx';
import { Badge } from './badge';

/** Amenity status as a badge (spec section 4: high red, medium yellow, low green, closed gray). */
export function StatusBadge({ status }: { status: AmenityStatus }) {
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
export function StatusDot({ status }: { status: AmenityStatus }) {
  return (
    <span
      aria-hidden="true"
      className={cx('inline-block h-3 w-3 shrink-0 rounded-full ring-4', DOTS[status])}
    />
  );
}

/** Suggestion confidence (spec section 9: >= 85 green, >= 70 yellow, else red). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  return <Badge tone={confidenceTone(confidence)}>{Math.round(confidence)}% confidence</Badge>;
}
