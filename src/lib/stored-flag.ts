/**
 * A flag kept in localStorage across reloads, set with the time it was raised. A blocked or full
 * storage reads as unset and ignores writes: callers say what that costs them.
 */
export function readStoredFlag(key: string): boolean {
  // Any stored value is raised (NaN too: a value of another shape); only none reads as 0.
  return storedFlagTime(key) !== 0;
}

export function writeStoredFlag(key: string, raised: boolean): void {
  try {
    if (raised) localStorage.setItem(key, String(Date.now()));
    else localStorage.removeItem(key);
  } catch {
    // Blocked or full: see readStoredFlag.
  }
}

/** When the flag was last raised (ms since the epoch), or 0 when unset or unreadable. */
export function storedFlagTime(key: string): number {
  try {
    return Number(localStorage.getItem(key));
  } catch {
    return 0;
  }
}
