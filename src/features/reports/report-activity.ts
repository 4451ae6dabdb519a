import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { REPORTS_ACTIVITY_KEY } from '../../lib/storage-keys';

/**
 * What this device has done with reports, counted as it happens (the Reports page's tiles): no
 * figure is shown that the device did not count itself.
 */
export type ReportActivity = { generated: number; downloads: number };

const EMPTY: ReportActivity = { generated: 0, downloads: 0 };

/** The stored counts as text (stable between reads, as useSyncExternalStore needs); null if none. */
function readStored(): string | null {
  try {
    return localStorage.getItem(REPORTS_ACTIVITY_KEY);
  } catch {
    return null;
  }
}

function parseActivity(stored: string | null): ReportActivity {
  try {
    const raw: unknown = JSON.parse(stored ?? 'null');
    if (raw && typeof raw === 'object') {
      const { generated, downloads } = raw as Partial<Record<keyof ReportActivity, unknown>>;
      return {
        generated: typeof generated === 'number' && generated >= 0 ? Math.floor(generated) : 0,
        downloads: typeof downloads === 'number' && downloads >= 0 ? Math.floor(downloads) : 0,
      };
    }
  } catch {
    // Unreadable storage counts as nothing done yet.
  }
  return EMPTY;
}

export function readActivity(): ReportActivity {
  return parseActivity(readStored());
}

/** Stored counts change only through this hook's own setter: nothing to subscribe to. */
const subscribeNothing = () => () => undefined;

/**
 * The counts, and a way to add one of each kind (saved on the device). The prerendered first
 * frame shows no activity, and so does the render that adopts it (React's server snapshot), or
 * React would throw the frame away; the stored counts follow at once.
 */
export function useReportActivity() {
  const stored = useSyncExternalStore(subscribeNothing, readStored, () => null);
  const fromStorage = useMemo(() => parseActivity(stored), [stored]);
  const [counted, setCounted] = useState<ReportActivity | null>(null);
  const count = useCallback((what: keyof ReportActivity) => {
    const before = readActivity();
    const next = { ...before, [what]: before[what] + 1 };
    try {
      localStorage.setItem(REPORTS_ACTIVITY_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the count still shows for this visit.
    }
    setCounted(next);
  }, []);
  return [counted ?? fromStorage, count] as const;
}
