import { describe, expect, it } from 'vitest';
import type { ImportRow, Resident } from '../../src/api/contract';
import { parseCsv } from '../../src/lib/csv';
import {
  compareSortKeys,
  foldForSearch,
  inDirectoryOrder,
  residentSearch,
  residentSortKey,
} from '../../src/lib/resident-search';
import {
  markExistingEmails,
  parseResidentsCsv,
  RESIDENT_CSV_COLUMNS,
  residentsCsv,
  unprotectCell,
} from '../../src/lib/residents-csv';
import {
  changedResidentFields,
  EMPTY_RESIDENT_FORM,
  residentFormValuesOf,
  residentInputOf,
} from '../../src/features/community/resident-form-values';
import { previewRows } from '../../src/features/community/residents-import';

const cells = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.records.map((record) => [record.line, ...record.cells]);
};

describe('parseCsv', () => {
  it('reads plain and quoted cells: commas, doubled quotes and line breaks inside quotes', () => {
    expect(cells('a,b,c\n"x, y","say ""hi""","two\nlines"\n')).toEqual([
      [1, 'a', 'b', 'c'],
      [2, 'x, y', 'say "hi"', 'two\nlines'],
    ]);
  });

  it('takes CRLF, LF and CR line ends, drops a byte order mark, skips empty lines', () => {
    expect(cells('\uFEFFName,Unit\r\nA,1\r\n\r\nB,2\rC,3')).toEqual([
      [1, 'Name', 'Unit'],
      [2, 'A', '1'],
      [4, 'B', '2'],
      [5, 'C', '3'],
    ]);
  });

  it('numbers records by the line they start on, past line breaks inside quotes', () => {
    expect(cells('h\r\n"a\r\nb"\r\nc\r\n').map((r) => r[0])).toEqual([1, 2, 4]);
  });

  it('keeps empty cells and a quote inside an unquoted cell', () => {
    expect(cells(',,\n5" tall,x')).toEqual([
      [1, '', '', ''],
      [2, '5" tall', 'x'],
    ]);
  });

  it('refuses an unterminated quote and text after a closing quote, naming the line', () => {
    expect(parseCsv('a\n"open,b\nmore')).toEqual({
      ok: false,
      line: 2,
      error: 'a quoted cell is never closed',
    });
    expect(parseCsv('a\n"x"y,b')).toMatchObject({ ok: false, line: 2 });
  });
});

describe('parseResidentsCsv', () => {
  const rowsOf = (text: string): ImportRow[] => {
    const file = parseResidentsCsv(text);
    if (!file.ok) throw new Error(file.error);
    return file.rows;
  };

  it('maps headers in any case and common spellings, and makes residents', () => {
    const [row] = rowsOf(
      'FULL NAME,Unit or address,E-mail,Household,status,Move-in date\nAna Souza,B-2,ana@example.org,3,Inactive,2024-02-29\n',
    );
    expect(row).toEqual({
      line: 2,
      name: 'Ana Souza',
      unit: 'B-2',
      email: 'ana@example.org',
      phone: null,
      householdSize: 3,
      status: 'inactive',
      joinedOn: '2024-02-29',
      notes: '',
      errors: [],
    });
  });

  it('names the column and says what is wrong with each cell', () => {
    const [row] = rowsOf(
      'Name,Unit,Email,Phone,Household size,Status,Joined\n,,a@,call me,0,gone,2023-02-29\n',
    );
    expect(row?.errors.map((e) => e.field)).toEqual([
      'Name',
      'Unit',
      'Email',
      'Phone',
      'Household size',
      'Status',
      'Joined',
    ]);
  });

  it('says a well-written date the calendar lacks is not a real date', () => {
    const joined = (value: string) =>
      rowsOf(`Name,Unit,Joined\nAna,B-2,${value}\n`)[0]?.errors.map(
        (e) => `${e.field}: ${e.message}`,
      );
    expect(joined('2024-02-30')).toEqual(['Joined: 2024-02-30 is not a real date']);
    expect(joined('2023-02-29')).toEqual(['Joined: 2023-02-29 is not a real date']);
    expect(joined('2024-13-01')).toEqual(['Joined: 2024-13-01 is not a real date']);
    expect(joined('0000-01-01')).toEqual(['Joined: 0000-01-01 is not a real date']);
    expect(joined('2024-02-29')).toEqual([]);
    // A real date that has not come yet: a typo for the year.
    expect(joined('2099-01-01')).toEqual(['Joined: 2099-01-01 is in the future']);
    // Not written yyyy-mm-dd at all: the format is what to fix.
    for (const value of ['03/01/2024', '2024-3-1', 'soon']) {
      expect(joined(value)).toEqual([
        'Joined: must be a date up to today, written yyyy-mm-dd, e.g. 2024-03-01',
      ]);
    }
  });

  it('reports a repeated email (any case) on the later rows', () => {
    const rows = rowsOf('Name,Unit,Email\nA,1,x@example.org\nB,2,X@Example.org\nC,3,\nD,4,\n');
    expect(rows.map((r) => r.errors.map((e) => e.message))).toEqual([
      [],
      ['X@Example.org is also on line 2'],
      [],
      [],
    ]);
  });

  it('refuses a file without the required columns, with unknown or repeated ones', () => {
    expect(parseResidentsCsv('Name,Email\nA,a@b.co')).toMatchObject({
      ok: false,
      error: expect.stringContaining('missing column Unit') as string,
    });
    expect(parseResidentsCsv('Name,Unit,Pets\nA,1,2')).toMatchObject({
      ok: false,
      error: expect.stringContaining('unknown column "Pets"') as string,
    });
    expect(parseResidentsCsv('\uFEFF')).toMatchObject({ ok: false });
  });

  it('names the first five header problems of a file with thousands of columns, and counts the rest', () => {
    const result = parseResidentsCsv(`Name,Unit${',x'.repeat(400_000)}\n`);
    expect(result).toEqual({
      ok: false,
      error:
        'Line 1 (the header): unknown column "x"; unknown column "x"; unknown column "x"; ' +
        'unknown column "x"; unknown column "x"; and 399,995 more. Expected columns: ' +
        RESIDENT_CSV_COLUMNS.map((column) => column.header).join(', '),
    });
  });

  it('refuses a file that is not UTF-8, naming the first bad line', () => {
    // "José" saved as Windows-1252 and read as UTF-8.
    expect(parseResidentsCsv('Name,Unit\nAna,1\nJos\uFFFD,2\n')).toEqual({
      ok: false,
      error:
        'Line 3: the file is not UTF-8 text; in Excel, save it as "CSV UTF-8 (Comma delimited)"',
    });
  });

  it('refuses a UTF-16 file read as UTF-8 (a NUL beside every letter), naming its first line', () => {
    const utf16 = [...'Name,Unit\nAna,1\n'].map((char) => `${char}\u0000`).join('');
    expect(parseResidentsCsv(utf16)).toEqual({
      ok: false,
      error:
        'Line 1: the file holds the NUL character, so it is not UTF-8 text; in Excel, save it as "CSV UTF-8 (Comma delimited)"',
    });
    // A NUL after a garbled byte: the earlier of the two is named.
    expect(parseResidentsCsv('Name,Unit\nJos\uFFFD,1\nA\u0000,2\n')).toMatchObject({
      error: expect.stringMatching(/^Line 2: the file is not UTF-8/) as string,
    });
  });

  it('flags extra cells beyond the header', () => {
    const [row] = rowsOf('Name,Unit\nA,1,surprise\n');
    expect(row?.errors).toEqual([{ field: '', message: 'has 3 cells, the header 2' }]);
  });

  it('adds the emails already in the directory', () => {
    const rows = markExistingEmails(
      rowsOf('Name,Unit,Email\nA,1,Emily@Example.com\nB,2,\n'),
      new Map([['emily@example.com', 'Emily Rodriguez']]),
    );
    expect(rows[0]?.errors).toEqual([
      {
        field: 'Email',
        message: 'Emily@Example.com is already in the directory (Emily Rodriguez)',
      },
    ]);
    expect(rows[1]?.errors).toEqual([]);
  });
});

describe('residentSearch', () => {
  const people = [
    { name: 'Zoë Adams', unit: 'A-204', email: null },
    { name: 'José Núñez', unit: 'B-112', email: 'jose@example.org' },
    { name: 'Ian İnce', unit: 'C 7', email: 'IAN@EXAMPLE.ORG' },
    { name: 'Grace O’Connor', unit: 'D-3', email: null },
    { name: 'Ørjan Smith', unit: 'E-1', email: null },
    { name: 'Ægir Þórsson', unit: 'E-2', email: null },
    { name: 'Łucja Straße', unit: 'E-3', email: null },
    { name: 'Đorđe Yılmaz', unit: 'E-4', email: null },
  ];
  const find = (q: string) => {
    const matches = residentSearch(q);
    return matches ? people.filter(matches).map((p) => p.name) : 'everyone';
  };

  it('folds accents and case on both sides', () => {
    expect(foldForSearch('Zoë ÉLODIE Núñez')).toBe('zoe elodie nunez');
    expect(find('zoe')).toEqual(['Zoë Adams']);
    expect(find('ZOË')).toEqual(['Zoë Adams']);
    expect(find('jose')).toEqual(['José Núñez']);
    expect(find('josé nunez')).toEqual(['José Núñez']);
    expect(find('ince')).toEqual(['Ian İnce']);
    expect(find('Zoe\u0308')).toEqual(['Zoë Adams']);
  });

  it('matches an apostrophe whichever one was typed, or none', () => {
    expect(find("o'connor")).toEqual(['Grace O’Connor']);
    expect(find('o’connor')).toEqual(['Grace O’Connor']);
    expect(find('oconnor')).toEqual(['Grace O’Connor']);
    expect(find('OʼCONNOR')).toEqual(['Grace O’Connor']);
    expect(find('o`connor')).toEqual(['Grace O’Connor']);
    // An apostrophe alone searches for nothing, as spaces do.
    expect(find("'")).toBe('everyone');
  });

  it('folds the letters NFD leaves whole to the letters typed for them', () => {
    expect(foldForSearch('Ø ø Æ æ Œ œ ß ẞ Ł ł Đ đ Ð ð Þ þ ı')).toBe(
      'o o ae ae oe oe ss ss l l d d d d th th i',
    );
    expect(foldForSearch('Ħ Ŧ Ŋ Ĳ Ŀ ſ Ɛ Ɔ Ɓ Ɗ Ƙ Ƴ')).toBe('h t n ij l s e o b d k y');
    // With an accent on top: the accent goes first, then the letter.
    expect(foldForSearch('Ǿ ǽ')).toBe('o ae');
    expect(foldForSearch("O’Connor O'Connor OʼConnor O‘Connor OConnor")).toBe(
      'oconnor oconnor oconnor oconnor oconnor',
    );
    expect(find('orjan')).toEqual(['Ørjan Smith']);
    expect(find('Ørjan')).toEqual(['Ørjan Smith']);
    expect(find('aegir thorsson')).toEqual(['Ægir Þórsson']);
    expect(find('lucja strasse')).toEqual(['Łucja Straße']);
    expect(find('dorde yilmaz')).toEqual(['Đorđe Yılmaz']);
    // Other scripts and full-width letters are left as they are.
    expect(foldForSearch('Ｋｅｎ 田中 Ольга')).toBe('ｋｅｎ 田中 ольга');
  });

  it('needs every word in the name or email, or the query in the unit', () => {
    expect(find('ian example')).toEqual(['Ian İnce']);
    expect(find('zoe example')).toEqual([]);
    expect(find('a204')).toEqual(['Zoë Adams']);
    expect(find('b 112')).toEqual(['José Núñez']);
    expect(find('c-7')).toEqual(['Ian İnce']);
    expect(find('  ')).toBe('everyone');
  });
});

describe('inDirectoryOrder', () => {
  const named = (names: string[]) => names.map((name, index) => ({ id: index + 1, name }));
  const order = (names: string[]) => inDirectoryOrder(named(names)).map((r) => r.name);

  it('puts an accented first letter with its base letter, not after z', () => {
    expect(order(['Zoe Adams', 'Élodie Martin', 'Emma Brown', 'Eli Cohen'])).toEqual([
      'Eli Cohen',
      'Élodie Martin',
      'Emma Brown',
      'Zoe Adams',
    ]);
  });

  it('ignores case and apostrophes, then keeps the order people were added in', () => {
    expect(
      order([
        'grace O’Connor',
        "Grace O'Connor",
        'GRACE OAKES',
        'Grace OConnor',
        'Grace Odell',
        'Zoë A',
        'Zoe A',
      ]),
    ).toEqual([
      'GRACE OAKES',
      'grace O’Connor',
      "Grace O'Connor",
      'Grace OConnor',
      'Grace Odell',
      'Zoë A',
      'Zoe A',
    ]);
    expect(
      inDirectoryOrder([
        { id: 9, name: 'Zoe' },
        { id: 2, name: 'zoë' },
      ]),
    ).toEqual([
      { id: 2, name: 'zoë' },
      { id: 9, name: 'Zoe' },
    ]);
  });

  it('puts Ø, Æ, Ł, ß and the like with the letters typed for them, not after z', () => {
    expect(
      order(['Zoe Adams', 'Ørjan Smith', 'Oscar Lee', 'Olga Berg', 'Æsa Holm', 'Adam Ng']),
    ).toEqual(['Adam Ng', 'Æsa Holm', 'Olga Berg', 'Ørjan Smith', 'Oscar Lee', 'Zoe Adams']);
    expect(order(['Łukasz Nowak', 'Lars Berg', 'Luis Ruiz', 'Zed'])).toEqual([
      'Lars Berg',
      'Luis Ruiz',
      'Łukasz Nowak',
      'Zed',
    ]);
    expect(order(['Strauss', 'Straße', 'Strand'])).toEqual(['Strand', 'Straße', 'Strauss']);
  });

  it('compares keys by code point, as the database’s C collation does', () => {
    expect(residentSortKey('Grace O’Connor')).toBe('grace oconnor');
    // UTF-16 puts a letter beyond U+FFFF (𠮷, U+20BB7) before a full-width one (ｋ, U+FF4B).
    expect('𠮷' < 'ｋ').toBe(true);
    expect(compareSortKeys('ｋ', '𠮷')).toBeLessThan(0);
    expect(compareSortKeys('𠮷', 'ｋ')).toBeGreaterThan(0);
    expect(compareSortKeys('z', 'ｋ')).toBeLessThan(0);
    expect(compareSortKeys('eli', 'eli cohen')).toBeLessThan(0);
    expect(compareSortKeys('eli', 'eli')).toBe(0);
    expect(order(['𠮷田 Hana', 'Ｋｅｎ Sato', 'Zoe'])).toEqual(['Zoe', 'Ｋｅｎ Sato', '𠮷田 Hana']);
  });

  it('leaves the list it was given as it was', () => {
    const residents = named(['B', 'A']);
    inDirectoryOrder(residents);
    expect(residents.map((r) => r.name)).toEqual(['B', 'A']);
  });
});

describe('residentsCsv', () => {
  const resident: Resident = {
    id: 1,
    name: 'Lee, "Sam"',
    unit: '=A1',
    email: null,
    phone: '+1 555 0100',
    householdSize: 2,
    status: 'active',
    joinedOn: '2024-01-02',
    notes: '@home\tnow',
  };

  it('writes the import columns, escaped and formula-safe', () => {
    expect(residentsCsv([resident])).toBe(
      'Name,Unit,Email,Phone,Household size,Status,Joined,Notes\r\n' +
        `"Lee, ""Sam""",'=A1,,'+1 555 0100,2,active,2024-01-02,'@home\tnow\r\n`,
    );
  });

  it('reads back as it was written', () => {
    const [row] = (parseResidentsCsv(residentsCsv([resident])) as { rows: ImportRow[] }).rows;
    expect(row).toMatchObject({
      name: 'Lee, "Sam"',
      unit: '=A1',
      phone: '+1 555 0100',
      notes: '@home\tnow',
    });
  });

  it('unprotects only what the export protected', () => {
    expect(unprotectCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unprotectCell("'+1 555")).toBe('+1 555');
    expect(unprotectCell("O'Brien")).toBe("O'Brien");
    expect(unprotectCell("'quoted'")).toBe("'quoted'");
  });
});

describe('the resident form', () => {
  it('checks with the server schema and sends empty optional fields as none', () => {
    expect(
      residentInputOf({ ...EMPTY_RESIDENT_FORM, name: ' Ana ', unit: 'B-2', householdSize: ' 3 ' }),
    ).toEqual({
      ok: true,
      input: {
        name: 'Ana',
        unit: 'B-2',
        email: null,
        phone: null,
        householdSize: 3,
        status: 'active',
        joinedOn: null,
        notes: '',
      },
    });
    const bad = residentInputOf({
      ...EMPTY_RESIDENT_FORM,
      email: 'nope',
      householdSize: '2.5',
    });
    expect(bad.ok).toBe(false);
    expect(Object.keys(bad.ok ? {} : bad.errors).sort()).toEqual([
      'email',
      'householdSize',
      'name',
      'unit',
    ]);
    const future = residentInputOf({
      ...EMPTY_RESIDENT_FORM,
      name: 'Ana',
      unit: 'B-2',
      joinedOn: '2099-01-01',
    });
    expect(future.ok ? null : future.errors.joinedOn).toBe(
      'Enter a date up to today, or leave it empty',
    );
  });

  it('an edit sends only what changed', () => {
    const before: Resident = {
      id: 4,
      name: 'Ana',
      unit: 'B-2',
      email: 'ana@example.org',
      phone: null,
      householdSize: null,
      status: 'active',
      joinedOn: null,
      notes: '',
    };
    const values = { ...residentFormValuesOf(before), unit: 'B-3', phone: '555 0100' };
    const checked = residentInputOf(values);
    if (!checked.ok) throw new Error('invalid');
    expect(changedResidentFields(before, checked.input)).toEqual({
      unit: 'B-3',
      phone: '555 0100',
    });
  });
});

describe('previewRows', () => {
  const row = (line: number, bad: boolean): ImportRow => ({
    line,
    name: `R${line}`,
    unit: '1',
    email: null,
    phone: null,
    householdSize: null,
    status: 'active',
    joinedOn: null,
    notes: '',
    errors: bad ? [{ field: 'Name', message: 'x' }] : [],
  });

  it('lists rows with problems first, up to the limit', () => {
    const rows = [row(2, false), row(3, true), row(4, false), row(5, true)];
    expect(previewRows(rows, 3).map((r) => r.line)).toEqual([3, 5, 2]);
  });
});
