import type { ReportPeriod } from './periods';
import { addDays } from '../../lib/calendar-date';
import { dateFormat } from '../../lib/intl-formats';

/**
 * Calendar periods of the reports, in the community's time zone (the one chosen in Settings).
 * Dates are ISO calendar dates ("2026-10-31"); every period is made of whole days that have
 * ended, so today's unfinished day is never part of one. Pure functions, tested in
 * tests/unit/report-calendar.test.ts.
 */

export type CalendarDate = string;

export type CalendarPeriod = {
  period: ReportPeriod;
  /** First and last day, both included. */
  from: CalendarDate;
  to: CalendarDate;
  days: number;
};

const DAY_MS = 86_400_000;

/** The calendar date of an instant in `timeZone`. */
export function zonedDate(instant: number, timeZone: string): CalendarDate {
  const parts = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function toUtc(date: CalendarDate): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtc(time: number): CalendarDate {
  return new Date(time).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInclusive(from: CalendarDate, to: CalendarDate): number {
  return Math.max(0, Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1);
}

/** The first day of the month `offset` months from the month of `date`. */
export function monthStart(date: CalendarDate, offset = 0): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + offset;
  return fromUtc(Date.UTC(year, month, 1));
}

function daysInMonth(date: CalendarDate): number {
  return daysInclusive(monthStart(date), addDays(monthStart(date, 1), -1));
}

/**
 * The period a report of `period` covers, seen from `now`:
 * - week: the previous calendar week, Monday to Sunday;
 * - month: the previous calendar month;
 * - quarter: the previous calendar quarter (Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec);
 * - year: the previous 12 whole months.
 */
export function calendarPeriod(
  period: ReportPeriod,
  now: number,
  timeZone: string,
): CalendarPeriod {
  const today = zonedDate(now, timeZone);
  let from: CalendarDate;
  let to: CalendarDate;
  switch (period) {
    case 'week': {
      const weekday = (new Date(toUtc(today)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
      from = addDays(today, -weekday - 7);
      to = addDays(from, 6);
      break;
    }
    case 'month':
      from = monthStart(today, -1);
      to = addDays(monthStart(today), -1);
      break;
    case 'quarter': {
      const month = Number(today.slice(5, 7)) - 1;
      const quarterStart = monthStart(today, -(month % 3));
      from = monthStart(quarterStart, -3);
      to = addDays(quarterStart, -1);
      break;
    }
    case 'year':
      from = monthStart(today, -12);
      to = addDays(monthStart(today), -1);
      break;
  }
  return { period, from, to, days: daysInclusive(from, to) };
}

/**
 * How many months `from`..`to` make, each calendar month counted by the share of its days in
 * the range: a whole month is 1, Oct 17-31 is 15/31.
 */
export function monthsIn(from: CalendarDate, to: CalendarDate): number {
  let months = 0;
  for (let start = monthStart(from); start <= to; start = monthStart(start, 1)) {
    const end = addDays(monthStart(start, 1), -1);
    const first = start < from ? from : start;
    const last = end > to ? to : end;
    months += daysInclusive(first, last) / daysInMonth(start);
  }
  return months;
}

/** The calendar months of a range, oldest first, as their first days. */
export function monthsOf(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const months: CalendarDate[] = [];
  for (let start = monthStart(from); start <= to; start = monthStart(start, 1)) months.push(start);
  return months;
}
