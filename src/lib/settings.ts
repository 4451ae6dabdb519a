import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { DEFAULT_VIEW_IDS } from './app-pages';
import { SETTINGS_KEY } from './storage-keys';

/**
 * Device settings (spec section 2, Settings): this person's preferences on this device (theme,
 * auto-refresh, start page). Stored in localStorage so the first paint can read the theme
 * synchronously (see src/lib/theme-boot.ts, which reads `darkMode` from the same key). The
 * community's name, code, address, time zone and currency are not here: they are the community
 * profile, stored on the server for every user (src/api/community.ts). Older records that still
 * hold them load fine; the extra keys are dropped.
 */
export { SETTINGS_KEY };

export const SettingsSchema = z.object({
  autoRefresh: z.boolean(),
  darkMode: z.boolean(),
  defaultView: z.enum(DEFAULT_VIEW_IDS),
  emailDailyUsage: z.boolean(),
  emailAmySuggestions: z.boolean(),
  emailCapacityAlerts: z.boolean(),
  emailMaintenance: z.boolean(),
  pushRealtimeAlerts: z.boolean(),
  pushEventReminders: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function defaultSettings(): Settings {
  return {
    autoRefresh: true,
    darkMode: prefersDark(),
    defaultView: 'overview',
    emailDailyUsage: true,
    emailAmySuggestions: true,
    emailCapacityAlerts: true,
    emailMaintenance: false,
    pushRealtimeAlerts: true,
    pushEventReminders: true,
  };
}

export type SettingsLoad = { settings: Settings; problem: string | null };

/** Reads the saved record; anything unreadable falls back to the defaults with a reason. */
export function loadSettings(storage: Storage | undefined = safeLocalStorage()): SettingsLoad {
  const defaults = defaultSettings();
  if (!storage) return { settings: defaults, problem: null };
  let raw: string | null;
  try {
    raw = storage.getItem(SETTINGS_KEY);
  } catch {
    return { settings: defaults, problem: 'Saved settings could not be read on this device.' };
  }
  if (raw === null) return { settings: defaults, problem: null };
  try {
    const saved: unknown = JSON.parse(raw);
    // Only an object is a settings record ("null", a string or a list is damage, not settings).
    if (saved !== null && typeof saved === 'object' && !Array.isArray(saved)) {
      const parsed = SettingsSchema.safeParse({ ...defaults, ...saved });
      if (parsed.success) return { settings: parsed.data, problem: null };
    }
  } catch {
    // fall through to the notice below
  }
  return {
    settings: defaults,
    problem: 'Your saved settings were damaged and have been reset to the defaults.',
  };
}

/** Said once at start, and on Settings, when this device keeps no preferences. */
export const PREFERENCES_NOT_KEPT =
  'This browser does not let CommonGround keep your settings and choices (its storage is blocked or full): they go back to their defaults when the app reloads.';

/** Whether what is written to localStorage stays: false when it is blocked or full. */
export function preferencesKept(storage: Storage | undefined = safeLocalStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem('cg-storage-check', '1');
    storage.removeItem('cg-storage-check');
    return true;
  } catch {
    return false;
  }
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let initial: SettingsLoad | null = null;
let current: Settings | null = null;

function ensureLoaded(): Settings {
  if (!current) {
    initial = loadSettings();
    current = initial.settings;
  }
  return current;
}

/** The reason the saved settings could not be used at start-up, if any (shown once). */
export function settingsLoadProblem(): string | null {
  ensureLoaded();
  return initial?.problem ?? null;
}

export function getSettings(): Settings {
  return ensureLoaded();
}

/** Makes `next` the settings in use on this page (src/lib/save-settings.ts stores them first). */
export function setCurrent(next: Settings) {
  current = next;
  applyTheme(next.darkMode);
  listeners.forEach((listener) => listener());
}

export function applyTheme(dark: boolean) {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab saved: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === SETTINGS_KEY) setCurrent(loadSettings().settings);
  });
}

/**
 * What the prerendered first frame was rendered with (no storage, no media queries at build
 * time), so the render that hydrates it matches; the device's settings follow at once.
 */
const FIRST_FRAME_SETTINGS: Settings = { ...defaultSettings(), darkMode: false };

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, () => FIRST_FRAME_SETTINGS);
}

/** For tests: forget the in-memory copy so the next read loads from storage again. */
export function resetSettingsForTests() {
  current = null;
  initial = null;
}
