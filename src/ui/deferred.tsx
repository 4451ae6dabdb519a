import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNearViewport } from './use-near-viewport';

/** True from the first task after the first paint: never in the prerender or the hydration. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(id);
  }, []);
  return painted;
}

/**
 * Renders `children` after the first paint and once their place comes near the viewport, as an
 * interruptible (time-sliced) update, so the content below the fold never holds up the first
 * screen; lazy children (React.lazy) load their code only then. Until they show, a box of
 * `minHeight` keeps the layout from jumping. `eager`: the reader asked for this content (a link
 * to it), so it renders once the page has painted, wherever it is.
 */
export function Deferred({
  children,
  minHeight,
  eager = false,
}: {
  children: ReactNode;
  minHeight: string;
  eager?: boolean;
}) {
  const painted = usePainted();
  const [ready, setReady] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  useEffect(() => {
    if (painted && (near || eager)) startTransition(() => setReady(true));
  }, [painted, near, eager]);
  const placeholder = <div ref={box} aria-hidden="true" style={{ minHeight }} />;
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/**
 * Renders `children` (nothing visible: data subscriptions) once the page has painted, so their
 * code, lazily imported, never holds up the first screen.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return usePainted() ? <Suspense fallback={null}>{children}</Suspense> : null;
}
