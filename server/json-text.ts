/**
 * Request bodies as JSON, the one way every route reads them. PostgreSQL cannot store the NUL
 * character in text, so a string holding one is refused here, with a reason the client can act
 * on, instead of failing in the database as a 500.
 */

export const NOT_JSON = 'The body is not valid JSON';
export const NUL_IN_TEXT = 'The body holds the NUL character (\\u0000), which text cannot contain';

const NUL = '\u0000';

/**
 * A NUL in any key or string of a parsed value. A loop, not recursion: JSON.parse takes a body
 * nested half a million deep (the ingest endpoint's 1 MB), which no call stack would.
 */
function holdsNul(parsed: unknown): boolean {
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes(NUL)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item); // not push(...value): too many arguments
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes(NUL)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

export type JsonText =
  { ok: true; value: unknown } | { ok: false; problem: 'not-json' | 'nul'; reason: string };

export function parseJsonText(text: string): JsonText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json', reason: NOT_JSON };
  }
  // JSON text can carry a NUL only as the escape \u0000 (a raw control character is not valid
  // JSON), so the walk runs only for a body that has one; a large batch of readings pays nothing.
  if (text.includes('\\u0000') && holdsNul(value)) {
    return { ok: false, problem: 'nul', reason: NUL_IN_TEXT };
  }
  return { ok: true, value };
}
