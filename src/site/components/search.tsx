import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { buttonClasses } from '../../ui/button';
import { ISLAND, NEEDS_SCRIPT_CLASS } from '../islands/dom-contract';
import { Glyph } from './glyph';

/**
 * A search box that filters the lists of its scope (src/site/islands/filter.ts). It only works
 * with the island, so it keeps its space but stays invisible until the island runs.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={cx('flex gap-2', NEEDS_SCRIPT_CLASS, className)}
      {...{ [ISLAND.filterForm]: '', [ISLAND.needsScript]: '' }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Glyph
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <input
          id={id}
          name="q"
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          className="block min-h-12 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
        />
      </div>
      <button type="submit" className={cx(buttonClasses('primary'), 'min-h-12')}>
        Search
      </button>
    </form>
  );
}

/** The live line that says how many items match (announced to screen readers). */
export function FilterStatus({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cx('text-sm text-slate-700 empty:hidden dark:text-slate-300', className)}
      {...{ [ISLAND.filterStatus]: '' }}
    />
  );
}

/** Props that make an element a filterable item: its searchable text and optional facet. */
export function filterItem(text: string, facet?: string): Record<string, string> {
  return facet === undefined
    ? { [ISLAND.filterItem]: '', [ISLAND.filterText]: text }
    : { [ISLAND.filterItem]: '', [ISLAND.filterText]: text, [ISLAND.filterItemFacet]: facet };
}

export const FILTER_SCOPE = { [ISLAND.filterScope]: '' };
export const FILTER_LIST = { [ISLAND.filterList]: '' };

/** Shown by the island when every item of its list is filtered out. */
export function EmptyResult({ children }: { children: ReactNode }) {
  return (
    <p
      hidden
      className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300"
      {...{ [ISLAND.filterEmpty]: '' }}
    >
      {children}
    </p>
  );
}
