/** The query parameter that holds a paged list's page: `?page=4`, 1-based. */
export const PAGE_PARAM = 'page';

/**
 * The page a URL's `?page=` asks for. Only a whole number from 1 up is a page: anything else
 * (`abc`, `0`, `-1`, `1.5`, `2e3`, empty, absent) is the first page, never an error, as an old or
 * hand-edited link should still open the list. A number past `maxPage` is `maxPage` (the list
 * then moves on to its real last page once it knows how many it has).
 */
export function parsePageParam(value: string | null, maxPage = Number.MAX_SAFE_INTEGER): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  if (page < 1) return 1;
  return Math.max(1, Math.min(page, maxPage));
}

/** `params` with its page set to `page`: none for the first page, so page 1 has one address. */
export function withPageParam(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next;
}
