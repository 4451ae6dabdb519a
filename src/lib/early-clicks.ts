/**
 * Taps on the prerendered first frame before the app has started. The frame is on screen well
 * before its code has downloaded and run (seconds on a phone with poor signal), and until React
 * adopts it no button has a handler: a manager who taps a tab or a "Show more" then saw nothing
 * happen, and tapped again, or gave up. An inline script in the <head> of the app page notes
 * the buttons tapped in that time; once the page has hydrated, each tap is replayed on the same
 * button, with the events of a real click, so components listening to pointer or mouse down
 * (Radix tabs and menus) see it too.
 *
 * Only `type="button"` buttons are noted: links and form fields already work without the app,
 * and submit buttons stay disabled until it runs (ui/button.tsx). From the moment React starts
 * to adopt the frame it handles taps itself (it hydrates the part tapped first), so the note
 * stops there.
 */

/** The global the inline script leaves its hand-over on. */
const TAKE = '__cgTakeEarlyClicks';

/** Inline in the <head> of index.html (vite-plugin-site); the server hashes it for its CSP. */
export const EARLY_CLICKS_SCRIPT = `(function(){var t=[];function n(e){var b=e.target&&e.target.closest?e.target.closest('button[type="button"]'):null;if(b)t.push(b)}document.addEventListener('click',n,true);window.${TAKE}=function(){document.removeEventListener('click',n,true);return t.splice(0)}})()`;

type Take = () => Element[];

/** Stops noting taps and hands over those noted so far (none without the inline script). */
export function takeEarlyClicks(): HTMLButtonElement[] {
  const take = (window as unknown as Record<string, Take | undefined>)[TAKE];
  if (typeof take !== 'function') return [];
  return take().filter((element) => element instanceof HTMLButtonElement);
}

/** The events a real mouse click sends, in order, on one button. */
function click(button: HTMLButtonElement): void {
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  const init = { bubbles: true, cancelable: true, composed: true, button: 0 };
  button.dispatchEvent(
    new Pointer('pointerdown', { ...init, pointerType: 'mouse', isPrimary: true }),
  );
  button.dispatchEvent(new MouseEvent('mousedown', init));
  button.dispatchEvent(
    new Pointer('pointerup', { ...init, pointerType: 'mouse', isPrimary: true }),
  );
  button.dispatchEvent(new MouseEvent('mouseup', init));
  button.click();
}

/**
 * Replays the noted taps on buttons that are still on screen and enabled. A button the hydration
 * replaced (the frame did not match) is gone from the document and its tap is dropped, rather
 * than guessed onto another.
 */
export function replayEarlyClicks(buttons: readonly HTMLButtonElement[]): number {
  let replayed = 0;
  for (const button of buttons) {
    if (!button.isConnected || button.disabled) continue;
    click(button);
    replayed += 1;
  }
  return replayed;
}
