import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNearViewport } from './use-near-viewport';

/**
 * Renders `children` after the first paint and once their place comes near the viewport, as an
 * interruptible (time-sliced) update, so the content below the fold never holds up the first
 * screen; lazy children (React.lazy) load their code only then. Until they show, a box of
 * `minHeight` keeps the layout from jumping.
 */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const [painted, setPainted] = useState(false);
  const [ready, setReady] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  useEffect(() => {
    const id = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (painted && near) startTransition(() => setReady(true));
  }, [painted, near]);
  const placeholder = <div ref={box} aria-hidden="true" style={{ minHeight }} />;
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
