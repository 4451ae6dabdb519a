import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  MAX_RESIDENTS,
  RESIDENT_PAGE_SIZE,
  type Resident,
  type ResidentPage,
} from '../../api/contract';
import { useResidents } from '../../api/residents';
import { formatCalendarDate, formatCount, formatCountOf } from '../../lib/format';
import { PAGE_PARAM, parsePageParam, withPageParam } from '../../lib/page-param';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyNote } from '../../ui/empty-note';
import { CONTROL_CLASSES } from '../../ui/field';
import { PageIcon } from '../../ui/page-icons';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryState } from '../../ui/query-state';
import { useFocusAfterRemoval, type RemovedRow } from '../../ui/use-focus-after-removal';

/** How long typing may pause before the search is sent (and written to the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search in the URL (`?q=`), typed into a box that updates it after a pause. `clear` empties
 * both at once: a button pressed, not typing to wait out. A page belongs to the search it was
 * turned in, so writing the search also drops the page (`?page=`): a new search starts at page 1.
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
          const next = withPageParam(current, 1);
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

/** The last page a URL may ask the server for: it takes offsets up to MAX_RESIDENTS. */
const MAX_PAGE = Math.floor(MAX_RESIDENTS / RESIDENT_PAGE_SIZE) + 1;

/**
 * The directory's search, its page, and the query that reads it (the tiles read it too). Both
 * live in the URL (`?q=oak&page=4`, the page 1-based and absent on page 1), so a reload, Back
 * from elsewhere, or a shared link opens the same page of the same search. A search written
 * (typed, cleared, Clear search) starts at page 1; Back and Forward return to the page and
 * search their history entry holds. An invalid page (`abc`, `0`, `1.5`) is page 1 (and the URL
 * says so), and one past
 * the last is moved to the last by the directory once it knows how many pages there are.
 */
export function useDirectory({ enabled }: { enabled: boolean }) {
  const { q, text, setText, clear } = useDirectorySearch();
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get(PAGE_PARAM), MAX_PAGE);
  const query = useResidents(q, (page - 1) * RESIDENT_PAGE_SIZE, { enabled });
  // An invalid page in the URL (`abc`, `0`, `01`) gives way to the page shown, in its entry.
  const raw = params.get(PAGE_PARAM);
  useEffect(() => {
    if (raw === null || raw === String(page)) return;
    setParams(
      (current) => withPageParam(current, parsePageParam(current.get(PAGE_PARAM), MAX_PAGE)),
      { replace: true },
    );
  }, [raw, page, setParams]);
  const goToPage = useCallback(
    (next: number, { replace }: { replace: boolean }) => {
      // The same page again changes nothing (no navigation): callers may ask for it more than
      // once while its answer loads.
      if (next === page) return;
      setParams((current) => withPageParam(current, next), { replace });
    },
    [page, setParams],
  );
  return { q, text, setText, clear, page, goToPage, query };
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
  const { q, text, setText, clear, page, goToPage, query } = directory;

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
          <PageIcon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            // Short enough for a 320 px phone: the card's description above says what it searches.
            placeholder="Name, email or unit"
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
                // QueryState shows its answers a render late, and an answer for the search
                // before (kept on screen while this one loads) says nothing of this search.
                settled={data === query.data && !query.isPlaceholderData}
                q={q}
                page={page}
                dialogOpen={dialogOpen}
                removedRef={removedRef}
                fallbackRef={searchRef}
                onClear={() => {
                  clear();
                  // The button goes with the empty result: focus goes where the next search is
                  // typed, rather than to <body>.
                  searchRef.current?.focus();
                }}
                onPage={goToPage}
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
  settled,
  q,
  page,
  dialogOpen,
  removedRef,
  fallbackRef,
  onClear,
  onPage,
  onEdit,
  onRemove,
}: {
  data: ResidentPage;
  /** `data` is the answer to the search and page asked for now, not one kept from before. */
  settled: boolean;
  q: string;
  /** The page asked for (the URL's), 1-based: `data` shows another while it loads. */
  page: number;
  dialogOpen: boolean;
  removedRef: RefObject<RemovedRow | null>;
  fallbackRef: RefObject<HTMLElement | null>;
  onClear: () => void;
  /** A page turned (Next, Previous: a history entry) or corrected (`replace`). */
  onPage: (page: number, options: { replace: boolean }) => void;
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
  // The page shown (1-based), and how many the matches fill (one when there are none).
  const shownPage = Math.floor(data.offset / data.limit) + 1;
  const pages = Math.max(1, Math.ceil(data.matching / data.limit));
  // The page Next or Previous asked for, until its page is shown.
  const turnedTo = useRef<number | null>(null);
  // Next and Previous sit below the list, so the new page would open at its end. Its start comes
  // into view in the commit that turns it, the one where ScrollMemory (earlier in the tree)
  // takes a pushed entry to the top of the screen, so the view goes straight to the directory
  // rather than to the top and back once the page has loaded. (The status line stays where it
  // is while the page loads.) Back, Forward or a link meanwhile cancel the turn: ScrollMemory's
  // position for them stands.
  useLayoutEffect(() => {
    if (turnedTo.current === null) return;
    if (turnedTo.current !== page) {
      turnedTo.current = null;
      return;
    }
    statusRef.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);
  // Once the page is shown, the button pressed may be disabled (focus on <body>): focus goes to
  // its status ("Showing 51–66"), read out, and Tab goes on to its first row. Only after a turn,
  // never on arrival, and not for someone who has moved on meanwhile, e.g. into the search box.
  useEffect(() => {
    if (turnedTo.current !== shownPage) return;
    turnedTo.current = null;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (!lost && !pagerRef.current?.contains(active)) return;
    statusRef.current?.focus({ preventScroll: true });
  }, [shownPage]);
  // A page past the end (its last resident removed, here or elsewhere, or an old link's
  // ?page=99) is no place to stay: the last page is shown instead, in place of this entry.
  const pastTheEnd = data.residents.length === 0 && shownPage > pages;
  useEffect(() => {
    if (pastTheEnd && settled && shownPage === page) onPage(pages, { replace: true });
  }, [pastTheEnd, settled, shownPage, page, pages, onPage]);
  const turn = (to: number) => {
    turnedTo.current = to;
    onPage(to, { replace: false });
  };
  const first = data.offset + 1;
  const last = data.offset + data.residents.length;
  const paged = data.matching > data.limit && data.residents.length > 0;
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
          ? `${formatCount(data.matching)} of ${formatCountOf(data.total, 'resident')} ${data.matching === 1 ? 'matches' : 'match'}.`
          : `${formatCountOf(data.total, 'resident')}.`}
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
      ) : pastTheEnd ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Page {formatCount(shownPage)} is past the end of the list. Going to the last page, page{' '}
          {formatCount(pages)}…
        </p>
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
            disabled={shownPage === 1}
            onClick={() => turn(shownPage - 1)}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={last >= data.matching}
            onClick={() => turn(shownPage + 1)}
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
