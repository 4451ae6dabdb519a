import type { ReactNode } from 'react';
import { PageIcon, type PageIconName } from './page-icons';

/**
 * One figure with its label (the stat tiles of Reports and Community Management): a dt/dd
 * group of the surrounding StatTiles list. The icon sits inside the term, so the list stays
 * valid HTML.
 */
export function StatTile({
  label,
  value,
  icon,
  detail,
}: {
  label: string;
  value: ReactNode;
  icon: PageIconName;
  detail?: ReactNode;
}) {
  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:min-h-[4.5rem] sm:pl-[4.25rem] dark:border-slate-800 dark:bg-slate-900">
      {/* On a phone the icon sits above the label, leaving the tile's width to the words. */}
      <dt className="text-sm break-words text-slate-600 dark:text-slate-400">
        <span
          aria-hidden="true"
          className="mb-2 flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:absolute sm:top-4 sm:left-4 sm:mb-0 dark:bg-brand-900/50 dark:text-brand-100"
        >
          <PageIcon name={icon} />
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-slate-50">
        {value}
      </dd>
      {detail ? <dd className="text-xs text-slate-600 dark:text-slate-400">{detail}</dd> : null}
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
