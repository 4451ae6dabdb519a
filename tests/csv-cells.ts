import { parseCsv } from '../src/lib/csv';

/** A CSV file's lines as cells (its byte order mark dropped): for checking downloaded files. */
export function cellsOf(text: string): string[][] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(`line ${parsed.line}: ${parsed.error}`);
  return parsed.records.map((record) => record.cells);
}
