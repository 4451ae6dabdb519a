import {
  MAX_IMPORT_ROWS,
  RESIDENT_LIMITS,
  ResidentInputSchema,
  type ImportProblem,
  type ImportRow,
  type Resident,
  type ResidentInput,
  type ResidentStatus,
} from '../api/contract';
import { ISO_DATE_SHAPE, isRealDate } from './calendar-date';
import { parseCsv, toCsv, type CsvColumn } from './csv';

/**
 * The residents directory as a CSV file, both ways (issue 11): the export's columns are the
 * import's, so an exported file imports again. Pure; the server runs both.
 */

type Key = Exclude<keyof ResidentInput, 'status'> | 'status';

type Column = {
  key: Key;
  header: string;
  /** Other headers people write for it (compared without case, spaces or punctuation). */
  aliases: readonly string[];
  required: boolean;
  value: (resident: Resident) => string | number | null;
};

export const RESIDENT_CSV_COLUMNS: readonly Column[] = [
  {
    key: 'name',
    header: 'Name',
    aliases: ['full name', 'resident'],
    required: true,
    value: (r) => r.name,
  },
  {
    key: 'unit',
    header: 'Unit',
    aliases: ['unit or address', 'address', 'apartment', 'lot'],
    required: true,
    value: (r) => r.unit,
  },
  {
    key: 'email',
    header: 'Email',
    aliases: ['e-mail', 'email address'],
    required: false,
    value: (r) => r.email,
  },
  {
    key: 'phone',
    header: 'Phone',
    aliases: ['phone number', 'telephone', 'mobile'],
    required: false,
    value: (r) => r.phone,
  },
  {
    key: 'householdSize',
    header: 'Household size',
    aliases: ['household', 'people', 'occupants'],
    required: false,
    value: (r) => r.householdSize,
  },
  { key: 'status', header: 'Status', aliases: [], required: false, value: (r) => r.status },
  {
    key: 'joinedOn',
    header: 'Joined',
    aliases: ['join date', 'joined on', 'move-in date', 'move in date', 'since'],
    required: false,
    value: (r) => r.joinedOn,
  },
  {
    key: 'notes',
    header: 'Notes',
    aliases: ['note', 'comments'],
    required: false,
    value: (r) => r.notes,
  },
];

/** The directory as CSV: a header row, one line per resident, formula-safe (lib/csv.ts). */
export function residentsCsv(residents: readonly Resident[]): string {
  const columns: CsvColumn<Resident>[] = RESIDENT_CSV_COLUMNS.map((column) => ({
    header: column.header,
    value: column.value,
  }));
  return toCsv(columns, residents);
}

const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const COLUMN_BY_HEADER = new Map(
  RESIDENT_CSV_COLUMNS.flatMap((column) =>
    [column.header, ...column.aliases].map((name) => [headerKey(name), column] as const),
  ),
);

/** Header problems an import error names; the rest are counted. */
const MAX_HEADER_PROBLEMS_NAMED = 5;

/**
 * A cell our own export protected against formulas ("'=SUM(A1)") reads back as it was stored;
 * spreadsheets that re-save the file keep the quote too.
 */
export function unprotectCell(cell: string): string {
  return /^'(\s*[=+\-@]|[\t\r])/.test(cell) ? cell.slice(1) : cell;
}

const MESSAGES: Record<Key, string> = {
  name: `is required (at most ${RESIDENT_LIMITS.name} characters)`,
  unit: `is required (at most ${RESIDENT_LIMITS.unit} characters)`,
  email: 'is not an email address (name@example.org)',
  phone: `is not a phone number (digits, spaces, + ( ) - . only, at most ${RESIDENT_LIMITS.phone})`,
  householdSize: `must be a whole number from 1 to ${RESIDENT_LIMITS.householdSize}`,
  status: 'must be active or inactive',
  joinedOn: 'must be a date up to today, written yyyy-mm-dd, e.g. 2024-03-01',
  notes: `must be at most ${RESIDENT_LIMITS.notes} characters`,
};

const HEADER_OF = Object.fromEntries(RESIDENT_CSV_COLUMNS.map((c) => [c.key, c.header])) as Record<
  Key,
  string
>;

export type ResidentsFile =
  | { ok: true; rows: ImportRow[] }
  /** The whole file is refused (no header, unknown columns, too many rows): `line` names where. */
  | { ok: false; error: string };

/**
 * An uploaded directory file checked row by row: each data row with the resident it makes and
 * every problem, named by its column's header and the row's line in the file. Duplicate emails
 * within the file are problems of the later rows. Checking against the stored directory is the
 * server's part (`markExistingEmails`).
 */
export function parseResidentsCsv(text: string): ResidentsFile {
  // Bytes that are not UTF-8 (Excel's plain "CSV" on Windows) were read as U+FFFD; a UTF-16
  // file (Excel's "Unicode Text") read as UTF-8 has a NUL beside every letter, and no text
  // column can hold a NUL.
  const garbled = text.indexOf('\uFFFD');
  const nul = text.indexOf('\u0000');
  if (garbled !== -1 || nul !== -1) {
    const at = garbled === -1 ? nul : nul === -1 ? garbled : Math.min(garbled, nul);
    const line = text.slice(0, at).split(/\r\n|\r|\n/).length;
    const what = text[at] === '\u0000' ? 'holds the NUL character, so it' : '';
    return {
      ok: false,
      error: `Line ${line}: the file ${what ? `${what} ` : ''}is not UTF-8 text; in Excel, save it as "CSV UTF-8 (Comma delimited)"`,
    };
  }
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, error: `Line ${parsed.line}: ${parsed.error}` };
  const [header, ...records] = parsed.records;
  if (!header)
    return { ok: false, error: 'The file is empty: expected a header row (Name, Unit, …)' };

  const columns: (Column | null)[] = [];
  const problems: string[] = [];
  header.cells.forEach((cell, index) => {
    const name = cell.trim();
    const column = COLUMN_BY_HEADER.get(headerKey(name)) ?? null;
    if (!name) {
      columns.push(null); // an unnamed column (a trailing comma) is ignored
      return;
    }
    if (!column) problems.push(`unknown column "${name.slice(0, 40)}"`);
    else if (columns.includes(column)) problems.push(`column ${column.header} appears twice`);
    columns[index] = column;
  });
  for (const column of RESIDENT_CSV_COLUMNS) {
    if (column.required && !columns.includes(column))
      problems.push(`missing column ${column.header}`);
  }
  if (problems.length) {
    // A header of thousands of columns (a file that is not a directory) names the first few.
    const named = problems.slice(0, MAX_HEADER_PROBLEMS_NAMED).join('; ');
    const more = problems.length - MAX_HEADER_PROBLEMS_NAMED;
    return {
      ok: false,
      error: `Line ${header.line} (the header): ${named}${more > 0 ? `; and ${more.toLocaleString('en-US')} more` : ''}. Expected columns: ${RESIDENT_CSV_COLUMNS.map((c) => c.header).join(', ')}`,
    };
  }

  const data = records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (data.length === 0) return { ok: false, error: 'The file has a header but no residents' };
  if (data.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      error: `The file has ${data.length.toLocaleString('en-US')} residents; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time`,
    };
  }

  const firstLineOfEmail = new Map<string, number>();
  return {
    ok: true,
    rows: data.map((record) => {
      const errors: ImportProblem[] = [];
      const raw: Partial<Record<Key, string>> = {};
      record.cells.forEach((cell, index) => {
        const column = columns[index];
        if (!column) return;
        const text = unprotectCell(cell).trim();
        // A name takes one line: a line break typed into a spreadsheet cell becomes a space.
        raw[column.key] = column.key === 'name' ? text.replace(/\s+/g, ' ') : text;
      });
      if (
        record.cells.length > columns.length &&
        record.cells.slice(columns.length).some((c) => c.trim())
      ) {
        errors.push({
          field: '',
          message: `has ${record.cells.length} cells, the header ${columns.length}`,
        });
      }
      const row = rowOf(record.line, raw, errors);
      const email = row.email?.toLowerCase();
      if (email && !errors.some((e) => e.field === HEADER_OF.email)) {
        const first = firstLineOfEmail.get(email);
        if (first !== undefined) {
          errors.push({ field: HEADER_OF.email, message: `${row.email} is also on line ${first}` });
        } else firstLineOfEmail.set(email, record.line);
      }
      return row;
    }),
  };
}

/** One row's cells as a resident, checked with the API's own schema; problems go to `errors`. */
function rowOf(
  line: number,
  raw: Partial<Record<Key, string>>,
  errors: ImportProblem[],
): ImportRow {
  const text = (key: Key) => raw[key] ?? '';
  const orNull = (key: Key) => (text(key) === '' ? null : text(key));

  const household = text('householdSize');
  const householdSize =
    household === '' ? null : /^\d{1,3}$/.test(household) ? Number(household) : NaN;
  const statusText = text('status').toLowerCase();
  const status: ResidentStatus | null =
    statusText === '' || statusText === 'active'
      ? 'active'
      : statusText === 'inactive'
        ? 'inactive'
        : null;
  const candidate = {
    name: text('name'),
    unit: text('unit'),
    email: orNull('email'),
    phone: orNull('phone'),
    householdSize,
    status: status ?? 'active',
    joinedOn: orNull('joinedOn'),
    notes: text('notes'),
  };
  const parsed = ResidentInputSchema.safeParse(candidate);
  const bad = new Set<Key>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) bad.add(String(issue.path[0]) as Key);
  }
  if (status === null) bad.add('status');
  const joined = candidate.joinedOn;
  // The schema refuses 2024-02-30 too, but it is written the way asked for: "write yyyy-mm-dd"
  // would send the manager looking for a typo in the format rather than in the day.
  const messageOf = (key: Key) =>
    key === 'joinedOn' && joined !== null && ISO_DATE_SHAPE.test(joined)
      ? isRealDate(joined)
        ? `${joined} is in the future`
        : `${joined} is not a real date`
      : MESSAGES[key];
  for (const { key } of RESIDENT_CSV_COLUMNS) {
    if (bad.has(key)) errors.push({ field: HEADER_OF[key], message: messageOf(key) });
  }

  return {
    line,
    ...candidate,
    householdSize: Number.isInteger(householdSize) ? householdSize : null,
    errors,
  };
}

/**
 * Marks rows whose email the directory already has (`existing`: lower-case email -> name).
 * Returns the rows with the problems added.
 */
export function markExistingEmails(
  rows: readonly ImportRow[],
  existing: ReadonlyMap<string, string>,
): ImportRow[] {
  return rows.map((row) => {
    const owner = row.email ? existing.get(row.email.toLowerCase()) : undefined;
    if (owner === undefined) return row;
    return {
      ...row,
      errors: [
        ...row.errors,
        { field: HEADER_OF.email, message: `${row.email} is already in the directory (${owner})` },
      ],
    };
  });
}

/** A checked row as the API's input (only rows without problems are stored). */
export function inputOfRow(row: ImportRow): ResidentInput {
  return {
    name: row.name,
    unit: row.unit,
    email: row.email,
    phone: row.phone,
    householdSize: row.householdSize,
    status: row.status,
    joinedOn: row.joinedOn,
    notes: row.notes,
  };
}
