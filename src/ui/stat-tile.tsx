import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** One figure with its label (the stat tiles of Reports and Community Management). */
export function StatTile({
  label,
  value,
  icon,
  detail,
}: {
  label: string;
  value: ReactNode;
  icon: IconName;
  detail?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/50 dark:text-brand-100"
      >
        <Icon name={icon} />
      </span>
      <div className="min-w-0">
        <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
        <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-slate-50">
          {value}
        </dd>
        {detail ? <dd className="text-xs text-slate-600 dark:text-slate-400">{detail}</dd> : null}
      </div>
    </div>
  );
}

/** The row of tiles: a description list, two columns on phones, four from md up. */
export function StatTiles({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {children}
    </dl>
  );
}
