import { toast } from '../ui/toast';
import { TIMED_OUT } from '../api/persist';

/*
 * The words of the storage notice (storage-notice.ts), loaded only when IndexedDB fails: most
 * devices never need them, and the dashboard's first load is the tighter budget.
 */

/** Why the device keeps no offline copies, from what the storage threw (persist.ts). */
export function describeStorageError(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'QuotaExceededError') {
    return 'the device storage is full';
  }
  if (error instanceof Error && error.message === TIMED_OUT) {
    return 'the browser did not open its storage';
  }
  if (typeof indexedDB === 'undefined') return 'this browser has no IndexedDB';
  return 'the browser refused access to its storage';
}

export function showStorageUnavailable(error: unknown) {
  toast({
    title: 'Offline copies are unavailable',
    description: `Data cannot be saved on this device (${describeStorageError(error)}). The app works, but needs a connection to show numbers.`,
    tone: 'error',
  });
}
