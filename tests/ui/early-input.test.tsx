import { afterEach, describe, expect, it } from 'vitest';
import { act, useState, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  EARLY_INPUT_SCRIPT,
  replayEarlyInput,
  takeEarlyInput,
  type EarlyInput,
} from '../../src/lib/early-input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../src/ui/tabs';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Periods() {
  const [period, setPeriod] = useState('month');
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <>
      <label>
        Report period
        <select value={period} onChange={(event) => setPeriod(event.target.value)}>
          <option value="week">Last Week</option>
          <option value="month">Last Month</option>
          <option value="quarter">Last Quarter</option>
        </select>
      </label>
      <button type="button" onClick={() => setOpened(period)}>
        Preview
      </button>
      <p>Opened: {opened ?? 'none'}</p>
    </>
  );
}

function Sections() {
  const [tab, setTab] = useState('general');
  const [shown, setShown] = useState(0);
  return (
    <>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Sections">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
        </TabsList>
        <TabsContent value="general">The general section</TabsContent>
        <TabsContent value="integrations">The integrations section</TabsContent>
      </Tabs>
      <button type="button" onClick={() => setShown((n) => n + 1)}>
        Show more ({shown})
      </button>
      <a href="#elsewhere">Elsewhere</a>
    </>
  );
}

/** The prerendered frame, with the inline script of index.html already run. */
function frame(page = <Sections />): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  new Function(EARLY_INPUT_SCRIPT)();
  return container;
}

function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((b) =>
    b.textContent?.startsWith(name),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const selected = (container: HTMLElement) =>
  container.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

/** Lets React adopt the frame, then replays what was noted on it; how many were replayed. */
async function hydrateAndReplay(
  container: HTMLElement,
  page: ReactElement,
  early: EarlyInput[],
): Promise<number> {
  await act(async () => {
    hydrateRoot(container, page);
  });
  let replayed = 0;
  await act(async () => {
    replayed = replayEarlyInput(early);
  });
  return replayed;
}

afterEach(() => {
  takeEarlyInput();
  document.body.replaceChildren();
});

describe('taps on the frame before the app has started', () => {
  it('reach no handler on their own: without the replay the tab stays where it was', async () => {
    const container = frame();
    button(container, 'Integrations').click();
    await act(async () => {
      hydrateRoot(container, <Sections />);
    });
    expect(selected(container)).toBe('General');
  });

  it('are replayed once the page has hydrated, in order, with the events of a real click', async () => {
    const container = frame();
    button(container, 'Integrations').click();
    button(container, 'Show more').click();
    button(container, 'Show more').click();
    container.querySelector('a')?.click();
    const early = takeEarlyInput();
    expect(early.map((input) => input.element.textContent)).toEqual([
      'Integrations',
      'Show more (0)',
      'Show more (0)',
    ]);

    expect(await hydrateAndReplay(container, <Sections />, early)).toBe(3);

    // The Radix tab switches on mouse down, not on click: it saw the whole click.
    expect(selected(container)).toBe('Integrations');
    expect(container.textContent).toContain('The integrations section');
    expect(button(container, 'Show more').textContent).toBe('Show more (2)');
  });

  it('stop being noted when they are handed over, and a button gone from the page is skipped', async () => {
    const container = frame();
    const integrations = button(container, 'Integrations');
    integrations.click();
    const early = takeEarlyInput();
    button(container, 'Show more').click();
    expect(takeEarlyInput()).toEqual([]);

    integrations.remove();
    expect(replayEarlyInput(early)).toBe(0);
  });

  it('keep a choice made in a select, and the tap after it sees that choice', async () => {
    const container = frame(<Periods />);
    const select = container.querySelector('select');
    if (!select) throw new Error('no select');
    // What the browser does when the reader picks an option.
    select.value = 'quarter';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    button(container, 'Preview').click();
    const early: EarlyInput[] = takeEarlyInput();
    expect(early.map((input) => ('value' in input ? input.value : 'tap'))).toEqual([
      'quarter',
      'tap',
    ]);

    // The app still holds its own value (Chromium's hydration also puts it back on screen).
    expect(await hydrateAndReplay(container, <Periods />, early)).toBe(2);
    expect(select.value).toBe('quarter');
    expect(container.textContent).toContain('Opened: quarter');
  });

  it('are none when the page has no inline script', () => {
    expect(takeEarlyInput()).toEqual([]);
  });
});
