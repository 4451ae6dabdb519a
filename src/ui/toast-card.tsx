import { useRef, useState, type PointerEvent } from 'react';
import { cx } from '../lib/cx';
import { PageIcon } from './page-icons';
import {
  dismissToast,
  TOAST_SWIPE_THRESHOLD_PX,
  useDismissAfterTimeout,
  type ToastItem,
} from './toast';

/** One notification: its words, a close button, a timer and a swipe to dismiss. */
export function ToastCard({ item, paused }: { item: ToastItem; paused: boolean }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);

  useDismissAfterTimeout(item.id, paused);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <li
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      className={cx(
        'pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-12 shadow-lg',
        item.tone === 'error'
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50',
      )}
    >
      {/* A name in the words may be 100 characters without a space ("Network server deleted",
          then its name): it wraps inside the card rather than run off the screen. */}
      <div className="grid min-w-0 gap-1 wrap-anywhere">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
        className="absolute top-1 right-1 inline-flex h-11 w-11 items-center justify-center rounded-md opacity-70 hover:opacity-100 md:h-9 md:w-9"
      >
        <PageIcon name="close" className="h-4 w-4" />
      </button>
    </li>
  );
}
