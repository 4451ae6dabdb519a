/**
 * Said once per session when IndexedDB is missing, blocked or full (persist.ts); its words load
 * then (storage-unavailable.ts, in the page helpers' chunk: vite.config.ts, PAGE_HELPERS).
 */
export function announceStorageUnavailable(error: unknown) {
  void import('./storage-unavailable').then((m) => m.showStorageUnavailable(error));
}
