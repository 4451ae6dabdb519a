import { ISLAND, attr } from './dom-contract';

/**
 * The phone menu is a <details> disclosure, so it opens without any script. The island adds
 * what a menu button is expected to do: close on Escape (focus back on the button), on a click
 * outside, and after a link inside it is chosen.
 */
export function bindMenus(root: ParentNode, signal: AbortSignal): void {
  for (const menu of root.querySelectorAll<HTMLDetailsElement>(attr(ISLAND.menu))) {
    const summary = menu.querySelector('summary');
    menu.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape' || !menu.open) return;
        menu.open = false;
        summary?.focus();
      },
      { signal },
    );
    menu.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof Element && event.target.closest('a')) menu.open = false;
      },
      { signal },
    );
    document.addEventListener(
      'click',
      (event) => {
        if (menu.open && event.target instanceof Node && !menu.contains(event.target)) {
          menu.open = false;
        }
      },
      { signal },
    );
  }
}
