import { afterEach, describe, expect, it } from 'vitest';
import { focusTrailOf, refocusAfterRemoval } from '../../src/ui/focus-trail';

/** A card with a heading and a list of rows, each with Edit and Delete buttons. */
function card(rows: string[]) {
  document.body.innerHTML = `
    <main id="main" tabindex="-1">
      <section>
        <h2>Upcoming events</h2>
        <div>
          <p>Soonest first.</p>
          <ul>${rows
            .map(
              (row) =>
                `<li><span>${row}</span><button>Edit ${row}</button><button>Delete ${row}</button></li>`,
            )
            .join('')}</ul>
        </div>
      </section>
    </main>`;
}

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('not in the document');
  return value;
}
const button = (name: string) =>
  must([...document.querySelectorAll('button')].find((element) => element.textContent === name));
const row = (name: string) => must(button(`Delete ${name}`).closest('li'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('refocusAfterRemoval', () => {
  it('goes to the row that took the removed one’s place', () => {
    card(['A', 'B', 'C']);
    const trail = must(focusTrailOf(button('Delete B')));
    row('B').remove();
    refocusAfterRemoval(trail);
    expect(document.activeElement).toBe(button('Edit C'));
  });

  it('goes to the row before when the last one went', () => {
    card(['A', 'B']);
    const trail = must(focusTrailOf(button('Delete B')));
    row('B').remove();
    refocusAfterRemoval(trail);
    expect(document.activeElement).toBe(button('Delete A'));
  });

  it('goes to the section’s heading when the whole list went', () => {
    card(['A']);
    const trail = must(focusTrailOf(button('Delete A')));
    must(document.querySelector('ul')).replaceWith(document.createElement('p'));
    refocusAfterRemoval(trail);
    const heading = must(document.querySelector('h2'));
    expect(document.activeElement).toBe(heading);
    // Reachable by script only: it does not join the Tab order.
    expect(heading.tabIndex).toBe(-1);
  });

  it('leaves focus alone when the element is still there, or focus is somewhere already', () => {
    card(['A', 'B']);
    const kept = must(focusTrailOf(button('Delete A')));
    refocusAfterRemoval(kept);
    expect(document.activeElement).toBe(document.body);

    const trail = must(focusTrailOf(button('Delete B')));
    row('B').remove();
    button('Edit A').focus();
    refocusAfterRemoval(trail);
    expect(document.activeElement).toBe(button('Edit A'));
  });

  it('takes focus from a control of the dialog just closed, which the browser has not moved yet', () => {
    card(['A', 'B']);
    const trail = must(focusTrailOf(button('Delete A')));
    const dialog = document.createElement('dialog');
    dialog.innerHTML = '<button>Delete rule</button>';
    document.body.append(dialog);
    must(dialog.querySelector('button')).focus();
    row('A').remove();
    refocusAfterRemoval(trail);
    expect(document.activeElement).toBe(button('Edit B'));
  });

  it('leaves focus to the page when the whole section went (another page)', () => {
    card(['A', 'B']);
    const trail = must(focusTrailOf(button('Delete A')));
    must(document.querySelector('section')).remove();
    refocusAfterRemoval(trail);
    expect(document.activeElement).toBe(document.body);
  });

  it('has no trail for the page body', () => {
    expect(focusTrailOf(document.body)).toBeNull();
    expect(focusTrailOf(null)).toBeNull();
  });
});
