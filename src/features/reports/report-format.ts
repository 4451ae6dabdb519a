/** Formats of the report documents (en-US, in the community's time zone and currency). */

import { dateFormat, numberFormat } from '../../lib/intl-formats';

const LOCALE = 'en-US';

export { formatDateTime } from '../../lib/format';

/** "Sun, Nov 22, 2026": the calendar day of an instant in the zone. */
export function formatDay(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateFormat(LOCALE, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(time);
}

/** "Oct 24 – Nov 22, 2026" (the year shown once when both days share it). */
export function formatDayRange(fromIso: string, toIso: string, timeZone: string): string {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (Number.isNaN(from) || Number.isNaN(to)) return `${fromIso} – ${toIso}`;
  return dateFormat(LOCALE, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).formatRange(from, to);
}

/** "12.5%", always one decimal so a column of shares lines up. */
export function formatShare(percent: number): string {
  return `${numberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent)}%`;
}

/** "Oct 1 – 31, 2026": a range of calendar dates ("2026-10-01"), zone-free. */
export function formatDates(from: string, to: string): string {
  return formatDayRange(`${from}T12:00:00Z`, `${to}T12:00:00Z`, 'UTC');
}

/** "Sat, Oct 17, 2026": one calendar date. */
export function formatDate(date: string): string {
  return formatDay(`${date}T12:00:00Z`, 'UTC');
}
