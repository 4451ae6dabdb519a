import { useCallback, useState, useSyncExternalStore } from 'react';

/** Stored choices change only through this hook's own setter: nothing to subscribe to. */
const subscribeNothing = () => () => undefined;

/**
 * A UI choice remembered on the device (e.g. the dashboard's date range). Unreadable or unknown
 * stored values fall back to the default; a storage that refuses writes keeps the choice for the
 * session only. The prerendered first frame shows the default, and so does the render that
 * hydrates it (React's server snapshot); the stored choice follows at once.
 */
export function usePersistentChoice<T extends string | number>(
  key: string,
  options: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const stored = useSyncExternalStore(
    subscribeNothing,
    () => readChoice(key, options, fallback),
    () => fallback,
  );
  const [chosen, setChosen] = useState<T | null>(null);
  const update = useCallback(
    (next: T) => {
      setChosen(next);
      writeChoice(key, next);
    },
    [key],
  );
  return [chosen ?? stored, update];
}

/** Remembers a choice for the next visit; a storage that refuses writes is not an error. */
export function writeChoice<T extends string | number>(key: string, value: T) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the choice still applies for this session.
  }
}

export function readChoice<T extends string | number>(
  key: string,
  options: readonly T[],
  fallback: T,
): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return options.find((option) => option === parsed) ?? fallback;
  } catch {
    return fallback;
  }
}
