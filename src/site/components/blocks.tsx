import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { buttonClasses, type ButtonVariant } from '../../ui/button';
import type { FaqItem } from '../content/pricing';
import { Glyph } from './glyph';
import { FilterStatus, SearchBox, filterItem } from './search';

/** Page width and side padding shared by every section. */
export const CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/** A link styled as a button: every call to action on the site goes somewhere real. */
export function LinkButton({
  href,
  variant = 'primary',
  className,
  children,
}: {
  href: string;
  variant?: ButtonVariant | 'inverse' | 'inverse-outline';
  className?: string;
  children: ReactNode;
}) {
  const classes =
    variant === 'inverse'
      ? 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-brand-800 hover:bg-brand-50'
      : variant === 'inverse-outline'
        ? 'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-white px-4 text-sm font-medium text-white hover:bg-white/10'
        : buttonClasses(variant);
  return (
    <a href={href} className={cx(classes, 'text-center', className)}>
      {children}
    </a>
  );
}

export function PageHero({
  badge,
  title,
  intro,
  children,
}: {
  badge?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <div className={cx(CONTAINER, 'py-12 text-center sm:py-16 lg:py-20')}>
        {badge ? (
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
            <Glyph name="sparkles" className="h-4 w-4" />
            {badge}
          </p>
        ) : null}
        <h1 className="mx-auto max-w-4xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
          {title}
        </h1>
        {intro ? (
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">
            {intro}
          </p>
        ) : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}

/** A page section with an h2 that names it (aria-labelledby). */
export function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'white';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cx(
        'py-12 sm:py-16',
        tone === 'white' &&
          'border-y border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div className={CONTAINER}>
        <div className="mx-auto mb-8 max-w-3xl text-center sm:mb-10">
          <h2
            id={`${id}-title`}
            className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl dark:text-white"
          >
            {title}
          </h2>
          {intro ? (
            <p className="mt-3 text-base text-pretty text-slate-700 sm:text-lg dark:text-slate-300">
              {intro}
            </p>
          ) : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A rounded panel; the site's card (ui/Card is a <section>, too heavy for list items). */
export const PANEL =
  'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** A titled sidebar panel (blog, forum): a section named by its heading. */
export function SidePanel({
  id,
  title,
  anchor,
  children,
}: {
  id: string;
  title: string;
  /** The section's own id, when a link jumps to it. */
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={anchor}
      aria-labelledby={`${id}-title`}
      className={cx(PANEL, anchor && 'scroll-mt-4')}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function IconTile({
  name,
  className,
}: {
  name: Parameters<typeof Glyph>[0]['name'];
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
        className,
      )}
    >
      <Glyph name={name} className="h-6 w-6" />
    </span>
  );
}

export function CheckList({
  items,
  tone = 'check',
}: {
  items: readonly string[];
  tone?: 'check' | 'cross';
}) {
  return (
    <ul className="grid gap-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Glyph
            name={tone === 'check' ? 'check' : 'close'}
            className={cx(
              'mt-0.5 h-4 w-4 shrink-0',
              tone === 'check'
                ? 'text-green-700 dark:text-green-400'
                : 'text-slate-500 dark:text-slate-400',
            )}
          />
          <span>
            {tone === 'cross' ? <span className="sr-only">Not included: </span> : null}
            {item}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Questions and answers as native disclosures: readable and usable without any script. */
export function FaqList({
  items,
  filterable = false,
}: {
  items: readonly FaqItem[];
  filterable?: boolean;
}) {
  return (
    <>
      {items.map((item) => (
        <details
          key={item.question}
          className="group rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          {...(filterable ? filterItem(`${item.question} ${item.answer}`) : {})}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-3 font-medium text-slate-900 dark:text-white">
            {item.question}
            <Glyph
              name="chevronDown"
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400"
            />
          </summary>
          <p className="px-5 pb-4 text-slate-700 dark:text-slate-300">{item.answer}</p>
        </details>
      ))}
    </>
  );
}

/** Code wraps instead of scrolling sideways, so it reads on a 320 px screen and by keyboard. */
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre className="rounded-lg bg-slate-900 p-4 text-left text-sm leading-relaxed whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere] dark:bg-black/60">
      <code>{code}</code>
    </pre>
  );
}

/** Call-to-action band at the foot of a page. */
export function CtaBand({
  title,
  intro,
  children,
  note,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  note?: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 text-white dark:bg-brand-900">
      <div className={cx(CONTAINER, 'py-14 text-center sm:py-16')}>
        <h2 id="cta-title" className="text-2xl font-bold text-balance sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-50">{intro}</p> : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
        {note ? <p className="mt-6 text-sm text-brand-50">{note}</p> : null}
      </div>
    </section>
  );
}

/**
 * The top of a searchable page (blog, forum, help, documentation): its h1, a line under it, the
 * search box and the live count of what the search shows. `before` and `after` hold extras
 * (a badge above the title, buttons below the search).
 */
export function SearchHero({
  title,
  intro,
  search,
  before,
  after,
}: {
  title: string;
  intro: ReactNode;
  search: { id: string; label: string; placeholder: string; wide?: boolean };
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <div className={cx(CONTAINER, 'py-12 text-center sm:py-16')}>
        {before}
        <h1 className="mx-auto max-w-4xl text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
          {title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{intro}</p>
        <SearchBox
          id={search.id}
          label={search.label}
          placeholder={search.placeholder}
          className={cx('mx-auto mt-8', search.wide ? 'max-w-2xl' : 'max-w-xl')}
        />
        <FilterStatus className="mt-3" />
        {after}
      </div>
    </section>
  );
}
