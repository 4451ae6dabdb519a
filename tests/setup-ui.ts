import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '../mocks/node';
import { resetConnectivityForTests } from '../src/lib/connectivity';
import { resetSettingsForTests } from '../src/lib/settings';
import { resetToastsForTests } from '../src/ui/toast';

// uPlot draws on a canvas, which jsdom lacks: the lazy chart module is replaced everywhere by a
// stand-in that reports how many points it was given, and how many lines have a value to draw.
// The data shaping and the table view are real and tested; the real chart runs in the browser
// tests and `npm run bench`.
vi.mock('../src/ui/charts/usage-chart', () => ({
  UsageChart: ({ data }: { data: { times: number[]; columns: (number | null)[][] } }) =>
    createElement('div', {
      'data-testid': 'usage-chart',
      'data-points': data.times.length,
      'data-lines': data.columns.slice(1).filter((column) => column.some((v) => v !== null)).length,
    }),
}));

// find* and waitFor wait for a condition, never for a time: the limit is only when to give up.
// Testing-library's 1 s is less than a page render takes on a busy machine (CI, a CPU hog).
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  resetSettingsForTests();
  resetToastsForTests();
  resetConnectivityForTests();
  document.documentElement.className = '';
});
afterAll(() => server.close());

// jsdom has no matchMedia or ResizeObserver; the app uses both.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
// Radix uses pointer capture for swipe gestures; jsdom has none.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}
// jsdom has <dialog> but not its modal methods.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
