/**
 * A number as people type it in a form: digits, a point for decimals, and commas only where
 * they group thousands ("1,250.50"); a currency sign and spaces are dropped. Anything else is
 * null, never a guess: "12,50" (a decimal comma, which dropping commas read as 1,250), "1e3",
 * "0x10", "+5", "1,25,000".
 */
export function parseTypedNumber(raw: string): number | null {
  const text = raw.replace(/[\p{Sc}\s]/gu, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/u.test(text)) return null;
  return Number(text.replace(/,/g, ''));
}
