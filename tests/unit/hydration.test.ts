import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HydrationModule from '../../src/lib/hydration';

type Hydration = typeof HydrationModule;

/** A fresh copy of the module: its state is the one boot of one page. */
async function freshHydration(): Promise<Hydration> {
  vi.resetModules();
  return import('../../src/lib/hydration');
}

function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  return Promise.resolve()
    .then(() => undefined)
    .then(() => done);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  performance.clearMarks();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hydration of the prerendered frame', () => {
  it('marks the page hydrated and resolves both waits when its boundary reports', async () => {
    const hydration = await freshHydration();
    hydration.expectHydration();
    expect(hydration.isHydrating()).toBe(true);
    expect(await settled(hydration.whenPageHydrated())).toBe(false);

    hydration.pageHydrated();

    expect(hydration.isHydrating()).toBe(false);
    expect(await settled(hydration.whenHydrated())).toBe(true);
    expect(await settled(hydration.whenPageHydrated())).toBe(true);
    expect(performance.getEntriesByName('cg:hydrated')).toHaveLength(1);
  });

  it('lets data go after the wait limit but never reports a page that has not hydrated', async () => {
    const hydration = await freshHydration();
    hydration.expectHydration();

    await vi.advanceTimersByTimeAsync(3000);

    expect(await settled(hydration.whenHydrated())).toBe(true);
    expect(await settled(hydration.whenPageHydrated())).toBe(false);
    expect(performance.getEntriesByName('cg:hydrated')).toHaveLength(0);

    // The page hydrates late (a slow phone): then it is marked, once.
    hydration.pageHydrated();
    hydration.pageHydrated();
    expect(await settled(hydration.whenPageHydrated())).toBe(true);
    expect(performance.getEntriesByName('cg:hydrated')).toHaveLength(1);
  });

  it('waits for nothing when no frame was prerendered', async () => {
    const hydration = await freshHydration();
    expect(await settled(hydration.whenHydrated())).toBe(true);
    expect(await settled(hydration.whenPageHydrated())).toBe(true);
    hydration.pageHydrated();
    expect(performance.getEntriesByName('cg:hydrated')).toHaveLength(0);
  });
});
