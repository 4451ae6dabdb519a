/**
 * Request bodies as JSON, the one way every route reads them. PostgreSQL cannot store the NUL
 * character in text, and the database driver writes a lone UTF-16 surrogate (`\ud800`, half of
 * an emoji) as U+FFFD, so a string holding either is refused here, with a reason the client can
 * act on, instead of failing in the database as a 500 or being saved as something else.
 */

export const NOT_JSON = 'The body is not valid JSON';
export const NUL_IN_TEXT = 'The body holds the NUL character (\\u0000), which text cannot contain';
export const LONE_SURROGATE =
  'The body holds a lone UTF-16 surrogate (such as \\ud800), half of a character, which text cannot contain';

const NUL = '\u0000';
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type TextProblem = 'nul' | 'surrogate';

const problemOf = (text: string): TextProblem | null =>
  text.includes(NUL) ? 'nul' : LONE.test(text) ? 'surrogate' : null;

/**
 * The first NUL or lone surrogate in any key or string of a parsed value. A loop, not recursion:
 * JSON.parse takes a body nested half a million deep (the ingest endpoint's 1 MB), which no call
 * stack would.
 */
function badText(parsed: unknown): TextProblem | null {
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item); // not push(...value): too many arguments
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const problem = problemOf(key);
        if (problem) return problem;
        pending.push(item);
      }
    }
  }
  return null;
}

export type JsonText =
  { ok: true; value: unknown } | { ok: false; problem: 'not-json' | TextProblem; reason: string };

export function parseJsonText(text: string): JsonText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json', reason: NOT_JSON };
  }
  // JSON text can carry a NUL or a surrogate only as an escape (a raw control character is not
  // valid JSON, and the body was decoded from UTF-8, which has no surrogates), so the walk runs
  // only for a body that has one; a large batch of readings pays nothing.
  if (/\\u(?:0000|[dD][89a-fA-F])/.test(text)) {
    const problem = badText(value);
    if (problem === 'nul') return { ok: false, problem, reason: NUL_IN_TEXT };
    if (problem === 'surrogate') return { ok: false, problem, reason: LONE_SURROGATE };
  }
  return { ok: true, value };
}
