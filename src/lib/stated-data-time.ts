import { useSyncExternalStore } from 'react';

/**
 * When the data the connection banner speaks of was saved ("showing data saved 5 minutes ago"),
 * while the banner shows; null otherwise. Offline the app says so once: a card whose saved copy
 * is that old adds nothing, and only a card holding an older copy states its own age.
 */
let stated: number | null = null;
const listeners = new Set<() => void>();

export function stateDataTime(at: number | null): void {
  if (stated === at) return;
  stated = at;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useStatedDataTime(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => stated,
    () => null,
  );
}

/** A copy saved within this of the banner's time is the copy the banner speaks of. */
const SAME_COPY_MS = 60_000;

/** Whether a card's saved copy (fetched at `updatedAt`) needs its own age said. */
export function needsOwnAge(updatedAt: number, statedAt: number | null): boolean {
  return statedAt === null || statedAt - updatedAt >= SAME_COPY_MS;
}
