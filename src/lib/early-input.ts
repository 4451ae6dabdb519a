/**
 * Taps and choices on the prerendered first frame before the app has started. The frame is on
 * screen well before its code has downloaded and run (seconds on a phone with poor signal), and
 * until React adopts it no button has a handler: a manager who taps a tab or a "Show more" then
 * saw nothing happen, and tapped again, or gave up. A choice made in a drop-down (the report
 * period) was worse: the hydration put the select back to the value the app held, and the
 * Preview tapped next opened the wrong period. An inline script in the <head> of the app page
 * notes, in order, the buttons tapped and the values chosen in that time; once the page has
 * hydrated, each is replayed on the same element: a tap with the events of a real click, so
 * components listening to pointer or mouse down (Radix tabs and menus) see it too, a choice as
 * the select's value and its `change` event.
 *
 * Only `type="button"` buttons and selects are noted: links and text fields already work without
 * the app (forms adopt what was typed: ui/use-typed-before-hydration.ts), and submit buttons stay
 * disabled until it runs (ui/button.tsx). From the moment React starts to adopt the frame it
 * handles input itself, so the note stops there.
 */

/** The global the inline script leaves its hand-over on. */
const TAKE = '__cgTakeEarlyInput';

/** Inline in the <head> of index.html (vite-plugin-site); the server hashes it for its CSP. */
export const EARLY_INPUT_SCRIPT = `(function(){var t=[],d=document;function n(e){var b=e.target&&e.target.closest?e.target.closest('button[type="button"]'):null;if(b)t.push({e:b})}function c(e){var s=e.target;if(s&&s.tagName==="SELECT")t.push({e:s,v:s.value})}d.addEventListener('click',n,true);d.addEventListener('change',c,true);window.${TAKE}=function(){d.removeEventListener('click',n,true);d.removeEventListener('change',c,true);return t.splice(0)}})()`;

/** One noted input: a tap on a button, or a value chosen in a select. */
export type EarlyInput =
  { element: HTMLButtonElement } | { element: HTMLSelectElement; value: string };

type Noted = { e?: unknown; v?: unknown };
type Take = () => Noted[];

/** Stops noting input and hands over what was noted so far (none without the inline script). */
export function takeEarlyInput(): EarlyInput[] {
  const take = (window as unknown as Record<string, Take | undefined>)[TAKE];
  if (typeof take !== 'function') return [];
  return take().flatMap(({ e, v }): EarlyInput[] => {
    if (e instanceof HTMLButtonElement) return [{ element: e }];
    if (e instanceof HTMLSelectElement && typeof v === 'string') return [{ element: e, value: v }];
    return [];
  });
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

/** A choice made again: the value, then the `change` event a real choice sends. */
function choose(select: HTMLSelectElement, value: string): boolean {
  if (![...select.options].some((option) => option.value === value)) return false;
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/**
 * Replays the noted input on elements that are still on screen and enabled, in the order it
 * came. An element the hydration replaced (the frame did not match) is gone from the document
 * and its input is dropped, rather than guessed onto another; so is a choice the select no
 * longer offers.
 */
export function replayEarlyInput(inputs: readonly EarlyInput[]): number {
  let replayed = 0;
  for (const input of inputs) {
    const { element } = input;
    if (!element.isConnected || element.disabled) continue;
    if ('value' in input) {
      if (choose(input.element, input.value)) replayed += 1;
    } else {
      click(input.element);
      replayed += 1;
    }
  }
  return replayed;
}
