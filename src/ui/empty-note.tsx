import type { ReactNode } from 'react';

/** What a widget says when its data is empty. */
export function EmptyNote({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {title ? <p className="font-medium text-slate-900 dark:text-slate-100">{title}</p> : null}
      {children ? <p className={title ? 'mt-1' : undefined}>{children}</p> : null}
    </div>
  );
}
