import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cx } from '../lib/cx';

/**
 * Notifications with the behaviour of spec sections 4 and 9 (the constants are Radix Toast's),
 * written here in ~2 KB instead of Radix's ~9 KB because the dashboard has a 150 KB JS budget.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

/**
 * Said when the code of an action that loads on use (a file export) could not be loaded: offline
 * before the app saved it, or a newer version on the server has replaced it.
 */
export const CODE_NOT_LOADED =
  'The code that makes this file could not be loaded. Check the connection and try again.';

export type ToastTone = 'default' | 'error';
export type ToastItem = {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
  open: boolean;
};

type Listener = () => void;
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Shows a notification. At most TOAST_LIMIT are kept: a new one replaces the one on screen. */
export function toast({
  title,
  description,
  tone = 'default',
}: {
  title: string;
  description?: string;
  tone?: ToastTone;
}): number {
  const id = nextId++;
  emit([{ id, title, description, tone, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes a toast; it is kept (closed) for the removal delay, then leaves the list. */
export function dismissToast(id: number) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        emit(toasts.filter((item) => item.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => toasts;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** For tests: start from an empty list. */
export function resetToastsForTests() {
  removalTimers.forEach((timer) => clearTimeout(timer));
  removalTimers.clear();
  emit([]);
}

/**
 * The notification region: a polite live region that F8 focuses. A toast closes after 5 s (the
 * timer pauses while the pointer or focus is inside the region), by its close button, or by a
 * swipe of 50 px to the right.
 */
// A card's code loads with the first notification: none shows on a first visit, and the
// dashboard's first load is the one a phone waits for (issue 15).
// Offline before the service worker has saved the build, that code cannot load: the words then
// show in a plain card that closes on its timer, instead of the failed import blanking the page.
const ToastCard = lazy(() =>
  import('./toast-card').then(
    (m) => ({ default: m.ToastCard }),
    () => ({ default: PlainToastCard }),
  ),
);

/** Closes a notification once its time is up, the clock held while it is being read. */
export function useDismissAfterTimeout(id: ToastItem['id'], paused: boolean): void {
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, paused]);
}

function PlainToastCard({ item, paused }: { item: ToastItem; paused: boolean }) {
  useDismissAfterTimeout(item.id, paused);
  return (
    <li className="pointer-events-auto flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50">
      <div className="grid min-w-0 flex-1 gap-1 wrap-anywhere">
        <p className="font-semibold">{item.title}</p>
        {item.description ? <p>{item.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="-my-2 -mr-2 min-h-11 shrink-0 rounded-md px-3 font-medium underline md:min-h-9"
      >
        Dismiss
      </button>
    </li>
  );
}

export function Toaster() {
  const items = useToasts().filter((item) => item.open);
  const region = useRef<HTMLOListElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const list = region.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY || event.code === TOAST_HOTKEY) list?.focus();
    };
    // Reading a notification (pointer or focus inside) holds its timer.
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    const onFocusOut = (event: FocusEvent) => {
      if (!list?.contains(event.relatedTarget as Node | null)) resume();
    };
    document.addEventListener('keydown', onKey);
    list?.addEventListener('pointerenter', pause);
    list?.addEventListener('pointerleave', resume);
    list?.addEventListener('focusin', pause);
    list?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      list?.removeEventListener('pointerenter', pause);
      list?.removeEventListener('pointerleave', resume);
      list?.removeEventListener('focusin', pause);
      list?.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <ol
        ref={region}
        tabIndex={-1}
        aria-live="polite"
        className={cx(
          'fixed right-0 bottom-20 z-[100] flex w-full flex-col gap-2 p-4 outline-none md:max-w-[420px] lg:bottom-0',
          items.length === 0 && 'pointer-events-none',
        )}
      >
        {items.length > 0 ? (
          <Suspense fallback={null}>
            {items.map((item) => (
              <ToastCard key={item.id} item={item} paused={paused} />
            ))}
          </Suspense>
        ) : null}
      </ol>
    </section>
  );
}
