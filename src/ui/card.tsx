import type { ComponentPropsWithRef, HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';

export function Card({ className, ...props }: ComponentPropsWithRef<'section'>) {
  return (
    <section
      className={cx(
        'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      {...props}
    />
  );
}

/** A card heading row: the title is an h2 so every widget is a landmark in the outline. */
export function CardHeader({
  title,
  description,
  actions,
  id,
  level = 2,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-4 sm:px-5 sm:pt-5">
      <div className="min-w-0">
        <Heading id={id} className="text-base font-semibold text-slate-900 dark:text-slate-50">
          {title}
        </Heading>
        {description ? (
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('px-4 pt-3 pb-4 sm:px-5 sm:pb-5', className)} {...props} />;
}
