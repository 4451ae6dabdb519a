/**
 * Saves generated text (an .ics calendar file, a CSV export) as a file on the user's device.
 * Nothing leaves the device: the file is built in the browser.
 */

import { dateFormat } from './intl-formats';

export function downloadTextFile(fileName: string, text: string, mimeType: string): void {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

/** Saves a file the page holds (a Blob) on the device, under `fileName`. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const ICS_MIME = 'text/calendar;charset=utf-8';
export const CSV_MIME = 'text/csv;charset=utf-8';

/** The byte order mark makes Excel read a CSV as UTF-8 (accents, "·") instead of ANSI. */
const BOM = '\uFEFF';

/** A UTF-8 CSV file (text from lib/csv.ts). */
export function downloadCsv(fileName: string, csv: string): void {
  downloadTextFile(fileName, BOM + csv, CSV_MIME);
}

/** "usage-data" + an instant -> "usage-data-2026-11-22.csv" (the date in `timeZone`). */
export function csvFilename(stem: string, date: number | Date, timeZone?: string): string {
  return `${stem}-${isoDate(date, timeZone)}.csv`;
}

/** yyyy-mm-dd of an instant in `timeZone` (the device's zone when left out). */
export function isoDate(date: number | Date, timeZone?: string): string {
  const parts = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
