import {
  getSettings,
  safeLocalStorage,
  setCurrent,
  SETTINGS_KEY,
  SettingsSchema,
  type Settings,
} from './settings';

/**
 * The record to store when `next` is saved over `before`: the settings the person changed, and
 * those the device had already stored. A setting never chosen stays out, so it keeps its default;
 * above all `darkMode`, whose default follows the system's theme (src/lib/theme-boot.ts): saving
 * "Auto-refresh" must not pin the theme the system had at that moment. Keys that are not
 * settings (an older record's community profile) are dropped.
 */
export function settingsRecordToStore(
  storedRaw: string | null,
  before: Settings,
  next: Settings,
): Partial<Settings> {
  let stored: object = {};
  try {
    const parsed: unknown = JSON.parse(storedRaw ?? '{}');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed;
  } catch {
    // A damaged record holds nothing worth keeping (loadSettings said so at start-up).
  }
  const record: Partial<Settings> = {};
  for (const key of Object.keys(next) as (keyof Settings)[]) {
    if (key in stored || next[key] !== before[key]) Object.assign(record, { [key]: next[key] });
  }
  return record;
}

/** Saves to the device; throws with a readable message when storage refuses. */
export function saveSettings(next: Settings): void {
  const valid = SettingsSchema.parse(next);
  const storage = safeLocalStorage();
  if (!storage) throw new Error('Settings cannot be saved: this browser blocks local storage.');
  try {
    const record = settingsRecordToStore(storage.getItem(SETTINGS_KEY), getSettings(), valid);
    storage.setItem(SETTINGS_KEY, JSON.stringify(record));
  } catch {
    throw new Error('Settings cannot be saved: the device storage is full or blocked.');
  }
  setCurrent(valid);
}
