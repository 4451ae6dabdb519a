import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  EARLY_CLICKS_SCRIPT,
  replayEarlyClicks,
  takeEarlyClicks,
} from '../../src/lib/early-clicks';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../src/ui/tabs';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
function frame(): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Sections />);
  document.body.append(container);
  new Function(EARLY_CLICKS_SCRIPT)();
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

afterEach(() => {
  takeEarlyClicks();
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
    const early = takeEarlyClicks();
    expect(early.map((b) => b.textContent)).toEqual([
      'Integrations',
      'Show more (0)',
      'Show more (0)',
    ]);

    await act(async () => {
      hydrateRoot(container, <Sections />);
    });
    await act(async () => {
      expect(replayEarlyClicks(early)).toBe(3);
    });

    // The Radix tab switches on mouse down, not on click: it saw the whole click.
    expect(selected(container)).toBe('Integrations');
    expect(container.textContent).toContain('The integrations section');
    expect(button(container, 'Show more').textContent).toBe('Show more (2)');
  });

  it('stop being noted when they are handed over, and a button gone from the page is skipped', async () => {
    const container = frame();
    const integrations = button(container, 'Integrations');
    integrations.click();
    const early = takeEarlyClicks();
    button(container, 'Show more').click();
    expect(takeEarlyClicks()).toEqual([]);

    integrations.remove();
    expect(replayEarlyClicks(early)).toBe(0);
  });

  it('are none when the page has no inline script', () => {
    expect(takeEarlyClicks()).toEqual([]);
  });
});
