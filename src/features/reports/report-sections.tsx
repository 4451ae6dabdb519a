import type { ReactNode } from 'react';
import type { Source } from '../../api/snapshot';
import { Icon } from '../../ui/icons';
import { PERIODS } from './periods';
import type { Level, ReportContext } from './report-kind';

/** The building blocks every report body is made of. */

export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 border-t border-slate-200 pt-6 first:mt-6 dark:border-slate-800">
      <h3 className="text-lg font-bold text-slate-900 dark:text-slate-50">{title}</h3>
      {children}
    </section>
  );
}

export function Section({
  title,
  level,
  note,
  children,
}: {
  title: string;
  level: Level;
  note?: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className="mt-6 break-inside-avoid-page">
      <Heading className="text-base font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </Heading>
      {note ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([term, value]) => (
        <div
          key={term}
          className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
        >
          <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums sm:text-lg dark:text-slate-50">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

export function MissingSource<T>({ source, what }: { source: Source<T>; what: string }) {
  if (source.status === 'ready') return null;
  return (
    <Notice>
      {source.reason === 'offline'
        ? `${what} has not been saved on this device yet (it was never loaded here). It will be included once the app is online.`
        : `${what} could not be loaded: ${source.error ?? 'unknown error'}.`}
    </Notice>
  );
}

export function MissingTimeline({ context }: { context: ReportContext }) {
  const { data } = context;
  const source = data.timeline;
  if (source.status === 'ready') return null;
  const label = PERIODS[data.period].label;
  return (
    <Notice>
      {source.reason === 'offline'
        ? `The usage timeline for ${label} has not been saved on this device (it was never loaded here), so visits per amenity cannot be shown for this period.`
        : `The usage timeline for ${label} could not be loaded: ${source.error ?? 'unknown error'}.`}
    </Notice>
  );
}
