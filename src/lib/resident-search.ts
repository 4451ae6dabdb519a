/**
 * The residents directory's search, one pure function for the server (server/residents) and the
 * app's mock server, so a search finds the same residents in both.
 */

/**
 * Text as the search compares it: without case or accents, so "zoe" finds "Zoë" and "JOSE"
 * finds "José". Lower case first (İ becomes i plus a dot), then NFD splits each accented letter
 * into its base and combining marks, which go. `toLowerCase`, not `toLocaleLowerCase`: the
 * server's locale is nobody's, and a Turkish one would turn the I of "Ian" into a dotless ı.
 */
export function foldForSearch(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // O’Connor typed on a keyboard is O'Connor: curly and modifier apostrophes are one.
      .replace(/[\u2018\u2019\u02BC]/g, "'")
  );
}

/** Letters and digits only, folded: "A-204" and "a204" compare equal. */
const compact = (text: string) => foldForSearch(text).replace(/[^\p{L}\p{N}]/gu, '');

/** The fields the search reads. */
export type Searchable = { name: string; email: string | null; unit: string };

/**
 * A test for the search `q`, or null when `q` has nothing to search for (the whole directory).
 * A resident matches when every word of `q` is in the name or email, or when `q` is in the unit
 * ignoring spaces and punctuation ("b 112" finds B-112).
 */
export function residentSearch(q: string): ((resident: Searchable) => boolean) | null {
  const words = foldForSearch(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const unit = compact(q);
  return (resident) => {
    const text = foldForSearch(`${resident.name} ${resident.email ?? ''}`);
    if (words.every((word) => text.includes(word))) return true;
    return unit !== '' && compact(resident.unit).includes(unit);
  };
}
