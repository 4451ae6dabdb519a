import { vi } from 'vitest';

type Entry = { isIntersecting: boolean };

/**
 * Replaces IntersectionObserver with one the test drives: `intersect(true)` reports the observed
 * element as near the viewport. Undone by `vi.unstubAllGlobals()`.
 */
export function stubIntersectionObserver() {
  let notify: ((entries: Entry[]) => void) | undefined;
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: Entry[]) => void) {
        notify = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  return { intersect: (isIntersecting: boolean) => notify?.([{ isIntersecting }]), disconnect };
}
