import { ISLAND, attr } from './dom-contract';

/** Lower case, no accents, single spaces: what search compares. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** True when every word of the query appears in the text (an empty query matches everything). */
export function matchesQuery(text: string, query: string): boolean {
  const terms = normalizeText(query).split(' ').filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = normalizeText(text);
  return terms.every((term) => haystack.includes(term));
}

/** What the status line says after filtering; empty when nothing is filtered. */
export function filterSummary(count: number, query: string, facet: string): string {
  const q = query.trim();
  if (!q && !facet) return '';
  const noun = count === 1 ? 'result' : 'results';
  const forQuery = q ? ` for “${q}”` : '';
  const inFacet = facet ? ` in ${facet}` : '';
  return count === 0
    ? `No results${forQuery}${inFacet}.`
    : `${count} ${noun}${forQuery}${inFacet}.`;
}

/**
 * Wires one search scope: the search box (live, and on submit), optional facet buttons (blog
 * categories) and query buttons (blog tags). Items that do not match are hidden; a list whose
 * items are all hidden shows its "no results" message. Starts from ?q= when present.
 */
export function bindFilterScope(scope: Element, initialQuery: string, signal: AbortSignal): void {
  const form = scope.querySelector<HTMLFormElement>(attr(ISLAND.filterForm));
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]') ?? null;
  const status = scope.querySelector<HTMLElement>(attr(ISLAND.filterStatus));
  const facetButtons = [...scope.querySelectorAll<HTMLButtonElement>(attr(ISLAND.filterFacet))];
  let facet =
    facetButtons.find((b) => b.getAttribute('aria-pressed') === 'true')?.dataset.filterFacet ?? '';

  const apply = () => {
    const query = input?.value ?? '';
    let shown = 0;
    for (const list of scope.querySelectorAll<HTMLElement>(attr(ISLAND.filterList))) {
      let visibleInList = 0;
      for (const item of list.querySelectorAll<HTMLElement>(attr(ISLAND.filterItem))) {
        const itemFacet = item.getAttribute(ISLAND.filterItemFacet) ?? '';
        const visible =
          matchesQuery(item.getAttribute(ISLAND.filterText) ?? item.textContent ?? '', query) &&
          (!facet || itemFacet === facet);
        item.hidden = !visible;
        if (visible) visibleInList += 1;
      }
      shown += visibleInList;
      const empty = list.querySelector<HTMLElement>(attr(ISLAND.filterEmpty));
      if (empty) empty.hidden = visibleInList > 0;
    }
    if (status) status.textContent = filterSummary(shown, query, facet);
  };

  if (input && initialQuery) input.value = initialQuery;
  input?.addEventListener('input', apply, { signal });
  form?.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      apply();
    },
    { signal },
  );
  for (const button of facetButtons) {
    button.addEventListener(
      'click',
      () => {
        facet = button.dataset.filterFacet ?? '';
        for (const other of facetButtons)
          other.setAttribute('aria-pressed', String(other === button));
        apply();
      },
      { signal },
    );
  }
  for (const button of scope.querySelectorAll<HTMLButtonElement>(attr(ISLAND.filterQuery))) {
    button.addEventListener(
      'click',
      () => {
        if (!input) return;
        input.value = button.getAttribute(ISLAND.filterQuery) ?? '';
        apply();
        input.focus();
      },
      { signal },
    );
  }
  if (initialQuery) apply();
}
