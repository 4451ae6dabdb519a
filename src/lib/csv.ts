/**
 * CSV text (RFC 4180) that a spreadsheet opens safely. Pure: the file itself is made by
 * lib/download.ts, which adds the UTF-8 byte order mark so Excel reads accents correctly.
 */

export type CsvCell = string | number | boolean | null | undefined;

export type CsvColumn<T> = {
  header: string;
  value: (row: T) => CsvCell;
};

/**
 * Text starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets
 * (CSV injection), also after leading spaces, which some spreadsheets trim on import. A leading
 * tab or carriage return counts too (OWASP's list).
 */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One escaped cell. Text that would start a formula is prefixed with a single quote (shown as
 * text, never evaluated); text with a comma, quote, line break or edge spaces is quoted with
 * inner quotes doubled. Real numbers stay numbers: -3.5 is a value, not a formula.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF (RFC 4180), header row first. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A table as CSV: one header row from the columns, then one line per row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return csvLines([
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => column.value(row))),
  ]);
}
