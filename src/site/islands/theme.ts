import { SETTINGS_KEY } from '../../lib/storage-keys';
import { ISLAND, attr } from './dom-contract';

/**
 * The saved settings record with darkMode set, keeping every other saved setting. The app's
 * settings store (src/lib/settings.ts) and the theme boot script read the same record.
 */
export function withDarkMode(saved: string | null, dark: boolean): string {
  let record: Record<string, unknown> = {};
  try {
    const parsed: unknown = saved ? JSON.parse(saved) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      record = parsed as Record<string, unknown>;
    }
  } catch {
    // A damaged record is replaced; the app's loader would reset it the same way.
  }
  return JSON.stringify({ ...record, darkMode: dark });
}

function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

function setTheme(dark: boolean) {
  const html = document.documentElement;
  html.classList.toggle('dark', dark);
  html.style.colorScheme = dark ? 'dark' : 'light';
  try {
    const next = withDarkMode(localStorage.getItem(SETTINGS_KEY), dark);
    localStorage.setItem(SETTINGS_KEY, next);
    // Same-tab listeners (the app's settings store) follow, as they do for other tabs.
    window.dispatchEvent(new StorageEvent('storage', { key: SETTINGS_KEY, newValue: next }));
  } catch {
    // Storage blocked: the theme still changes for this page.
  }
}

/** The theme button only works with script: it is marked data-needs-script (see init.ts). */
export function bindThemeToggles(root: ParentNode, signal: AbortSignal): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(attr(ISLAND.themeToggle))) {
    button.setAttribute('aria-pressed', String(isDark()));
    button.addEventListener(
      'click',
      () => {
        setTheme(!isDark());
        button.setAttribute('aria-pressed', String(isDark()));
      },
      { signal },
    );
  }
}
