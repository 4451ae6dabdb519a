import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { DEFAULT_VIEW_IDS } from './app-pages';
import { SETTINGS_KEY } from './storage-keys';

/**
 * Device settings (spec section 2, Settings). Stored in localStorage so the first paint can read
 * the theme synchronously (see src/lib/theme-boot.ts, which reads `darkMode` from the same key).
 */
export { SETTINGS_KEY };

export const TIMEZONES = {
  eastern: { label: 'Eastern Time (ET)', iana: 'America/New_York' },
  central: { label: 'Central Time (CT)', iana: 'America/Chicago' },
  mountain: { label: 'Mountain Time (MT)', iana: 'America/Denver' },
  pacific: { label: 'Pacific Time (PT)', iana: 'America/Los_Angeles' },
} as const;
export type TimezoneId = keyof typeof TIMEZONES;

export const CURRENCIES = ['USD', 'CAD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const SettingsSchema = z.object({
  communityName: z.string().check(z.maxLength(120)),
  communityCode: z.string().check(z.maxLength(40)),
  address: z.string().check(z.maxLength(300)),
  timezone: z.enum(['eastern', 'central', 'mountain', 'pacific']),
  currency: z.enum(CURRENCIES),
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
    communityName: 'Willow Creek Community Association',
    communityCode: 'WCCA-2024',
    address: '1200 Willow Creek Parkway, Irvine, CA 92618',
    timezone: 'pacific',
    currency: 'USD',
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

export type SettingsErrors = Partial<Record<keyof Settings, string>>;

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** The Settings form's checks, with messages that say how to fix the value. */
export function validateSettings(settings: Settings): SettingsErrors {
  const errors: SettingsErrors = {};
  const name = settings.communityName.trim();
  const code = settings.communityCode.trim();
  if (!name) errors.communityName = 'Enter the community name.';
  else if (name.length > 120) errors.communityName = 'Use 120 characters or fewer.';
  if (!code) errors.communityCode = 'Enter the community code.';
  else if (code.length > 40) errors.communityCode = 'Use 40 characters or fewer.';
  else if (!CODE_PATTERN.test(code)) {
    errors.communityCode = 'Use letters, numbers and hyphens only, for example WCCA-2024.';
  }
  if (settings.address.trim().length > 300) errors.address = 'Use 300 characters or fewer.';
  return errors;
}

/** Text fields as they are stored: without stray spaces at either end. */
export function normalizeSettings(settings: Settings): Settings {
  return {
    ...settings,
    communityName: settings.communityName.trim(),
    communityCode: settings.communityCode.trim(),
    address: settings.address.trim(),
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

function safeLocalStorage(): Storage | undefined {
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

/** Saves to the device; throws with a readable message when storage refuses. */
export function saveSettings(next: Settings): void {
  const valid = SettingsSchema.parse(next);
  const storage = safeLocalStorage();
  if (!storage) throw new Error('Settings cannot be saved: this browser blocks local storage.');
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(valid));
  } catch {
    throw new Error('Settings cannot be saved: the device storage is full or blocked.');
  }
  setCurrent(valid);
}

function setCurrent(next: Settings) {
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

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}

/** For tests: forget the in-memory copy so the next read loads from storage again. */
export function resetSettingsForTests() {
  current = null;
  initial = null;
}
