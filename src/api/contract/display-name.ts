import * as z from 'zod/mini';

/**
 * Whether a name has something to read: a letter, digit, symbol or punctuation mark. A name of
 * only zero-width or other invisible characters trims to nothing on screen, yet passes a length
 * check; a name with a direction override (U+202A-U+202E, U+2066-U+2069) can show as another;
 * control characters (line breaks, tabs, escapes) break the one line a name takes in a list, a
 * CSV or an email subject.
 */
export function isReadableName(text: string): boolean {
  return /[\p{L}\p{N}\p{S}\p{P}]/u.test(text) && !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(text);
}

/** Said at a name field that fails isReadableName. */
export const NAME_NOT_READABLE =
  'Use letters or digits in the name, on one line, without invisible or text-direction characters';

/** A name people read in lists (an amenity, a resident, a user, the community), trimmed. */
export const displayName = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(max),
      z.refine(
        isReadableName,
        'must hold a letter or digit, on one line, with no control or direction-override characters',
      ),
    );
