import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Scroll positions by history entry, kept for this page session. */
const positions = new Map<string, number>();

/** Frames to wait for a page that is still loading to grow tall enough to restore into. */
const RESTORE_FRAMES = 60;

/**
 * Going to a section starts at its top; Back and Forward return to where the reader was. The
 * browser's own restoration cannot do this for client-side routes (the new page renders after
 * it runs), so it is turned off and done here: positions are recorded as the reader scrolls,
 * and a restore waits (a second at most) for a lazily loaded page to be tall enough. A page
 * that replaces its own URL (a search kept in `?q=`) stays where it is scrolled. The page the
 * visit starts on stays where it is: its prerendered frame is on screen, and scrollable, before
 * the app starts, and a reader who scrolled down to a card meanwhile must not be thrown back to
 * the top when the app adopts the frame.
 */
export function ScrollMemory() {
  const { key, hash, pathname } = useLocation();
  const navigationType = useNavigationType();

  // The entry scroll events belong to: switched before this entry scrolls, so the scroll to the
  // top of a new section is never recorded as the previous section's position.
  const current = useRef(key);
  // The page of the entry before: a replace that keeps it is that page rewriting its own URL.
  const shownPath = useRef(pathname);
  // Until the first layout effect: the entry the visit started on, scrolled by the browser (a
  // #hash) or by the reader, not by us.
  const opening = useRef(true);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const record = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    if (opening.current) {
      opening.current = false;
      positions.set(key, window.scrollY);
      return;
    }
    if (navigationType === 'REPLACE' && samePage) {
      // A search typed into the page (the residents directory's ?q=) or a dialog closed: the
      // reader goes nowhere, and a jump to the top would hide the box they are typing in under
      // a phone's keyboard. Back to this entry later returns here.
      positions.set(key, window.scrollY);
      return;
    }
    if (navigationType !== 'POP') {
      if (!hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.get(key) ?? 0;
    let frame = 0;
    let handle = 0;
    const restore = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      if (room >= target || frame >= RESTORE_FRAMES) {
        window.scrollTo(0, target);
        return;
      }
      frame += 1;
      handle = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(handle);
  }, [key, hash, pathname, navigationType]);

  return null;
}
