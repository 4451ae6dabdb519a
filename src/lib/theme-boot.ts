import { SETTINGS_KEY } from './storage-keys';

/**
 * Inline script placed in the <head> of every HTML page, before any stylesheet paints, so the
 * first frame is already in the saved theme (no flash). Kept tiny; the server hashes it for CSP.
 */
export const THEME_BOOT_SCRIPT = `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(
  SETTINGS_KEY,
)})||'null');var d=s&&typeof s.darkMode==='boolean'?s.darkMode:matchMedia('(prefers-color-scheme: dark)').matches;var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'}catch(_){}`;
