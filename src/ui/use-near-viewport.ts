import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on. Heavy content
 * below the fold (the uPlot chart on a phone) waits for it, so the first screen loads only what
 * it shows. Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
