import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRIPTS_AFTER_PAINT, SCRIPTS_TEMPLATE_ID } from '../../src/lib/scripts-after-paint';

/** What the script put into the <head>: the template's copies, in order. */
let started: string[];
/** The callback waiting for the next frame, if any. */
let nextFrame: (() => void) | undefined;
let visibilityChange: (() => void) | undefined;

function stubDocument({ hidden = false, template = true } = {}) {
  const content = { cloneNode: (deep: boolean) => (deep ? 'the scripts' : 'an empty copy') };
  vi.stubGlobal('document', {
    visibilityState: hidden ? 'hidden' : 'visible',
    getElementById: (id: string) => (template && id === SCRIPTS_TEMPLATE_ID ? { content } : null),
    head: { appendChild: (node: string) => started.push(node) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') visibilityChange = listener;
    },
  });
}

const run = () => new Function(SCRIPTS_AFTER_PAINT)();

beforeEach(() => {
  started = [];
  nextFrame = undefined;
  visibilityChange = undefined;
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    nextFrame = callback;
    return 1;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the app page starting its scripts after its first paint', () => {
  it('starts nothing while the frame waits to paint, then all of them once, after that frame', () => {
    stubDocument();
    run();
    vi.runAllTimers();
    expect(started).toEqual([]);
    // The frame callback runs before that frame paints; the scripts start in the task after it.
    nextFrame?.();
    expect(started).toEqual([]);
    vi.runAllTimers();
    expect(started).toEqual(['the scripts']);
    visibilityChange?.();
    expect(started).toEqual(['the scripts']);
  });

  it('starts them at once in a hidden tab, which paints no frames', () => {
    stubDocument({ hidden: true });
    run();
    expect(started).toEqual(['the scripts']);
  });

  it('starts them when the tab is hidden before its first frame', () => {
    stubDocument();
    run();
    visibilityChange?.();
    expect(started).toEqual(['the scripts']);
    nextFrame?.();
    vi.runAllTimers();
    expect(started).toEqual(['the scripts']);
  });

  it('starts them at once where frames cannot be asked for', () => {
    stubDocument();
    vi.stubGlobal('requestAnimationFrame', undefined);
    run();
    expect(started).toEqual(['the scripts']);
  });

  it('does nothing on a page without the template', () => {
    stubDocument({ template: false });
    run();
    nextFrame?.();
    vi.runAllTimers();
    expect(started).toEqual([]);
  });
});
