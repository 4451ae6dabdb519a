import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cx } from '../lib/cx';
import { Button } from './button';
import { PageIcon } from './page-icons';

/** The enclosing dialog's guarded close (asks before discarding typed changes). */
const DialogCloseContext = createContext<(() => void) | null>(null);

/**
 * What a form's Cancel button calls: inside a Dialog, the same close as Escape and the backdrop,
 * which asks before throwing away what was typed; elsewhere `fallback`.
 */
export function useDialogClose(fallback: () => void): () => void {
  return useContext(DialogCloseContext) ?? fallback;
}

/**
 * A modal on the native <dialog> (showModal gives focus containment, an inert page and focus
 * return for free, at no bundle cost). `sheet` slides up from the bottom on phones.
 *
 * Once something in a <form> inside it has been changed, Escape, the backdrop, the Close button
 * and a Cancel that uses `useDialogClose` ask "Discard your changes?" first: a form here is
 * often long, and a stray key or click must not silently lose it. Dialogs without a form (set-up
 * steps, calculators) close at once, as before.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  variant = 'center',
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  variant?: 'center' | 'sheet';
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const confirmId = useId();
  // A ref, not state: typing must not re-render the whole dialog on every key.
  const dirty = useRef(false);
  // A backdrop click counts only if the press began there too: a text selection dragged out of
  // the panel ends with a click on the <dialog> box that no one meant as "close".
  const pressOnBackdrop = useRef(false);
  // Where focus was when the close was asked, to go back to on "Keep editing".
  const focusBeforeConfirm = useRef<HTMLElement | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setConfirming(false);
  }

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dirty.current = false;
      dialog.showModal();
      // A panel taller than the screen scrolls, and Chromium then gives the first focus to the
      // panel itself (a keyboard-focusable scroller, first in tree order) and outlines it. Close
      // is what a shorter dialog focuses first: the same at every height.
      if (document.activeElement === panelRef.current) closeRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  // Something typed is still there to lose: a form was changed and a form is still shown (one
  // replaced by its result, such as a link made from it, has nothing left to discard).
  const hasDraft = () => dirty.current && !!ref.current?.querySelector('form');
  const requestClose = () => {
    if (!hasDraft()) {
      onClose();
      return;
    }
    const active = document.activeElement;
    focusBeforeConfirm.current =
      active instanceof HTMLElement && ref.current?.contains(active) ? active : null;
    setConfirming(true);
  };
  const keepEditing = () => {
    setConfirming(false);
    focusBeforeConfirm.current?.focus();
  };
  const discard = () => {
    dirty.current = false;
    setConfirming(false);
    onClose();
  };

  return (
    // Clicking the backdrop (the dialog box itself, outside the panel) closes it; Escape is
    // handled here so that it can ask first, and the change listener only notes that a form
    // was edited.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onChange={(event) => {
        if (event.target instanceof Element && event.target.closest('form')) dirty.current = true;
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        // Without this the browser closes the dialog itself, with no chance to ask.
        event.preventDefault();
        if (confirming) keepEditing();
        else requestClose();
      }}
      onCancel={(event) => {
        // Other close requests (Android's back button): ask too, when the browser lets us.
        if (!hasDraft()) return;
        event.preventDefault();
        setConfirming(true);
      }}
      onClose={() => {
        // Closed because `open` went false: the owner knows already.
        if (!open) return;
        // A close request the browser would not let us cancel: reopen and ask, the draft kept.
        const dialog = ref.current;
        if (hasDraft() && dialog && !dialog.open) {
          dialog.showModal();
          setConfirming(true);
          return;
        }
        onClose();
      }}
      onPointerDown={(event) => {
        pressOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const fromBackdrop = pressOnBackdrop.current;
        pressOnBackdrop.current = false;
        if (fromBackdrop && event.target === event.currentTarget) requestClose();
      }}
      className={cx(
        'bg-transparent p-0 text-slate-900 backdrop:bg-slate-950/50 dark:text-slate-100',
        variant === 'sheet'
          ? 'mx-0 mt-auto mb-0 w-full max-w-none sm:m-auto sm:max-w-lg'
          : 'm-auto w-[calc(100%-1.5rem)] max-w-lg',
        className,
      )}
    >
      <div
        ref={panelRef}
        className={cx(
          'max-h-[85dvh] overflow-y-auto bg-white p-4 shadow-xl wrap-anywhere sm:p-5 dark:bg-slate-900',
          variant === 'sheet'
            ? 'rounded-t-2xl pb-[calc(1rem+env(safe-area-inset-bottom))] sm:rounded-2xl'
            : 'rounded-2xl',
        )}
      >
        <div className="mb-3 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </p>
            ) : null}
          </div>
          <button
            ref={closeRef}
            type="button"
            aria-label="Close"
            onClick={requestClose}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <PageIcon name="close" />
          </button>
        </div>
        <DialogCloseContext.Provider value={requestClose}>{children}</DialogCloseContext.Provider>
        {confirming ? (
          // Pinned to the bottom of the panel (over its padding, which sticky offsets count from), so
          // it is in view however far the form scrolled.
          <div
            role="group"
            aria-labelledby={confirmId}
            className="sticky -bottom-4 -mx-4 mt-4 -mb-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white p-4 sm:-bottom-5 sm:-mx-5 sm:-mb-5 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
          >
            <p id={confirmId} className="mr-auto font-medium">
              Discard your changes?
            </p>
            <Button ref={keepRef} variant="secondary" onClick={keepEditing}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={discard}>
              Discard
            </Button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
