import type { UsageLineChoices } from './usage-chart';
import { USAGE_LINES_KEY } from './storage-keys';

/** More than any community's amenities: a stored value larger than this is not ours. */
const MAX_STORED = 200;

/**
 * The usage chart's line choices remembered on this device ({"heritage-tree": true}), so a line
 * added stays after a reload. Anything unreadable is no choice at all: the default lines.
 */
export function readStoredLineChoices(): UsageLineChoices {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(USAGE_LINES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    const entries = Object.entries(parsed).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    );
    return new Map(entries.slice(0, MAX_STORED));
  } catch {
    return new Map();
  }
}

/** Remembers the choices; a storage that refuses writes keeps them for the session only. */
export function storeLineChoices(choices: UsageLineChoices): void {
  try {
    localStorage.setItem(
      USAGE_LINES_KEY,
      JSON.stringify(Object.fromEntries([...choices].slice(-MAX_STORED))),
    );
  } catch {
    // Storage full or blocked: the choice still applies until the page is left.
  }
}
