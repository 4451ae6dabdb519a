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

/** One record of a parsed CSV file: the line it starts on (1-based) and its cells. */
export type CsvRecord = { line: number; cells: string[] };

export type CsvParse =
  { ok: true; records: CsvRecord[] } | { ok: false; line: number; error: string };

/**
 * CSV text (RFC 4180, as Excel, Numbers, LibreOffice and Google Sheets write it) as records: a
 * leading byte order mark is dropped; lines end with CRLF, LF or CR; a quoted cell may hold
 * commas, doubled quotes and line breaks; a quote inside an unquoted cell is kept as it is.
 * Lines with nothing on them are left out. An unterminated quote, or text right after a closing
 * quote, is an error naming the line.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  /** The current cell was quoted and its closing quote has been read. */
  let closed = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    closed = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        cell += char;
      }
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      closed = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (closed) {
      return { ok: false, line, error: 'text after a closing quote (quote the whole cell)' };
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, error: 'a quoted cell is never closed' };
  endRecord();
  return { ok: true, records };
}
