import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'gray' | 'blue' | 'purple' | 'brand' | 'amber';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-100',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  gray: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200',
  brand: 'bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
};

export function Badge({
  tone = 'gray',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
