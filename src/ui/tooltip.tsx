import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/**
 * Tooltips with the behaviour of spec sections 4 and 9 (the constants are Radix Tooltip's): open
 * on hover or keyboard focus after 700 ms; within 300 ms of one closing, the next opens at once;
 * close on pointer leave, press, click, blur, an ancestor's scroll or Escape. Written here
 * instead of Radix (with floating-ui, ~18 KB gzip) because the dashboard has a 150 KB JS budget.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_SIDE_OFFSET_PX = 4;
const VIEWPORT_MARGIN_PX = 8;

const LastClosed = createContext<RefObject<number>>({ current: Number.NEGATIVE_INFINITY });

export function TooltipProvider({ children }: { children: ReactNode }) {
  const lastClosedRef = useRef(Number.NEGATIVE_INFINITY);
  return <LastClosed.Provider value={lastClosedRef}>{children}</LastClosed.Provider>;
}

/**
 * Spread `triggerProps` on one focusable element and render `tip` next to it. While open the tip
 * describes the trigger (aria-describedby).
 */
export function useTooltip<T extends HTMLElement>(content: ReactNode) {
  const lastClosedRef = useContext(LastClosed);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchor = useRef<T>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  const id = useId();

  const show = () => {
    clearTimeout(timer.current);
    if (performance.now() - lastClosedRef.current < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (open) lastClosedRef.current = performance.now();
    setOpen(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      lastClosedRef.current = performance.now();
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && event.target.contains(anchor.current)) close();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open, lastClosedRef]);

  // Below the trigger, kept inside the viewport so it never causes sideways scrolling.
  // Only while open: measuring forces a layout, and every trigger on a page runs this on mount.
  useLayoutEffect(() => {
    if (!open) return;
    const box = anchor.current?.getBoundingClientRect();
    const el = tipRef.current;
    if (!box || !el) return;
    const width = el.offsetWidth;
    const centred = box.left + box.width / 2 - width / 2;
    const left = Math.min(centred, window.innerWidth - width - VIEWPORT_MARGIN_PX);
    el.style.left = `${Math.max(VIEWPORT_MARGIN_PX, left)}px`;
    el.style.top = `${box.bottom + TOOLTIP_SIDE_OFFSET_PX}px`;
  }, [open]);

  return {
    triggerProps: {
      ref: anchor,
      'aria-describedby': open ? id : undefined,
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType !== 'touch') show();
      },
      onPointerLeave: hide,
      onPointerDown: hide,
      onFocus: show,
      onBlur: hide,
    },
    tip: open ? (
      <span
        ref={tipRef}
        id={id}
        role="tooltip"
        className="fixed z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md dark:bg-slate-100 dark:text-slate-900"
      >
        {content}
      </span>
    ) : null,
  };
}
