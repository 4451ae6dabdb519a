import { describe, expect, it } from 'vitest';
import {
  calendarPeriod,
  daysInclusive,
  monthsIn,
  zonedDate,
} from '../../src/features/reports/calendar';

const PACIFIC = 'America/Los_Angeles';
/** Mon Nov 23 2026, 1:00 AM Pacific (09:00 UTC). */
const NOW = Date.parse('2026-11-23T09:00:00Z');

describe('zonedDate', () => {
  it('is the date in the community’s zone, not in UTC', () => {
    // 2026-11-23 05:00 UTC is still Nov 22 in Pacific time (9 PM).
    expect(zonedDate(Date.parse('2026-11-23T05:00:00Z'), PACIFIC)).toBe('2026-11-22');
    expect(zonedDate(Date.parse('2026-11-23T05:00:00Z'), 'America/New_York')).toBe('2026-11-23');
  });
});

describe('calendarPeriod', () => {
  it('Last Week is the previous Monday to Sunday', () => {
    expect(calendarPeriod('week', NOW, PACIFIC)).toEqual({
      period: 'week',
      from: '2026-11-16',
      to: '2026-11-22',
      days: 7,
    });
    // On a Sunday, the week that ended a week ago (today's week is unfinished).
    const sunday = Date.parse('2026-11-22T20:00:00Z');
    expect(calendarPeriod('week', sunday, PACIFIC)).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-15',
    });
  });

  it('Last Month is the previous calendar month', () => {
    expect(calendarPeriod('month', NOW, PACIFIC)).toEqual({
      period: 'month',
      from: '2026-10-01',
      to: '2026-10-31',
      days: 31,
    });
    // In January, December of the year before; February has its own length.
    expect(calendarPeriod('month', Date.parse('2027-01-15T20:00:00Z'), PACIFIC)).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(calendarPeriod('month', Date.parse('2028-03-02T20:00:00Z'), PACIFIC)).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
      days: 29,
    });
  });

  it('Last Quarter is the previous calendar quarter', () => {
    expect(calendarPeriod('quarter', NOW, PACIFIC)).toEqual({
      period: 'quarter',
      from: '2026-07-01',
      to: '2026-09-30',
      days: 92,
    });
    expect(calendarPeriod('quarter', Date.parse('2027-02-10T20:00:00Z'), PACIFIC)).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
      days: 92,
    });
    expect(calendarPeriod('quarter', Date.parse('2026-04-01T20:00:00Z'), PACIFIC)).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
      days: 90,
    });
  });

  it('Last Year is the previous 12 whole months', () => {
    expect(calendarPeriod('year', NOW, PACIFIC)).toEqual({
      period: 'year',
      from: '2025-11-01',
      to: '2026-10-31',
      days: 365,
    });
  });

  it('never includes today, whatever the hour', () => {
    const lateSunday = Date.parse('2026-11-01T06:59:00Z'); // Oct 31, 11:59 PM Pacific
    expect(calendarPeriod('month', lateSunday, PACIFIC).to).toBe('2026-09-30');
    expect(calendarPeriod('month', lateSunday, 'UTC').to).toBe('2026-10-31');
  });

  it('the fixed timeline requests reach back far enough on the longest day', () => {
    // Dec 31 in a leap year's following period: 12 months + 30 days of December.
    const now = Date.parse('2028-12-31T20:00:00Z');
    const year = calendarPeriod('year', now, PACIFIC);
    expect(daysInclusive(year.from, '2028-12-31')).toBeLessThanOrEqual(397);
    const quarter = calendarPeriod('quarter', Date.parse('2026-12-31T20:00:00Z'), PACIFIC);
    expect(daysInclusive(quarter.from, '2026-12-31')).toBeLessThanOrEqual(184);
  });
});

describe('monthsIn', () => {
  it('counts whole months as 1 and part months by their share of days', () => {
    expect(monthsIn('2026-10-01', '2026-10-31')).toBe(1);
    expect(monthsIn('2025-11-01', '2026-10-31')).toBeCloseTo(12, 10);
    expect(monthsIn('2026-10-17', '2026-10-31')).toBeCloseTo(15 / 31, 10);
    // Sep 16-30 (15/30) and Oct 1-10 (10/31).
    expect(monthsIn('2026-09-16', '2026-10-10')).toBeCloseTo(15 / 30 + 10 / 31, 10);
  });
});
