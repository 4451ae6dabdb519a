import type { AmenityStatus } from '../api/contract';
import { cx } from '../lib/cx';

/**
 * An open amenity without a live reading has no usage level: its status, computed from a count of
 * 0 by rule, would claim "Low usage" (status-badge.tsx reads it as "No live reading"). Closed
 * stays closed: that comes from its hours.
 */
export function hasNoLiveLevel(status: AmenityStatus, live: boolean): boolean {
  return !live && status !== 'closed';
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
        hasNoLiveLevel(status, live)
          ? 'border-2 border-dashed border-slate-500 bg-transparent ring-transparent'
          : DOTS[status],
      )}
    />
  );
}
