import type { ReactNode } from 'react';

/**
 * The top of every app page: the document title, the page's only h1, a line under it, and the
 * page's actions (which wrap under the heading on phones).
 */
export function PageHeader({
  title,
  description,
  actions,
  printHide = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Leave the header out of the printed page (a report prints on its own). */
  printHide?: boolean;
}) {
  return (
    <header
      data-print-hide={printHide || undefined}
      className="flex flex-wrap items-end justify-between gap-3"
    >
      <title>{`${title} · CommonGround`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? (
          <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</div>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-end gap-3">{actions}</div> : null}
    </header>
  );
}
