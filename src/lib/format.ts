/**
 * Display rules of spec sections 3 and 9, as pure functions. Locale is en-US throughout; the
 * time zone and currency come from the device settings.
 */

import { dateFormat, numberFormat } from './intl-formats';

const LOCALE = 'en-US';

/**
 * "recreational" -> "Recreational". Here, with the formats every page loads at start: in
 * display-rules.ts it was bundled with Analytics' widgets, a 4.5 KB chunk Reports loaded for it.
 */
export function titleCase(word: string): string {
  return word ? word[0]?.toUpperCase() + word.slice(1) : word;
}

export function formatCount(value: number): string {
  return numberFormat(LOCALE).format(Math.round(value));
}

/** A count with its noun: "1 event", "12 events" ("1 person", "3 people" with `plural`). */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${Math.round(value) === 1 ? singular : plural}`;
}

/** revenueImpact: thousands with one decimal and a K suffix, e.g. 123400 -> "$123.4K". */
export function formatThousands(value: number, currency = 'USD'): string {
  // Under a thousand, "$0.1K" would hide the figure: whole units instead ("$84").
  if (Math.round(value) < 1000) return formatMoney(value, currency);
  const symbol =
    numberFormat(LOCALE, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? '$';
  const thousands = numberFormat(LOCALE, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 1000);
  return `${symbol}${thousands}K`;
}

/** A currency formatter with the app's narrow symbol ("$", not "US$"), to `digits`. */
const moneyFormat = (currency: string, digits: Intl.NumberFormatOptions) =>
  numberFormat(LOCALE, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', ...digits });

export function formatMoney(value: number, currency = 'USD'): string {
  return moneyFormat(currency, { maximumFractionDigits: 0 }).format(value);
}

/** Money with cents ("$0.42", "$5,039.28"): small per-visit figures and amounts to the cent. */
export function formatCents(value: number, currency = 'USD'): string {
  return moneyFormat(currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

export type Change = { direction: 'up' | 'down' | 'none'; magnitude: string };

/**
 * Spec section 4: more is an up arrow, less a down arrow, with the magnitude; a change that shows
 * as 0 (after rounding) has no direction: "No change", never "Up 0%".
 */
export function describeChange(change: number | null): Change {
  if (change === null) return { direction: 'none', magnitude: 'No earlier data to compare' };
  const magnitude = numberFormat(LOCALE, { maximumFractionDigits: 1 }).format(Math.abs(change));
  return magnitude === '0'
    ? { direction: 'none', magnitude: 'No change' }
    : { direction: change > 0 ? 'up' : 'down', magnitude: `${magnitude}%` };
}

export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}

/** Spec section 9: currentUsers divided by capacity, rounded. */
export function capacityPercent(currentUsers: number, capacity: number): number {
  if (capacity <= 0) return 0;
  return Math.round((currentUsers / capacity) * 100);
}

export function formatClockTime(time: number | Date, timeZone?: string, seconds = false): string {
  return dateFormat(LOCALE, {
    hour: 'numeric',
    minute: '2-digit',
    second: seconds ? '2-digit' : undefined,
    timeZone,
  }).format(time);
}

function sameDay(a: number, b: number, timeZone?: string): boolean {
  const day = dateFormat(LOCALE, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  });
  return day.format(a) === day.format(b);
}

/**
 * A moment for a person: the clock time when it is today, the date and time otherwise (so an
 * old snapshot never passes for today's).
 */
export function formatMoment(at: number, now: number, timeZone?: string): string {
  if (sameDay(at, now, timeZone)) return formatClockTime(at, timeZone);
  return dateFormat(LOCALE, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

/**
 * The dashboard's last-update label: 'Just now' under a minute, 'N minutes ago' under an hour,
 * otherwise the moment (formatMoment).
 */
export function formatLastUpdate(updatedAt: number, now: number, timeZone?: string): string {
  const minutes = Math.floor(Math.max(0, now - updatedAt) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  return formatMoment(updatedAt, now, timeZone);
}

/** How old a saved copy is, in words: "12 minutes", "3 hours", "2 days". */
export function formatAge(updatedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - updatedAt) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/** "2025-03-14" -> "Fri, Mar 14, 2025" (dates without a time are calendar dates, not instants). */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(LOCALE, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** "Nov 22, 2026, 10:05 AM PST": an instant with its zone, so a printed report is unambiguous. */
export function formatDateTime(time: number, timeZone: string): string {
  return dateFormat(LOCALE, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(time);
}
