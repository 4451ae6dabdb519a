import { useEffect, type RefObject } from 'react';

/** A row whose removal was confirmed: its key, and its place in the list as it was shown. */
export type RemovedRow = { key: string | number; row: number };

/**
 * After a row's removal closes its confirm dialog, focus goes to the same control in the row
 * that took the removed one's place (or the new last row; with no rows left, `fallbackRef`). The
 * button that opened the dialog is gone, so the dialog's own focus return would land on <body>.
 *
 * The owner of the dialog sets `removedRef` once the removal succeeded; call this in the
 * component that renders the list as shown (QueryState defers new data, so a parent sees the
 * refetch a render earlier). It waits until the list no longer has the row and `paused` (the
 * dialog is open) is false, and moves focus only if it was lost to <body>.
 */
export function useFocusAfterRemoval({
  removedRef,
  keys,
  paused,
  listRef,
  selector,
  fallbackRef,
}: {
  removedRef: RefObject<RemovedRow | null>;
  /** The keys of the rows shown now. */
  keys: readonly (string | number)[];
  paused: boolean;
  listRef: RefObject<HTMLElement | null>;
  /** The control to focus in each row, e.g. `[data-remove-resident]`. */
  selector: string;
  fallbackRef: RefObject<HTMLElement | null>;
}): void {
  useEffect(() => {
    const removed = removedRef.current;
    if (removed === null || paused || keys.includes(removed.key)) return;
    removedRef.current = null;
    const targets = listRef.current?.querySelectorAll<HTMLElement>(selector);
    const target = targets?.[Math.min(removed.row, targets.length - 1)] ?? fallbackRef.current;
    // After this commit's other effects: the dialog closes in one of them (it comes later in the
    // page), and until then the page behind a modal is inert and cannot take focus.
    queueMicrotask(() => {
      // Only focus that was lost: someone who has moved on (typing a search that happens to
      // drop the row, after a refresh had failed) keeps their place. Lost is on <body>, or on a
      // control of the dialog just closed: Chromium moves it from there only at its next update
      // when the button that opened the dialog is gone.
      const active = document.activeElement;
      if (active === null || active === document.body || active.closest('dialog:not([open])')) {
        target?.focus();
      }
    });
  });
}
