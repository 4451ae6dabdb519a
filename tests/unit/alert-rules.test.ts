import { describe, expect, it } from 'vitest';
import { everyDay, type DayHours } from '../../src/lib/weekly-hours';
import { INITIAL_STATE, stepAlert, type AlertState } from '../../server/alerts/hysteresis';
import { alertMessage } from '../../server/alerts/messages';
import {
  afterHoursLevel,
  dayHoursAt,
  occupancyLevel,
  reportingInterval,
  silentLevel,
  unusualLevel,
} from '../../server/alerts/levels';
import { deliverAt, inQuietHours } from '../../server/alerts/quiet-hours';
import { checkRuleLevels } from '../../server/alerts/rule-bounds';
import { ALERT_RULE_DEFAULTS, defaultRearmBelow } from '../../src/api/contract';
import { zonedTimeToUtc } from '../../src/lib/zoned-time';

const ZONE = 'America/Los_Angeles';
const at = (date: string, time: string) => zonedTimeToUtc(date, time, ZONE).getTime();
const MIN = 60_000;

/** Feeds levels one minute apart; returns the minutes (index) that fired. */
function run(levels: (number | null)[], threshold = 90, rearmBelow = 80, cooldownMs = 0) {
  let state: AlertState = INITIAL_STATE;
  const fired: number[] = [];
  levels.forEach((level, i) => {
    const step = stepAlert(state, level, { threshold, rearmBelow, cooldownMs }, i * MIN);
    state = step.state;
    if (step.fire) fired.push(i);
  });
  return { fired, state };
}

describe('threshold with hysteresis and cool-down', () => {
  it('fires once when the level crosses, not again while it stays high', () => {
    expect(run([50, 89, 90, 95, 99, 91]).fired).toEqual([2]);
  });

  it('does not re-fire while hovering between the re-arm level and the threshold', () => {
    // 85 is below the threshold but above the re-arm level: still firing, no storm.
    expect(run([92, 85, 91, 84, 93, 81, 95]).fired).toEqual([0]);
  });

  it('re-arms after falling below the lower level, then fires on the next crossing', () => {
    expect(run([92, 79, 91]).fired).toEqual([0, 2]);
  });

  it('holds a second crossing inside the cool-down, and fires after it if still high', () => {
    const { fired } = run([92, 70, 95, 95, 95, 95], 90, 80, 3 * MIN);
    expect(fired).toEqual([0, 3]);
    expect(run([92, 70, 95, 70, 70], 90, 80, 10 * MIN).fired).toEqual([0]);
  });

  it('ignores observations with no level', () => {
    expect(run([null, null, 95, null]).fired).toEqual([2]);
  });
});

describe('rule levels', () => {
  it('occupancy is a percent of capacity', () => {
    expect(occupancyLevel(45, 50)).toBe(90);
    expect(occupancyLevel(3, 0)).toBe(0);
  });

  it('after-hours counts people only outside opening hours, in the community zone', () => {
    const hours = { hours: everyDay(6 * 60, 22 * 60) };
    expect(afterHoursLevel(4, at('2026-07-01', '21:59'), hours, ZONE)).toBe(0);
    expect(afterHoursLevel(4, at('2026-07-01', '22:00'), hours, ZONE)).toBe(4);
    expect(afterHoursLevel(4, at('2026-07-02', '05:30'), hours, ZONE)).toBe(4);
    expect(afterHoursLevel(4, at('2026-07-02', '12:00'), { hours: everyDay(0, 1440) }, ZONE)).toBe(
      0,
    );
  });

  it('after-hours reads the hours of the local weekday (closed Mondays, short Sundays)', () => {
    const week = everyDay(6 * 60, 22 * 60) as (DayHours | null)[];
    week[1] = null;
    week[0] = { opensMinute: 10 * 60, closesMinute: 16 * 60 };
    const pool = { hours: week };
    // 2026-07-06 is a Monday, 2026-07-05 a Sunday, 2026-07-07 a Tuesday (Los Angeles).
    expect(afterHoursLevel(3, at('2026-07-06', '12:00'), pool, ZONE)).toBe(3);
    expect(afterHoursLevel(3, at('2026-07-07', '12:00'), pool, ZONE)).toBe(0);
    expect(afterHoursLevel(3, at('2026-07-05', '17:00'), pool, ZONE)).toBe(3);
    expect(afterHoursLevel(3, at('2026-07-05', '15:59'), pool, ZONE)).toBe(0);
  });

  it('after-hours counts anyone there on a closure’s days, whatever the hours say, and says why', () => {
    const closures = [{ firstDay: '2026-07-06', lastDay: '2026-07-07', reason: 'Resurfacing' }];
    const pool = { hours: everyDay(6 * 60, 22 * 60), closures };
    expect(afterHoursLevel(3, at('2026-07-05', '23:59'), pool, ZONE)).toBe(3);
    expect(afterHoursLevel(3, at('2026-07-05', '12:00'), pool, ZONE)).toBe(0);
    expect(afterHoursLevel(3, at('2026-07-06', '12:00'), pool, ZONE)).toBe(3);
    expect(afterHoursLevel(3, at('2026-07-07', '21:00'), pool, ZONE)).toBe(3);
    expect(afterHoursLevel(3, at('2026-07-08', '06:00'), pool, ZONE)).toBe(0);
    const facts = {
      kind: 'after_hours' as const,
      occupancy: 3,
      ...dayHoursAt(pool, at('2026-07-06', '12:00'), ZONE),
    };
    expect(alertMessage('Clubhouse Pool', facts)).toBe(
      '3 people at Clubhouse Pool after hours (closed for Resurfacing, Mon, Jul 6, 2026 – Tue, Jul 7, 2026)',
    );
    // Outside a closure the note is the day's hours, as before.
    const open = {
      kind: 'after_hours' as const,
      occupancy: 1,
      ...dayHoursAt(pool, at('2026-07-08', '23:00'), ZONE),
    };
    expect(alertMessage('Clubhouse Pool', open)).toBe(
      '1 person at Clubhouse Pool after hours (open 6:00 AM - 10:00 PM on Wednesdays)',
    );
  });

  it('silence is counted in the sensor’s own reporting interval', () => {
    const t0 = at('2026-07-01', '10:00');
    const times = [0, 5, 10, 15, 20, 80, 85].map((m) => t0 + m * MIN);
    // The one-hour outage does not lengthen the learned interval.
    expect(reportingInterval(times)).toBe(5 * MIN);
    expect(reportingInterval([t0])).toBeNull();
    const interval = 5 * MIN;
    expect(silentLevel(t0, interval, t0 + 14 * MIN)).toBeLessThan(3);
    expect(silentLevel(t0, interval, t0 + 15 * MIN)).toBe(3);
    expect(silentLevel(null, interval, t0)).toBeNull();
    expect(silentLevel(t0, null, t0)).toBeNull();
  });

  it('a silence is told in the unit that reads: seconds, minutes, hours, days', () => {
    const message = (minutes: number) =>
      alertMessage('Clubhouse Pool', { kind: 'silent', minutes, intervals: 3 });
    expect(message(0.75)).toBe(
      'No readings from Clubhouse Pool for 45 seconds (3.0 reporting intervals)',
    );
    expect(message(1)).toMatch(/for 1 minute \(/);
    expect(message(119)).toMatch(/for 119 minutes \(/);
    // Whole hours and days, rounded down: never more silence than there was.
    expect(message(120)).toMatch(/for 2 hours \(/);
    expect(message(47 * 60 + 59)).toMatch(/for 47 hours \(/);
    expect(message(48 * 60)).toMatch(/for 2 days \(/);
    expect(message(35 * 24 * 60 + 600)).toMatch(/for 35 days \(/);
  });

  it('unusual usage is a robust z-score against the same weekday and hour', () => {
    // Usual Saturday 10:00 occupancy over 8 weeks; one festival week (60) does not move it.
    const history = [20, 22, 18, 21, 19, 60, 20, 23];
    // median 20.5, MAD 1.5 -> spread max(2.22, 5, 1) = 5 for capacity 100.
    expect(unusualLevel(21, history, 100)).toBeCloseTo(0.1);
    expect(unusualLevel(45, history, 100)).toBeCloseTo(4.9);
    expect(unusualLevel(0, history, 100)).toBeCloseTo(4.1);
    // An hour that is always empty: one person is not "infinitely" unusual.
    expect(unusualLevel(1, [0, 0, 0, 0], 10)).toBe(1);
    expect(unusualLevel(40, [20, 20, 20], 100)).toBeNull();
  });
});

describe('quiet hours', () => {
  const night = { startMinute: 22 * 60, endMinute: 7 * 60 };

  it('wrap past midnight', () => {
    expect(inQuietHours(at('2026-07-01', '21:59'), night, ZONE)).toBe(false);
    expect(inQuietHours(at('2026-07-01', '22:00'), night, ZONE)).toBe(true);
    expect(inQuietHours(at('2026-07-02', '06:59'), night, ZONE)).toBe(true);
    expect(inQuietHours(at('2026-07-02', '07:00'), night, ZONE)).toBe(false);
    expect(inQuietHours(at('2026-07-02', '03:00'), { startMinute: 0, endMinute: 0 }, ZONE)).toBe(
      false,
    );
  });

  it('hold a notification until they end, across a DST change', () => {
    expect(deliverAt(at('2026-07-01', '12:00'), night, ZONE)).toBe(at('2026-07-01', '12:00'));
    expect(deliverAt(at('2026-07-01', '23:30'), night, ZONE)).toBe(at('2026-07-02', '07:00'));
    expect(deliverAt(at('2026-07-02', '02:00'), night, ZONE)).toBe(at('2026-07-02', '07:00'));
    // The night clocks go back (Nov 1 2026): still 07:00 local, 9 hours after 23:00 PDT.
    const late = at('2026-10-31', '23:00');
    expect(deliverAt(late, night, ZONE)).toBe(at('2026-11-01', '07:00'));
    expect(at('2026-11-01', '07:00') - late).toBe(9 * 60 * MIN);
  });
});

describe('rule bounds per kind', () => {
  it('accepts every default and names the field that is out of bounds', () => {
    for (const [kind, levels] of Object.entries(ALERT_RULE_DEFAULTS)) {
      expect(checkRuleLevels(kind as keyof typeof ALERT_RULE_DEFAULTS, levels)).toBeNull();
    }
    const base = { threshold: 90, rearmBelow: 80, cooldownMinutes: 0 };
    expect(checkRuleLevels('occupancy', { ...base, threshold: 151 })).toBe(
      'threshold: for occupancy must be from 1 to 150 (% of capacity)',
    );
    expect(checkRuleLevels('occupancy', { ...base, rearmBelow: 95 })).toBe(
      'rearmBelow: must be at most the threshold (90)',
    );
    expect(checkRuleLevels('silent', { threshold: 3, rearmBelow: 0, cooldownMinutes: 0 })).toMatch(
      /^rearmBelow: must be above 0/,
    );
    expect(
      checkRuleLevels('unusual', { threshold: 0.5, rearmBelow: 0, cooldownMinutes: 0 }),
    ).toMatch(/^threshold: /);
  });
});

describe('default re-arm level', () => {
  it('keeps the kind’s gap below a custom threshold', () => {
    expect(defaultRearmBelow('occupancy', 90)).toBe(80);
    expect(defaultRearmBelow('occupancy', 75)).toBe(65);
    expect(defaultRearmBelow('occupancy', 5)).toBe(0);
    expect(defaultRearmBelow('unusual', 5)).toBe(3.5);
    expect(defaultRearmBelow('silent', 3)).toBe(1);
    expect(defaultRearmBelow('after_hours', 4)).toBe(4);
  });
});
