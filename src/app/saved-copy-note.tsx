import { useEffect, useState } from 'react';
import { useSavedCopyRefreshing } from '../api/newest-data';
import { useConnectivity } from '../lib/connectivity';
import { formatAge } from '../lib/format';
import { useNow } from '../lib/use-now';
import { Icon } from '../ui/icons';

/**
 * Online, saved copies restored from the offline snapshot are being replaced: the note waits this
 * long before it shows. A refresh that answers within it (most do) leaves nothing to flash.
 */
export const SAVED_COPY_NOTE_DELAY_MS = 1000;

/**
 * "Saved copy from … ago · refreshing…", said once for the whole app while a slow refresh replaces
 * restored data, with the age of the oldest copy on screen. It floats over the page: a line
 * under each card pushed the page down when it came and back up when the answers landed.
 */
export function SavedCopyNote() {
  const connectivity = useConnectivity();
  const oldest = useSavedCopyRefreshing();
  // Not online, the connection banner and each card's own note already say so.
  const refreshing = connectivity === 'online' && oldest !== null;
  const shown = useTrueFor(refreshing, SAVED_COPY_NOTE_DELAY_MS);
  const now = useNow(30_000);
  return (
    // Mounted empty, so that assistive technology announces the text when it arrives.
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-[calc(3.5rem+env(safe-area-inset-top))] z-20 flex justify-center px-3 lg:top-3 lg:left-64"
    >
      {shown && oldest !== null ? (
        <p className="flex max-w-full items-center gap-2 rounded-full border border-slate-200 bg-white/95 px-3 py-1.5 text-xs text-slate-700 shadow-md dark:border-slate-700 dark:bg-slate-900/95 dark:text-slate-200">
          <Icon name="offline" className="h-4 w-4 shrink-0" />
          <span className="min-w-0">
            Saved copy from {formatAge(oldest, now)} ago · refreshing…
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** Whether `condition` has held for `ms` without a break (false at once when it stops). */
function useTrueFor(condition: boolean, ms: number): boolean {
  const [since, setSince] = useState<{ condition: boolean; elapsed: boolean }>({
    condition,
    elapsed: false,
  });
  if (since.condition !== condition) setSince({ condition, elapsed: false });
  useEffect(() => {
    if (!condition) return;
    const timer = setTimeout(() => setSince({ condition: true, elapsed: true }), ms);
    return () => clearTimeout(timer);
  }, [condition, ms]);
  return condition && since.condition === condition && since.elapsed;
}
