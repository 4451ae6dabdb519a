import { barWidth } from '../lib/usage-levels';
import { cx } from '../lib/cx';

/**
 * A horizontal bar for a percentage. Decorative: the figure is always printed next to it, so the
 * bar adds no information a screen reader would miss.
 */
export function ProgressBar({
  percent,
  color,
  className,
  alert = false,
}: {
  percent: number;
  /** A CSS colour for the fill; defaults to the brand colour (red when `alert`). */
  color?: string;
  className?: string;
  alert?: boolean;
}) {
  return (
    <div
      aria-hidden="true"
      className={cx(
        'h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700',
        className,
      )}
    >
      <div
        className={cx('h-full rounded-full', !color && (alert ? 'bg-red-600' : 'bg-brand-600'))}
        style={{ width: `${barWidth(percent)}%`, backgroundColor: color }}
      />
    </div>
  );
}
