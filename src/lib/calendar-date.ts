/** A calendar date as the API and the CSV files write it: yyyy-mm-dd, digits only. */
export const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether `text` is yyyy-mm-dd and names a day the calendar has: 2024-02-29 is one,
 * 2023-02-29 and 2024-04-31 are not (Date would roll them over into the next month). Nor is
 * year 0000: the calendar goes from 1 BC to AD 1, and PostgreSQL refuses it.
 */
export function isRealDate(text: string): boolean {
  if (!ISO_DATE_SHAPE.test(text) || text.startsWith('0000')) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The calendar date `days` after `date` (before, when negative): yyyy-mm-dd in, yyyy-mm-dd out. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
