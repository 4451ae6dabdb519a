import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` after the first paint, as an interruptible (time-sliced) update, so the
 * content below the fold never holds up the first screen. Until then a box of `minHeight` keeps
 * the layout from jumping.
 */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(id);
  }, []);
  return ready ? <>{children}</> : <div aria-hidden="true" style={{ minHeight }} />;
}
