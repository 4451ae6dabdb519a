import { describe, expect, it } from 'vitest';
import { slugFor } from '../../server/amenities/setup';
import {
  everyDay,
  isOpenOn,
  weekSpan,
  weeklyHoursProblem,
  type DayHours,
} from '../../src/lib/weekly-hours';

describe('slugFor', () => {
  it('makes a public id from the name', () => {
    expect(slugFor('Solis Hall', new Set())).toBe('solis-hall');
    expect(slugFor('  Café & Pool #2 ', new Set())).toBe('cafe-pool-2');
    expect(slugFor('!!!', new Set())).toBe('amenity');
  });

  it('never reuses a taken id, archived ones included', () => {
    expect(slugFor('Pool', new Set(['pool']))).toBe('pool-2');
    expect(slugFor('Pool', new Set(['pool', 'pool-2']))).toBe('pool-3');
    // /api/amenities/analytics and /popularity are answers of their own, not amenities.
    expect(slugFor('Analytics', new Set())).toBe('analytics-2');
    expect(slugFor('Popularity!', new Set())).toBe('popularity-2');
  });

  it('stays within 60 characters, suffix included', () => {
    const long = 'a'.repeat(70);
    expect(slugFor(long, new Set())).toHaveLength(60);
    const second = slugFor(long, new Set(['a'.repeat(60)]));
    expect(second).toHaveLength(60);
    expect(second.endsWith('-2')).toBe(true);
  });
});

describe('weeklyHoursProblem', () => {
  const week = everyDay(360, 1320);
  it('accepts seven days that close after they open, all day and closed days included', () => {
    expect(weeklyHoursProblem(week)).toBeNull();
    expect(weeklyHoursProblem(everyDay(0, 1440))).toBeNull();
    expect(weeklyHoursProblem([null, ...week.slice(1)])).toBeNull();
    expect(weeklyHoursProblem(Array.from({ length: 7 }, () => null))).toBeNull();
  });

  it('names the day and field when a day closes before it opens or crosses midnight', () => {
    const bad = [...week] as (DayHours | null)[];
    bad[3] = { opensMinute: 600, closesMinute: 600 };
    expect(weeklyHoursProblem(bad)).toContain('hours.3.closesMinute');
    expect(weeklyHoursProblem(bad)).toContain('Wednesday');
    bad[3] = { opensMinute: 1320, closesMinute: 60 };
    expect(weeklyHoursProblem(bad)).toContain('hours.3.closesMinute');
  });

  it('refuses a week that is not seven days, and minutes outside the day', () => {
    expect(weeklyHoursProblem(week.slice(1))).toContain('seven');
    const bad = [...week] as (DayHours | null)[];
    bad[0] = { opensMinute: -1, closesMinute: 60 };
    expect(weeklyHoursProblem(bad)).toContain('hours.0.opensMinute');
    bad[0] = { opensMinute: 0, closesMinute: 1441 };
    expect(weeklyHoursProblem(bad)).toContain('hours.0.closesMinute');
  });
});

describe('weekSpan and isOpenOn', () => {
  it('spans the earliest opening and latest closing; null when always closed', () => {
    const week = everyDay(600, 1200) as (DayHours | null)[];
    week[0] = { opensMinute: 480, closesMinute: 900 };
    week[6] = { opensMinute: 700, closesMinute: 1380 };
    expect(weekSpan(week)).toEqual({ opensMinute: 480, closesMinute: 1380 });
    expect(weekSpan(Array.from({ length: 7 }, () => null))).toBeNull();
    expect(isOpenOn(week, 0, 500)).toBe(true);
    expect(isOpenOn(week, 1, 500)).toBe(false);
    week[2] = null;
    expect(isOpenOn(week, 2, 700)).toBe(false);
  });
});
