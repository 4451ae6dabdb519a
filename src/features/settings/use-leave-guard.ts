import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Where the user tried to go while there were unsaved edits. */
export type PendingLeave = { kind: 'link'; to: string } | { kind: 'history'; delta: number };

/**
 * Asks before unsaved edits are thrown away. The app uses a declarative <BrowserRouter>, where
 * react-router's useBlocker is not available, so the three ways out are caught here:
 * - reload, closing the tab, typing a URL: the browser's own beforeunload prompt;
 * - in-app links (sidebar, bottom bar, More sheet, page links): a capture-phase click listener
 *   stops the click before the router sees it;
 * - Back and Forward: the Navigation API's navigate event cancels the traversal before it
 *   happens, where the browser has it (elsewhere Back leaves without asking).
 * The caller shows a dialog for `pending` and calls `stay` or `leave`.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const dirtyRef = useRef(dirty);
  const here = `${pathname}${search}`;

  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      // Other sites are covered by beforeunload; a link to this very page loses nothing.
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}`;
      if (to === here) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to: `${to}${url.hash}` });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [here]);

  useEffect(() => {
    const navigation = browserNavigation();
    if (!dirty || !navigation) return;
    const onNavigate = (event: Event) => {
      const { navigationType, destination } = event as NavigateEventLike;
      if (!dirtyRef.current || navigationType !== 'traverse' || !event.cancelable) return;
      const from = navigation.currentEntry?.index;
      event.preventDefault();
      setPending({
        kind: 'history',
        delta: from === undefined || destination.index < 0 ? -1 : destination.index - from,
      });
    };
    navigation.addEventListener('navigate', onNavigate);
    return () => navigation.removeEventListener('navigate', onNavigate);
  }, [dirty]);

  return {
    pending,
    stay: () => setPending(null),
    /** Discards (the caller's `discard`) and then goes where the user wanted to go. */
    leave: (discard: () => void) => {
      const target = pending;
      setPending(null);
      discard();
      // Let this one step through at once; the effects catch up after the re-render.
      dirtyRef.current = false;
      if (target?.kind === 'link') navigate(target.to);
      else if (target?.kind === 'history') window.history.go(target.delta);
    },
  };
}

/**
 * The Navigation API (Chromium, recent Firefox and Safari), the one way to stop Back and Forward
 * before they happen: its navigate event fires first and a traversal can be cancelled. The
 * router's popstate listener is registered before any page's, so popstate cannot be used.
 * TypeScript's DOM types do not include it yet; these are the few members used.
 */
type NavigateEventLike = Event & { navigationType: string; destination: { index: number } };
type NavigationLike = EventTarget & { currentEntry: { index: number } | null };

function browserNavigation(): NavigationLike | undefined {
  return (window as Window & { navigation?: NavigationLike }).navigation;
}
