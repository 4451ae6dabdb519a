/**
 * The residents directory's search and order, pure functions for the server (server/residents)
 * and the app's mock server, so both find the same residents and list them in the same order.
 */

/**
 * Letters that NFD leaves whole (a stroke, a bar or a hook is part of the letter, not a mark; a
 * ligature is one letter), written as the base letters people type for them on a keyboard
 * without them: "orjan" finds Ørjan, "strasse" finds Straße. Lower case only: the fold lowers
 * the text first (Ø, ẞ, Ŋ… become ø, ß, ŋ…).
 */
const LETTERS: Readonly<Record<string, string>> = {
  ø: 'o', // Danish, Norwegian, Faroese
  æ: 'ae', // Danish, Norwegian, Icelandic, Old English
  œ: 'oe', // French
  ß: 'ss', // German
  ł: 'l', // Polish
  đ: 'd', // Croatian, Serbian, Bosnian, Vietnamese
  ð: 'd', // Icelandic, Faroese
  þ: 'th', // Icelandic
  ı: 'i', // Turkish, Azerbaijani dotless i
  ħ: 'h', // Maltese
  ŧ: 't', // Northern Sami
  ŋ: 'n', // Sami
  ĳ: 'ij', // Dutch, as one character
  ŀ: 'l', // Catalan, as one character
  ſ: 's', // long s, in old spellings
  ɛ: 'e', // Akan, Ewe, Lingala
  ɔ: 'o', // Akan, Ewe, Lingala
  ɓ: 'b', // Hausa, Fula
  ɗ: 'd', // Hausa, Fula
  ƙ: 'k', // Hausa
  ƴ: 'y', // Hausa, Fula
};
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

/**
 * Apostrophes, dropped: "oconnor", "o'connor" and "O’Connor" are one name, whether the keyboard
 * typed a straight, curly or modifier apostrophe, or none. The grave and acute accents go too,
 * as some keyboards type them for one (O`Connor, O´Connor), and the ʻokina of Hawaiian names,
 * typed as an apostrophe or left out as often as not.
 */
const APOSTROPHES = /['\u2018\u2019\u201B\u02BC\u02BB`\u00B4]/g;

/**
 * Text as the search compares it: without case, accents or apostrophes, so "zoe" finds "Zoë",
 * "JOSE" finds "José", "orjan" finds "Ørjan" and "oconnor" finds "O’Connor". Lower case first
 * (İ becomes i plus a dot), then NFD splits each accented letter into its base and combining
 * marks, which go; the letters NFD leaves whole become their base letters (LETTERS). Not
 * `toLocaleLowerCase`: the server's locale is nobody's, and a Turkish one would turn the I of
 * "Ian" into a dotless ı. NFD, not NFKD: full-width letters and other scripts stay as they are.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
    .replace(APOSTROPHES, '');
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

/**
 * A resident's place in the directory: the name folded as the search folds it, so Élodie comes
 * between Eli and Emma, Zoë beside Zoe, Ørjan with the Os and O’Connor beside OConnor. The server
 * stores it with every name (residents.sort_key, migration 025; refolded by migration 026 when
 * the fold changed) and the database orders by it, then by id.
 */
export const residentSortKey = (name: string): string => foldForSearch(name);

/**
 * Two sort keys in code-point order: what PostgreSQL's C collation (sort_key's) does on PGlite
 * and PostgreSQL alike, whatever the server's locale. Plain `<` compares UTF-16 units, which puts
 * a letter beyond U+FFFF (its surrogates, U+D800-U+DFFF) before U+E000-U+FFFF; shifting the
 * surrogates above those gives code-point order.
 */
export function compareSortKeys(a: string, b: string): number {
  const unit = (code: number) =>
    code >= 0xd800 ? (code < 0xe000 ? code + 0x2000 : code - 0x800) : code;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unit(x) - unit(y);
  }
  return a.length - b.length;
}

/**
 * Residents in the directory's order, as the server's ORDER BY sort_key, id lists them: for the
 * mock server, which has no database.
 */
export function inDirectoryOrder<T extends { id: number; name: string }>(
  residents: readonly T[],
): T[] {
  return residents
    .map((resident) => ({ resident, key: residentSortKey(resident.name) }))
    .sort((a, b) => compareSortKeys(a.key, b.key) || a.resident.id - b.resident.id)
    .map(({ resident }) => resident);
}
