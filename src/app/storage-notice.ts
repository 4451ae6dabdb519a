import { toast } from '../ui/toast';

/** Said once per session when IndexedDB is missing, blocked or full. */
export function announceStorageUnavailable(reason: string) {
  toast({
    title: 'Offline copies are unavailable',
    description: `Data cannot be saved on this device (${reason}). The app works, but needs a connection to show numbers.`,
    tone: 'error',
  });
}
