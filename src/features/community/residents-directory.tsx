import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Resident, ResidentPage } from '../../api/contract';
import { useResidents } from '../../api/residents';
import { formatCalendarDate, formatCount } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyNote } from '../../ui/empty-note';
import { CONTROL_CLASSES } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';

/** How long typing may pause before the search is sent (and written to the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search in the URL (`?q=`), typed into a box that updates it after a pause. `clear` empties
 * both at once: a button pressed, not typing to wait out.
 */
export function useDirectorySearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  // Back/Forward (or a link) changes the URL: the box follows.
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    setText(q);
  }
  const writeSearch = useCallback(
    (search: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (search) next.set('q', search);
          else next.delete('q');
          return next;
        },
        // Typing refines one search: Back leaves the directory rather than undoing letters.
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => writeSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, writeSearch]);
  const clear = () => {
    setText('');
    if (q) writeSearch('');
  };
  return { q, text, setText, clear };
}

/**
 * The directory's search, its page, and the query that reads it (the tiles read it too). The
 * search lives in the URL and the page here, and one rule joins them: the page belongs to the
 * search it was turned in, so any change of the search (typed, cleared, Clear search, Back or
 * Forward) starts again at the first page, even a return to a search that was on page 2.
 */
export function useDirectory({ enabled }: { enabled: boolean }) {
  const { q, text, setText, clear } = useDirectorySearch();
  const [page, setPage] = useState({ q, offset: 0 });
  // Reset while rendering, not in an effect: the new search's first request already asks for
  // its first page, and the old offset is gone, so a later return to that search cannot find it.
  if (page.q !== q) setPage({ q, offset: 0 });
  const offset = page.q === q ? page.offset : 0;
  const query = useResidents(q, offset, { enabled });
  return {
    q,
    text,
    setText,
    clear,
    query,
    // The same page again changes nothing (no render): callers may ask for it more than once.
    setOffset: (next: number) =>
      setPage((was) => (was.q === q && was.offset === next ? was : { q, offset: next })),
  };
}

/**
 * The residents directory card (Managers and Admins): a search, one page of matches, and Edit
 * and Remove on each row. The page comes from the server and stays in the offline snapshot.
 * Once a removal is confirmed the page sets `removedRef`, and focus moves to the next row's
 * Remove (or the search, when no row is left).
 */
export function ResidentsDirectory({
  directory,
  dialogOpen,
  removedRef,
  onEdit,
  onRemove,
}: {
  directory: ReturnType<typeof useDirectory>;
  dialogOpen: boolean;
  removedRef: RefObject<RemovedRow | null>;
  onEdit: (resident: Resident) => void;
  /** `row`: the resident's place on the page, where focus goes once it is removed. */
  onRemove: (resident: Resident, row: number) => void;
}) {
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const { q, text, setText, clear, setOffset, query } = directory;

  return (
    <Card aria-labelledby="residents-directory">
      <CardHeader
        id="residents-directory"
        title="Residents Directory"
        description="Search by name, email or unit."
      />
      <CardBody>
        <div role="search" className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search residents
          </label>
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search by name, email or unit, e.g. A-204"
            autoComplete="off"
            maxLength={100}
            className={`${CONTROL_CLASSES} pl-9`}
          />
        </div>
        <div className="mt-2">
          <QueryState query={query} label="residents" skeleton={<ListSkeleton rows={5} />}>
            {(data) => (
              <DirectoryPage
                data={data}
                q={q}
                dialogOpen={dialogOpen}
                removedRef={removedRef}
                fallbackRef={searchRef}
                onClear={() => {
                  clear();
                  // The button goes with the empty result: focus goes where the next search is
                  // typed, rather than to <body>.
                  searchRef.current?.focus();
                }}
                onPage={setOffset}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            )}
          </QueryState>
        </div>
      </CardBody>
    </Card>
  );
}

function DirectoryPage({
  data,
  q,
  dialogOpen,
  removedRef,
  fallbackRef,
  onClear,
  onPage,
  onEdit,
  onRemove,
}: {
  data: ResidentPage;
  q: string;
  dialogOpen: boolean;
  removedRef: RefObject<RemovedRow | null>;
  fallbackRef: RefObject<HTMLElement | null>;
  onClear: () => void;
  onPage: (offset: number) => void;
  onEdit: (resident: Resident) => void;
  onRemove: (resident: Resident, row: number) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  useFocusAfterRemoval({
    removedRef,
    keys: data.residents.map((resident) => resident.id),
    paused: dialogOpen,
    listRef,
    selector: '[data-remove-resident]',
    fallbackRef,
  });
  const statusRef = useRef<HTMLParagraphElement>(null);
  const pagerRef = useRef<HTMLElement>(null);
  // The offset Next or Previous asked for, until its page is shown.
  const turnedTo = useRef<number | null>(null);
  // Once it is: Next and Previous sit below the list, so the new page would open at its end,
  // and the button pressed may now be disabled (focus on <body>). The page's start comes into
  // view and takes focus: its status ("Showing 51–66"), read out, and Tab goes on to its first
  // row. Only after a turn, never on arrival, so Back/Forward's restored position (ScrollMemory)
  // stands; and not for someone who has moved on meanwhile, e.g. into the search box.
  useEffect(() => {
    if (turnedTo.current !== data.offset) return;
    turnedTo.current = null;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (!lost && !pagerRef.current?.contains(active)) return;
    statusRef.current?.focus({ preventScroll: true });
    statusRef.current?.scrollIntoView?.({ block: 'start' });
  }, [data.offset]);
  // A page left empty (its last resident removed, here or elsewhere) is no place to stay: the
  // last page that still has residents is shown instead of "No residents yet".
  useEffect(() => {
    if (data.residents.length > 0 || data.offset === 0 || data.matching === 0) return;
    const lastPage = Math.floor((data.matching - 1) / data.limit) * data.limit;
    if (lastPage < data.offset) onPage(lastPage);
  }, [data, onPage]);
  const turn = (offset: number) => {
    turnedTo.current = offset;
    onPage(offset);
  };
  const first = data.offset + 1;
  const last = data.offset + data.residents.length;
  const paged = data.matching > data.limit;
  return (
    <>
      <p
        ref={statusRef}
        role="status"
        // Focused by a page turn only (above), never reached by Tab.
        tabIndex={-1}
        className="scroll-mt-4 text-sm text-slate-600 dark:text-slate-400"
      >
        {q
          ? `${formatCount(data.matching)} of ${formatCount(data.total)} residents match.`
          : `${formatCount(data.total)} residents.`}
        {paged && data.residents.length
          ? ` Showing ${formatCount(first)}–${formatCount(last)}.`
          : ''}
      </p>
      {data.residents.length ? (
        <ul
          ref={listRef}
          aria-label="Residents"
          className="mt-3 divide-y divide-slate-200 dark:divide-slate-800"
        >
          {data.residents.map((resident, row) => (
            <ResidentRow
              key={resident.id}
              resident={resident}
              onEdit={() => onEdit(resident)}
              onRemove={() => onRemove(resident, row)}
            />
          ))}
        </ul>
      ) : q ? (
        <div className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          <p className="font-medium">No residents match “{q}”.</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Check the spelling, or search by unit, e.g. B-112.
          </p>
          <Button variant="secondary" className="mt-3" onClick={onClear}>
            Clear search
          </Button>
        </div>
      ) : (
        <div className="mt-3">
          <EmptyNote title="No residents yet">
            Add residents one by one, or import them from a CSV file.
          </EmptyNote>
        </div>
      )}
      {paged ? (
        <nav
          ref={pagerRef}
          aria-label="Directory pages"
          className="mt-3 flex flex-wrap justify-between gap-2"
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={data.offset === 0}
            onClick={() => turn(Math.max(0, data.offset - data.limit))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={last >= data.matching}
            onClick={() => turn(data.offset + data.limit)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </>
  );
}

/** Email and phone links: 44 px tall touch targets on phones, plain text height from md up. */
const CONTACT_LINK =
  'inline-flex min-h-11 items-center text-brand-700 underline underline-offset-2 md:min-h-0 dark:text-brand-100';

function ResidentRow({
  resident,
  onEdit,
  onRemove,
}: {
  resident: Resident;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const active = resident.status === 'active';
  const details = [
    `Unit ${resident.unit}`,
    resident.joinedOn ? `Joined ${formatCalendarDate(resident.joinedOn)}` : null,
    resident.householdSize ? `Household of ${resident.householdSize}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
      >
        {resident.name
          .split(/\s+/)
          .map((part) => part.charAt(0))
          .join('')
          .slice(0, 2)}
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words">{resident.name}</p>
          <Badge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{details.join(' · ')}</p>
        {resident.email || resident.phone ? (
          <p className="flex flex-wrap gap-x-4 text-sm">
            {resident.email ? (
              <a href={`mailto:${resident.email}`} className={`${CONTACT_LINK} break-all`}>
                {resident.email}
              </a>
            ) : null}
            {resident.phone ? (
              <a href={`tel:${resident.phone.replace(/[^\d+]/g, '')}`} className={CONTACT_LINK}>
                {resident.phone}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="flex w-full gap-2 pl-13 sm:w-auto sm:pl-0">
        <Button variant="secondary" size="sm" aria-label={`Edit ${resident.name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${resident.name}`}
          data-remove-resident=""
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
