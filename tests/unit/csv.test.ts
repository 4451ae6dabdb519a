import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, toCsv } from '../../src/lib/csv';
import { csvFilename, isoDate } from '../../src/lib/download';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('The Great Lawn')).toBe('The Great Lawn');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(true)).toBe('true');
  });

  it('writes nothing for missing values and non-finite numbers', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Irvine, CA')).toBe('"Irvine, CA"');
    expect(csvCell('the "big" lawn')).toBe('"the ""big"" lawn"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('prefixes text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('  =1+1')).toBe("'  =1+1");
  });

  it('does not touch those characters in the middle of text', () => {
    expect(csvCell('A-204')).toBe('A-204');
    expect(csvCell('jo@example.com')).toBe('jo@example.com');
  });
});

describe('toCsv', () => {
  it('writes a header row, then one CRLF line per row', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; visits: number }) => row.name },
        { header: 'Visits', value: (row) => row.visits },
      ],
      [
        { name: 'Solis Hall', visits: 12 },
        { name: 'Lake, Grand', visits: 3 },
      ],
    );
    expect(csv).toBe('Name,Visits\r\nSolis Hall,12\r\n"Lake, Grand",3\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'A', value: () => 1 }], [])).toBe('A\r\n');
  });

  it('escapes header cells too', () => {
    expect(csvLines([['=x', 'a,b']])).toBe(`'=x,"a,b"\r\n`);
  });
});

describe('file names', () => {
  it('uses the calendar date in the given time zone', () => {
    const lateEvening = Date.parse('2026-11-23T05:30:00Z'); // 9:30 PM on Nov 22 in Los Angeles
    expect(isoDate(lateEvening, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(isoDate(lateEvening, 'America/New_York')).toBe('2026-11-23');
    expect(csvFilename('usage-data', lateEvening, 'America/Los_Angeles')).toBe(
      'usage-data-2026-11-22.csv',
    );
  });
});
