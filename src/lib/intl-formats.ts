/**
 * Intl formatters, made once per locale and options: constructing one costs far more than
 * formatting with it (locale and time-zone data are resolved each time), and a page formats
 * hundreds of values as it renders.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const keyOf = (locale: string, options: object) => `${locale}|${JSON.stringify(options)}`;

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = keyOf(locale, options);
  let found = dateFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, found);
  }
  return found;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  const key = keyOf(locale, options);
  let found = numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, found);
  }
  return found;
}
