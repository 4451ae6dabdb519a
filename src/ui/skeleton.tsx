import { cx } from '../lib/cx';

/**
 * A placeholder block; decorative, so hidden from assistive tech (the region says "Loading").
 * It pulses while something loads; `still` for a place that waits, with nothing in flight.
 */
export function Skeleton({ className, still = false }: { className?: string; still?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cx(
        'rounded-md bg-slate-200 dark:bg-slate-800',
        still ? null : 'animate-pulse',
        className,
      )}
    />
  );
}
