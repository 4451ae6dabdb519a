/**
 * Where focus was when a dialog opened: the element, and each ancestor up to the body with the
 * place (child index) of the branch that led to it.
 */
export type FocusTrail = {
  element: HTMLElement;
  path: readonly { node: HTMLElement; index: number }[];
};

export function focusTrailOf(element: Element | null): FocusTrail | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const path: { node: HTMLElement; index: number }[] = [];
  let child: HTMLElement = element;
  while (child.parentElement && child !== document.body) {
    const parent = child.parentElement;
    path.push({ node: parent, index: Array.prototype.indexOf.call(parent.children, child) });
    child = parent;
  }
  return { element, path };
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function focusables(element: Element | undefined): HTMLElement[] {
  if (!element) return [];
  const inside = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
  return element instanceof HTMLElement && element.matches(FOCUSABLE)
    ? [element, ...inside]
    : inside;
}

/**
 * Focus for when the element a closed dialog gives focus back to went with its row (a plan
 * deleted or recorded as held, a rule deleted): the nearest thing still there, instead of the
 * page's body, from where a keyboard or screen reader user starts again at the top. In the
 * closest container still on the page: what now stands in the removed branch's place (the next
 * row), else what stood before it (the previous row), else the heading of the section it was in.
 * Nothing is done while the element is still there, when focus is elsewhere already, or when the
 * section (card) it was in went as well.
 */
export function refocusAfterRemoval(trail: FocusTrail): void {
  if (trail.element.isConnected) return;
  // Lost focus: on the body, or still on a control of the dialog just closed (until the browser
  // notices that it is hidden).
  const active = document.activeElement;
  if (active !== null && active !== document.body && !active.closest('dialog:not([open])')) return;
  const kept = trail.path.find(({ node }) => node.isConnected);
  // Its whole card or section went too (another page): the page's own focus handling decides.
  if (!kept?.node.closest('section')) return;
  const { node, index } = kept;
  const target =
    focusables(node.children[index])[0] ??
    focusables(node.children[index - 1]).at(-1) ??
    sectionHeading(node);
  target?.focus();
}

/** The heading of the section (or card) around `node`, made focusable from script only. */
function sectionHeading(node: HTMLElement): HTMLElement | null {
  const heading = node.closest('section')?.querySelector<HTMLElement>('h1, h2, h3, h4') ?? null;
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}
