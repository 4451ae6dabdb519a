import { describe, expect, it } from 'vitest';
import type { UsageGaps } from '../../src/api/contract';
import { periodInstants } from '../../src/lib/calendar-period';
import {
  anyReading,
  formatDuration,
  formatInstant,
  formatInterval,
  mergeIntervals,
  summarizeCoverage,
} from '../../src/lib/coverage';

const ZONE = 'America/Los_Angeles';
const H = 3_600_000;
const D = 24 * H;
/** Pacific Standard Time: UTC-8 in November. */
const pst = (date: string, time: string) => Date.parse(`${date}T${time}:00-08:00`);
const iso = (ms: number) => new Date(ms).toISOString();

/** The week of Mon 16 to Sun 22 Nov 2026 in Pacific time. */
const WEEK = periodInstants('2026-11-16', '2026-11-22', ZONE);

/** `added`: the instant an amenity was added, for one added after the window's start. */
function gaps(
  silent: Record<string, number[][]>,
  from = WEEK.from,
  to = WEEK.to,
  added: Record<string, number> = {},
): UsageGaps {
  const names: Record<string, string> = {
    'grand-lake': 'Grand Lake',
    'great-lawn': 'The Great Lawn',
    'the-yard': 'The Yard',
  };
  return {
    from: iso(from),
    to: iso(to),
    amenities: Object.entries(names).map(([id, name]) => ({
      id,
      name,
      ...(added[id] === undefined ? {} : { addedAt: iso(added[id]) }),
      silent: (silent[id] ?? []).map(([a = 0, b = 0]) => ({ from: iso(a), to: iso(b) })),
    })),
  };
}

describe('summarizeCoverage', () => {
  it('states full coverage plainly when every sensor reported', () => {
    const summary = summarizeCoverage(gaps({}), WEEK, ZONE);
    expect(summary).toMatchObject({ totalMs: 7 * D, coveredMs: 7 * D, complete: true, silent: [] });
    expect(summary.text).toBe('Data for all 7 d');
  });

  it('names a silence in the community zone, hand-recomputed: 7 d − 7 h', () => {
    const silent = { 'grand-lake': [[pst('2026-11-17', '02:00'), pst('2026-11-17', '09:00')]] };
    const summary = summarizeCoverage(gaps(silent), WEEK, ZONE);
    expect(summary.coveredMs).toBe(7 * D - 7 * H);
    expect(summary.text).toBe(
      'Data for 6 d 17 h of 7 d; Grand Lake sensor silent Tue 17 Nov 02:00–09:00',
    );
    const lake = summary.amenities.find((a) => a.id === 'grand-lake');
    expect(lake?.coveredMs).toBe(7 * D - 7 * H);
    expect(summary.amenities.find((a) => a.id === 'the-yard')?.coveredMs).toBe(7 * D);
  });

  it('cuts gaps at the period edges', () => {
    // Silent from Sunday evening before the week to Monday 03:00, and from Sunday 22:00 on.
    const silent = {
      'the-yard': [
        [pst('2026-11-15', '18:00'), pst('2026-11-16', '03:00')],
        [pst('2026-11-22', '22:00'), pst('2026-11-23', '05:00')],
      ],
    };
    const wide = gaps(silent, WEEK.from - 2 * D, WEEK.to + D);
    const summary = summarizeCoverage(wide, WEEK, ZONE);
    expect(summary.coveredMs).toBe(7 * D - 3 * H - 2 * H);
    expect(summary.silent.map((i) => [i.from, i.to])).toEqual([
      [WEEK.from, pst('2026-11-16', '03:00')],
      [pst('2026-11-22', '22:00'), WEEK.to],
    ]);
    expect(summary.text).toBe(
      'Data for 6 d 19 h of 7 d; The Yard sensor silent Mon 16 Nov 00:00–03:00, Sun 22 Nov 22:00–24:00',
    );
  });

  it('counts overlapping silences of several amenities once, and caps the list', () => {
    const silent = {
      'grand-lake': [
        [pst('2026-11-17', '02:00'), pst('2026-11-17', '09:00')],
        [pst('2026-11-17', '08:00'), pst('2026-11-17', '10:00')], // overlaps: merged to 02-10
        [pst('2026-11-19', '12:00'), pst('2026-11-19', '13:00')],
      ],
      'great-lawn': [
        [pst('2026-11-17', '05:00'), pst('2026-11-17', '12:00')], // 10-12 adds 2 h
        [pst('2026-11-20', '23:00'), pst('2026-11-21', '01:00')],
      ],
      'the-yard': [[pst('2026-11-21', '10:00'), pst('2026-11-21', '11:00')]],
    };
    const summary = summarizeCoverage(gaps(silent), WEEK, ZONE);
    // Union: 02-12 Tue (10 h) + 12-13 Thu (1 h) + 23-01 Fri/Sat (2 h) + 10-11 Sat (1 h) = 14 h.
    expect(summary.coveredMs).toBe(7 * D - 14 * H);
    expect(summary.amenities.find((a) => a.id === 'grand-lake')?.silent).toHaveLength(2);
    expect(summary.text).toBe(
      'Data for 6 d 10 h of 7 d; Grand Lake sensor silent Tue 17 Nov 02:00–10:00, Thu 19 Nov 12:00–13:00; ' +
        'The Great Lawn sensor silent Tue 17 Nov 05:00–12:00 and 2 more',
    );
    // At least one is named: 0 wrote an empty list ("; ; and 5 more").
    expect(summarizeCoverage(gaps(silent), WEEK, ZONE, { maxListed: 0 }).text).toBe(
      'Data for 6 d 10 h of 7 d; Grand Lake sensor silent Tue 17 Nov 02:00–10:00 and 4 more',
    );
    expect(summarizeCoverage(gaps(silent), WEEK, ZONE, { maxListed: 10 }).text).toContain(
      'The Great Lawn sensor silent Tue 17 Nov 05:00–12:00, Fri 20 Nov 23:00 – Sat 21 Nov 01:00; The Yard sensor silent Sat 21 Nov 10:00–11:00',
    );
  });

  it('says so when there is no data at all, and names a sensor silent the whole period', () => {
    const all = {
      'grand-lake': [[WEEK.from, WEEK.to]],
      'great-lawn': [[WEEK.from, WEEK.to]],
      'the-yard': [[WEEK.from, WEEK.to]],
    };
    const none = summarizeCoverage(gaps(all), WEEK, ZONE);
    expect(none).toMatchObject({ coveredMs: 0, totalMs: 7 * D, complete: false });
    expect(none.text).toBe('No data for any of the 7 d: no sensor reported');
    const lake = summarizeCoverage(
      gaps({ 'grand-lake': [[WEEK.from - D, WEEK.to + D]] }),
      WEEK,
      ZONE,
    );
    expect(lake.text).toBe('Data for 0 min of 7 d; Grand Lake sensor silent throughout');
  });

  it('measures a DST day by its real length (23 h in spring, 25 h in autumn)', () => {
    const spring = periodInstants('2026-03-08', '2026-03-08', ZONE);
    expect(spring.to - spring.from).toBe(23 * H);
    const silent = {
      'the-yard': [
        [Date.parse('2026-03-08T01:00:00-08:00'), Date.parse('2026-03-08T04:00:00-07:00')],
      ],
    };
    const summary = summarizeCoverage(gaps(silent, spring.from, spring.to), spring, ZONE);
    // 01:00 PST to 04:00 PDT is two real hours (02:00 does not exist that night).
    expect(summary.coveredMs).toBe(21 * H);
    expect(summary.text).toBe(
      'Data for 21 h of 23 h; The Yard sensor silent Sun 8 Mar 01:00 GMT-8–04:00 GMT-7',
    );
    const autumn = periodInstants('2026-11-01', '2026-11-01', ZONE);
    expect(summarizeCoverage(gaps({}, autumn.from, autumn.to), autumn, ZONE).text).toBe(
      'Data for all 1 d 1 h',
    );
  });

  it('cuts the period to the window the gaps were computed for (a day so far)', () => {
    const now = pst('2026-11-22', '13:40');
    const today = { from: pst('2026-11-22', '00:00'), to: pst('2026-11-23', '00:00') };
    const silent = { 'grand-lake': [[pst('2026-11-22', '11:00'), now]] } as Record<
      string,
      [number, number][]
    >;
    const summary = summarizeCoverage(gaps(silent, WEEK.from, now), today, ZONE);
    expect(summary.totalMs).toBe(13 * H + 40 * 60_000);
    expect(summary.text).toBe(
      'Data for 11 h of 13 h 40 min; Grand Lake sensor silent Sun 22 Nov 11:00–13:40',
    );
  });
});

describe('summarizeCoverage: an amenity added during the period', () => {
  const added = pst('2026-11-19', '10:00');
  const firstReading = pst('2026-11-19', '12:00');

  it('covers it only from when it was added, less its silences (hand-recomputed)', () => {
    // The Yard added Thu 19 Nov 10:00, its first reading in the 12:00 hour: its own period is
    // Thu 10:00 to Mon 23 Nov 00:00 = 14 h + 3 d = 86 h; covered 86 − 2 = 84 h, not the week's
    // 168 − 2 = 166 h.
    const summary = summarizeCoverage(
      gaps({ 'the-yard': [[added, firstReading]] }, WEEK.from, WEEK.to, { 'the-yard': added }),
      WEEK,
      ZONE,
    );
    const yard = summary.amenities.find((a) => a.id === 'the-yard');
    expect(yard).toMatchObject({ addedAt: added, existedMs: 86 * H, coveredMs: 84 * H });
    // The others were there all week; the time before it was added is no silence.
    expect(summary.amenities.find((a) => a.id === 'grand-lake')).toMatchObject({
      addedAt: null,
      existedMs: 7 * D,
      coveredMs: 7 * D,
    });
    expect(summary.coveredMs).toBe(7 * D - 2 * H);
    expect(summary.text).toBe(
      'Data for 6 d 22 h of 7 d; The Yard sensor silent Thu 19 Nov 10:00–12:00',
    );
  });

  it('one without a sensor is silent since it was added, not "throughout"', () => {
    const summary = summarizeCoverage(
      gaps({ 'the-yard': [[added, WEEK.to + D]] }, WEEK.from, WEEK.to + D, { 'the-yard': added }),
      WEEK,
      ZONE,
    );
    expect(summary.amenities.find((a) => a.id === 'the-yard')).toMatchObject({
      existedMs: 86 * H,
      coveredMs: 0,
    });
    expect(summary.coveredMs).toBe(7 * D - 86 * H);
    expect(summary.text).toBe(
      'Data for 3 d 10 h of 7 d; The Yard sensor silent Thu 19 Nov 10:00 – Mon 23 Nov 00:00',
    );
  });

  it('one added after the period has no time in it, and is not "silent throughout"', () => {
    const later = pst('2026-11-24', '09:00');
    const summary = summarizeCoverage(
      gaps({ 'the-yard': [[later, later + H]] }, WEEK.from, WEEK.to + 2 * D, {
        'the-yard': later,
      }),
      WEEK,
      ZONE,
    );
    expect(summary.amenities.find((a) => a.id === 'the-yard')).toMatchObject({
      addedAt: later,
      existedMs: 0,
      coveredMs: 0,
      silent: [],
    });
    expect(summary.text).toBe('Data for all 7 d');
    // With every other sensor silent: still not "no sensor reported" on its account.
    const silentWeek = gaps(
      { 'grand-lake': [[WEEK.from, WEEK.to]], 'great-lawn': [[WEEK.from, WEEK.to]] },
      WEEK.from,
      WEEK.to + 2 * D,
      { 'the-yard': later },
    );
    expect(summarizeCoverage(silentWeek, WEEK, ZONE).text).toBe(
      'No data for any of the 7 d: no sensor reported',
    );
  });

  it('with no live amenity in the period, none of it is covered: no sensor vouches for it', () => {
    // None set up yet (or every one archived): the gaps list no amenity.
    const empty = summarizeCoverage({ ...gaps({}), amenities: [] }, WEEK, ZONE);
    expect(empty).toMatchObject({ totalMs: 7 * D, coveredMs: 0, complete: false, silent: [] });
    expect(empty.text).toBe('No amenity during these 7 d, so nothing to count');
    // Every amenity added after it: the same.
    const later = pst('2026-11-24', '09:00');
    const afterwards = summarizeCoverage(
      gaps({}, WEEK.from, WEEK.to + 2 * D, {
        'grand-lake': later,
        'great-lawn': later,
        'the-yard': later,
      }),
      WEEK,
      ZONE,
    );
    expect(afterwards).toMatchObject({ coveredMs: 0, complete: false });
    expect(afterwards.text).toBe('No amenity during these 7 d, so nothing to count');
  });

  it('with every amenity added during it, the time before the first is not covered', () => {
    // The Great Lawn added Wed 18 Nov 12:00, the others Thu 19 Nov 10:00, none silent since:
    // covered = Wed 12:00 to Mon 00:00 = 4 d 12 h of 7 d, not all 7 d for want of a silence.
    const first = pst('2026-11-18', '12:00');
    const week = gaps({ 'the-yard': [[added, firstReading]] }, WEEK.from, WEEK.to, {
      'great-lawn': first,
      'grand-lake': added,
      'the-yard': added,
    });
    const summary = summarizeCoverage(week, WEEK, ZONE);
    expect(summary).toMatchObject({
      checkedFrom: first,
      coveredMs: 4 * D + 12 * H - 2 * H,
      complete: false,
    });
    expect(summary.amenities.find((a) => a.id === 'great-lawn')).toMatchObject({
      existedMs: 4 * D + 12 * H,
      coveredMs: 4 * D + 12 * H,
    });
    expect(summary.text).toBe(
      'Data for 4 d 10 h of 7 d; no amenity before Wed 18 Nov 12:00; The Yard sensor silent Thu 19 Nov 10:00–12:00',
    );
    // Under a KPI (one silence named), the note stays and the rest are counted.
    const twice = gaps(
      {
        'the-yard': [[added, firstReading]],
        'grand-lake': [[pst('2026-11-20', '01:00'), pst('2026-11-20', '02:00')]],
      },
      WEEK.from,
      WEEK.to,
      { 'great-lawn': first, 'grand-lake': added, 'the-yard': added },
    );
    expect(summarizeCoverage(twice, WEEK, ZONE, { maxListed: 1 }).text).toBe(
      'Data for 4 d 9 h of 7 d; no amenity before Wed 18 Nov 12:00; The Yard sensor silent Thu 19 Nov 10:00–12:00 and 1 more',
    );
    // From the first amenity's arrival on, the same readings cover all of the period.
    const since = { from: first, to: WEEK.to };
    expect(
      summarizeCoverage(gaps({}, WEEK.from, WEEK.to, { 'great-lawn': first }), since, ZONE),
    ).toMatchObject({ complete: true, text: 'Data for all 4 d 12 h' });
  });

  it('one added before the period (or at its start) is there all of it', () => {
    const summary = summarizeCoverage(
      gaps({}, WEEK.from - D, WEEK.to, { 'the-yard': WEEK.from - 3 * H }),
      WEEK,
      ZONE,
    );
    expect(summary.amenities.find((a) => a.id === 'the-yard')).toMatchObject({
      addedAt: null,
      existedMs: 7 * D,
      coveredMs: 7 * D,
    });
  });

  it('names no silence shorter than a minute, but counts it in the covered time', () => {
    // Now Sun 22 Nov 01:58:40; The Yard added at 01:58:10, no reading yet: silent 30 s.
    const now = pst('2026-11-22', '01:58') + 40_000;
    const yardAdded = now - 30_000;
    const today = { from: pst('2026-11-22', '00:00'), to: pst('2026-11-23', '00:00') };
    const summary = summarizeCoverage(
      gaps({ 'the-yard': [[yardAdded, now]] }, WEEK.from, now, { 'the-yard': yardAdded }),
      today,
      ZONE,
    );
    // 1 h 58 min 40 s − 30 s = 1 h 58 min 10 s, shown to the minute; nothing to name.
    expect(summary.coveredMs).toBe(summary.totalMs - 30_000);
    expect(summary.complete).toBe(false);
    expect(summary.text).toBe('Data for all but under a minute of 1 h 58 min');
    // Beside a longer silence: that one is named, the short one neither named nor counted.
    const both = summarizeCoverage(
      gaps(
        { 'the-yard': [[yardAdded, now]], 'grand-lake': [[pst('2026-11-22', '00:00'), now]] },
        WEEK.from,
        now,
        { 'the-yard': yardAdded },
      ),
      today,
      ZONE,
    );
    expect(both.text).toBe('Data for 0 min of 1 h 58 min; Grand Lake sensor silent throughout');
  });
});

describe('anyReading', () => {
  const all = { from: WEEK.from, to: WEEK.to };
  it('is true while one sensor reported at some moment, even when every other was silent', () => {
    const silent = {
      'grand-lake': [[WEEK.from, WEEK.to]],
      'great-lawn': [[WEEK.from, WEEK.to]],
      'the-yard': [[WEEK.from, WEEK.to - 60_000]],
    };
    expect(anyReading(summarizeCoverage(gaps(silent), all, ZONE))).toBe(true);
  });

  it('is false when every sensor was silent throughout, or there is no amenity at all', () => {
    const silent = {
      'grand-lake': [[WEEK.from, WEEK.to]],
      'great-lawn': [[WEEK.from, WEEK.to]],
      'the-yard': [[WEEK.from, WEEK.to]],
    };
    expect(anyReading(summarizeCoverage(gaps(silent), all, ZONE))).toBe(false);
    const none = { from: iso(WEEK.from), to: iso(WEEK.to), amenities: [] };
    expect(anyReading(summarizeCoverage(none, all, ZONE))).toBe(false);
  });

  it('is false for an amenity added during the period that has not reported since', () => {
    const added = WEEK.to - 2 * H;
    const silent = {
      'grand-lake': [[WEEK.from, WEEK.to]],
      'great-lawn': [[WEEK.from, WEEK.to]],
      'the-yard': [[added, WEEK.to]],
    };
    const summary = summarizeCoverage(
      gaps(silent, WEEK.from, WEEK.to, { 'the-yard': added }),
      all,
      ZONE,
    );
    expect(anyReading(summary)).toBe(false);
  });
});

describe('coverage helpers', () => {
  it('merges touching and overlapping intervals, drops empty ones', () => {
    expect(
      mergeIntervals([
        { from: 5, to: 7 },
        { from: 0, to: 2 },
        { from: 2, to: 3 },
        { from: 6, to: 9 },
        { from: 4, to: 4 },
      ]),
    ).toEqual([
      { from: 0, to: 3 },
      { from: 5, to: 9 },
    ]);
  });

  it('formats durations and intervals', () => {
    expect(formatDuration(6 * D + 21 * H)).toBe('6 d 21 h');
    expect(formatDuration(45 * 60_000 + 59_999)).toBe('45 min');
    expect(formatDuration(0)).toBe('0 min');
    expect(
      formatInterval({ from: pst('2026-11-17', '22:00'), to: pst('2026-11-18', '03:00') }, ZONE),
    ).toBe('Tue 17 Nov 22:00 – Wed 18 Nov 03:00');
    expect(formatInstant(pst('2026-11-24', '10:00'), ZONE)).toBe('Tue 24 Nov 10:00');
  });

  it('says the offsets of a silence during which the clocks change', () => {
    // 1 November 2026: the clocks go back from 02:00 PDT to 01:00 PST, so 01:00 comes twice.
    const firstOneAm = Date.parse('2026-11-01T08:00:00Z');
    expect(formatInterval({ from: firstOneAm, to: firstOneAm + H }, ZONE)).toBe(
      'Sun 1 Nov 01:00 GMT-7–01:00 GMT-8',
    );
    expect(formatInterval({ from: firstOneAm + 30 * 60_000, to: firstOneAm + H }, ZONE)).toBe(
      'Sun 1 Nov 01:30 GMT-7–01:00 GMT-8',
    );
    // Three hours, not the two that 00:00–02:00 would say.
    expect(formatInterval({ from: firstOneAm - H, to: firstOneAm + 2 * H }, ZONE)).toBe(
      'Sun 1 Nov 00:00 GMT-7–02:00 GMT-8',
    );
    // 8 March 2026: from 02:00 PST to 03:00 PDT, so 01:00–03:00 lasts one hour.
    const oneAm = pst('2026-03-08', '01:00');
    expect(formatInterval({ from: oneAm, to: oneAm + H }, ZONE)).toBe(
      'Sun 8 Mar 01:00 GMT-8–03:00 GMT-7',
    );
    // Within the repeated hour, after the change, the clocks agree again.
    expect(formatInterval({ from: firstOneAm + H, to: firstOneAm + 2 * H }, ZONE)).toBe(
      'Sun 1 Nov 01:00–02:00',
    );
  });
});
