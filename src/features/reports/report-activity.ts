import { useCallback, useState } from 'react';
import { REPORTS_ACTIVITY_KEY } from '../../lib/storage-keys';

/**
 * What this device has done with reports, counted as it happens (the Reports page's tiles): no
 * figure is shown that the device did not count itself.
 */
export type ReportActivity = { generated: number; downloads: number };

const EMPTY: ReportActivity = { generated: 0, downloads: 0 };

export function readActivity(): ReportActivity {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(REPORTS_ACTIVITY_KEY) ?? 'null');
    if (raw && typeof raw === 'object') {
      const { generated, downloads } = raw as Partial<Record<keyof ReportActivity, unknown>>;
      return {
        generated: typeof generated === 'number' && generated >= 0 ? Math.floor(generated) : 0,
        downloads: typeof downloads === 'number' && downloads >= 0 ? Math.floor(downloads) : 0,
      };
    }
  } catch {
    // Unreadable or blocked storage counts as nothing done yet.
  }
  return EMPTY;
}

/** The counts, and a way to add one of each kind (saved on the device). */
export function useReportActivity() {
  const [activity, setActivity] = useState(readActivity);
  const count = useCallback((what: keyof ReportActivity) => {
    const next = { ...readActivity(), [what]: readActivity()[what] + 1 };
    try {
      localStorage.setItem(REPORTS_ACTIVITY_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the count still shows for this visit.
    }
    setActivity(next);
  }, []);
  return [activity, count] as const;
}
