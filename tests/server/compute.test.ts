import { describe, expect, it } from 'vitest';
import { everyDay, type DayHours } from '../../src/lib/weekly-hours';
import { AMENITY_TYPES } from '../../src/api/contract';
import { AMENITY_TYPE_ICONS } from '../../src/ui/page-icons';
import { AMENITY_ICONS } from '../../server/community';
import { hourlyShares } from '../../server/ingest';
import {
  amenityStatus,
  formatSessionTime,
  peakWindow,
  percentagesSummingTo100,
  percentChange,
  usagePercentage,
} from '../../server/endpoints/compute';
import {
  addDays,
  displayHourRange,
  localDate,
  localParts,
  shiftLocalDays,
  startOfLocalDay,
} from '../../server/time';

describe('percentChange', () => {
  it('is signed, one decimal, against the previous value', () => {
    expect(percentChange(35, 28)).toBe(25);
    expect(percentChange(28, 35)).toBe(-20);
    expect(percentChange(1, 3)).toBe(-66.7);
  });
  it('has no baseline for a previous zero: no change for none on both sides, else none', () => {
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(12, 0)).toBeNull();
  });
});

describe('percentagesSummingTo100', () => {
  it('rounds by largest remainder so the total is exactly 100', () => {
    expect(percentagesSummingTo100([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentagesSummingTo100([150, 13, 12])).toEqual([86, 7, 7]);
    expect(percentagesSummingTo100([2, 0, 0])).toEqual([100, 0, 0]);
    expect(percentagesSummingTo100([0, 0])).toEqual([0, 0]);
  });
  it('sums to 100 for many awkward splits', () => {
    for (let n = 2; n <= 9; n++) {
      const values = Array.from({ length: n }, (_, i) => ((i * 37) % 11) + 1);
      expect(percentagesSummingTo100(values).reduce((s, v) => s + v, 0)).toBe(100);
    }
  });
});

describe('formatSessionTime', () => {
  it('shows minutes, and hours past the hour', () => {
    expect(formatSessionTime(42.4)).toBe('42m');
    expect(formatSessionTime(0)).toBe('0m');
    expect(formatSessionTime(60)).toBe('1h');
    expect(formatSessionTime(95)).toBe('1h 35m');
  });
  it('shows a dash when no visit length was measured', () => {
    expect(formatSessionTime(null)).toBe('—');
  });
});

describe('amenityStatus', () => {
  const lawn = { capacity: 200, hours: everyDay(6 * 60, 22 * 60) };
  const WED = 3;
  /** A local moment of the week of Sunday 2026-07-05 (weekday 0). */
  const at = (weekday: number, minuteOfDay: number) => ({
    date: `2026-07-0${5 + weekday}`,
    weekday,
    minuteOfDay,
  });
  it('uses 70 % and 30 % of capacity while open', () => {
    expect(amenityStatus(lawn, 140, at(WED, 720))).toBe('high');
    expect(amenityStatus(lawn, 139, at(WED, 720))).toBe('medium');
    expect(amenityStatus(lawn, 60, at(WED, 720))).toBe('medium');
    expect(amenityStatus(lawn, 59, at(WED, 720))).toBe('low');
    expect(amenityStatus(lawn, 0, at(WED, 720))).toBe('low');
  });
  it('is closed outside opening hours, whoever is there', () => {
    expect(amenityStatus(lawn, 150, at(WED, 6 * 60 - 1))).toBe('closed');
    expect(amenityStatus(lawn, 0, at(WED, 6 * 60))).toBe('low');
    expect(amenityStatus(lawn, 10, at(WED, 22 * 60))).toBe('closed');
    expect(amenityStatus({ ...lawn, hours: everyDay(0, 1440) }, 10, at(WED, 3))).toBe('low');
  });
  it('follows the hours of the weekday: closed on a closed day, shorter on Sunday', () => {
    const hours = everyDay(6 * 60, 22 * 60) as (DayHours | null)[];
    hours[1] = null; // closed on Mondays
    hours[0] = { opensMinute: 10 * 60, closesMinute: 16 * 60 };
    const pool = { capacity: 200, hours };
    expect(amenityStatus(pool, 10, at(1, 720))).toBe('closed');
    expect(amenityStatus(pool, 10, at(2, 720))).toBe('low');
    expect(amenityStatus(pool, 10, at(0, 17 * 60))).toBe('closed');
    expect(amenityStatus(pool, 10, at(6, 17 * 60))).toBe('low');
  });
  it('is closed all day on the days of a closure, and open again the day after', () => {
    const closures = [{ firstDay: '2026-07-07', lastDay: '2026-07-08', reason: 'Reseeding' }];
    const closedLawn = { ...lawn, closures };
    expect(amenityStatus(closedLawn, 10, at(1, 720))).toBe('low');
    expect(amenityStatus(closedLawn, 10, at(2, 720))).toBe('closed');
    expect(amenityStatus(closedLawn, 150, at(WED, 720))).toBe('closed');
    expect(amenityStatus(closedLawn, 10, at(4, 720))).toBe('low');
  });
  it('rounds usage percentage', () => {
    expect(usagePercentage(35, 120)).toBe(29);
    expect(usagePercentage(0, 50)).toBe(0);
  });
});

describe('peakWindow', () => {
  const hours = { opensMinute: 6 * 60, closesMinute: 22 * 60 };
  it('is the two busiest consecutive opening hours', () => {
    const means = new Map([
      [9, 45],
      [10, 150],
      [12, 120],
      [18, 90],
      [19, 90],
    ]);
    expect(peakWindow(hours, means)).toBe('9:00 AM - 11:00 AM');
    expect(peakWindow(hours, new Map([[21, 50]]))).toBe('8:00 PM - 10:00 PM');
  });
  it('is null without data, or when closed every day', () => {
    expect(peakWindow(null, new Map([[10, 5]]))).toBeNull();
    expect(peakWindow(hours, new Map())).toBeNull();
    expect(peakWindow(hours, new Map([[3, 10]]))).toBeNull();
  });
});

describe('display times', () => {
  it('formats hour ranges like the contract examples', () => {
    expect(displayHourRange(18, 21)).toBe('6:00 PM - 9:00 PM');
    expect(displayHourRange(0, 12)).toBe('12:00 AM - 12:00 PM');
    expect(displayHourRange(10, 12)).toBe('10:00 AM - 12:00 PM');
  });
});

describe('local calendar in America/Los_Angeles', () => {
  const zone = 'America/Los_Angeles';
  it('finds local dates and midnights across DST', () => {
    expect(localDate(Date.parse('2026-03-18T06:59:00Z'), zone)).toBe('2026-03-17');
    expect(localDate(Date.parse('2026-03-18T07:00:00Z'), zone)).toBe('2026-03-18');
    expect(new Date(startOfLocalDay('2026-03-08', zone)).toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
    expect(new Date(startOfLocalDay('2026-03-09', zone)).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    expect(localParts(Date.parse('2026-03-18T19:30:00Z'), zone)).toMatchObject({
      minuteOfDay: 12 * 60 + 30,
      weekday: 3,
      month: 3,
    });
  });
  it('takes the same wall-clock time a day earlier, even over a DST change', () => {
    const sundayNoon = Date.parse('2026-03-08T19:00:00Z'); // 12:00 PDT: DST began at 2 AM
    expect(new Date(shiftLocalDays(sundayNoon, -1, zone)).toISOString()).toBe(
      '2026-03-07T20:00:00.000Z', // 12:00 PST on Saturday
    );
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('amenity icons', () => {
  it('match the icon names of the UI for every type', () => {
    for (const type of AMENITY_TYPES) expect(AMENITY_ICONS[type]).toBe(AMENITY_TYPE_ICONS[type]);
  });
});

describe('hourlyShares (what a batch of new readings adds to the hourly rollups)', () => {
  it('sums per UTC hour and amenity, with dwell times rounded to a real as stored', () => {
    const row = (
      amenityId: number,
      time: string,
      occupancy: number,
      entries: number,
      dwell = 0,
    ) => ({
      amenityId,
      ms: Date.parse(time),
      occupancy,
      entries,
      dwellMinutes: dwell,
    });
    const shares = hourlyShares([
      row(1, '2026-03-18T10:59:59.999Z', 5, 2, 0.1),
      row(1, '2026-03-18T11:00:00.000Z', 7, 1, 30),
      row(2, '2026-03-18T11:30:00.000Z', 3, 0),
      row(1, '2026-03-18T11:45:00.000Z', 4, 3, 10),
    ]);
    expect(shares).toEqual([
      {
        hour: Date.parse('2026-03-18T10:00:00Z'),
        amenityId: 1,
        readings: 1,
        entries: 2,
        occupancySum: 5,
        occupancyMax: 5,
        dwellTotal: 2 * Math.fround(0.1),
      },
      {
        hour: Date.parse('2026-03-18T11:00:00Z'),
        amenityId: 1,
        readings: 2,
        entries: 4,
        occupancySum: 11,
        occupancyMax: 7,
        dwellTotal: 60,
      },
      {
        hour: Date.parse('2026-03-18T11:00:00Z'),
        amenityId: 2,
        readings: 1,
        entries: 0,
        occupancySum: 3,
        occupancyMax: 3,
        dwellTotal: 0,
      },
    ]);
    expect(shares[0]?.dwellTotal).not.toBe(0.2);
  });
});
