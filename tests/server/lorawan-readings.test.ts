import { describe, expect, it } from 'vitest';
import { ReadingSchema } from '../../src/api/contract';
import { normalizeDecoded, type PeopleCounts } from '../../server/lorawan/decoded';
import { decodeMilesight, hexToBytes } from '../../server/lorawan/milesight';
import {
  initialDeviceState,
  RECENT_KEYS,
  uplinksToReadings,
  uplinkToReading,
  type CountingUplink,
  type DeviceMapping,
  type DeviceState,
} from '../../server/lorawan/to-readings';

const AREA: DeviceMapping = { amenityId: 'community-hall', mode: 'area' };
const LINE: DeviceMapping = { amenityId: 'great-lawn', mode: 'line' };

let n = 0;
function up(
  minute: number,
  counts: PeopleCounts,
  extra: Partial<CountingUplink> = {},
): CountingUplink {
  n += 1;
  return {
    receivedAt: new Date(Date.UTC(2026, 2, 18, 18, minute)).toISOString(),
    fCnt: minute,
    dedupKey: `key-${n}`,
    counts,
    ...extra,
  };
}

function frame(hex: string): PeopleCounts {
  const decoded = decodeMilesight(hexToBytes(hex) ?? new Uint8Array());
  if (!decoded.ok) throw new Error(decoded.error);
  const result = normalizeDecoded(decoded.fields);
  if (!result.ok) throw new Error(result.error);
  return result.counts;
}

const totals = (line: number, totalIn: number, totalOut: number) => ({
  lines: [{ line, totalIn, totalOut }],
});

function run(mapping: DeviceMapping, uplinks: CountingUplink[], state = initialDeviceState()) {
  return uplinksToReadings(mapping, state, uplinks);
}

describe('area counters (VS121)', () => {
  it('occupancy from the people count, entries from people in', () => {
    const { readings } = run(AREA, [up(0, frame('04C9030800A1 06CD05 05CC02000100'))]);
    expect(readings).toEqual([
      {
        amenityId: 'community-hall',
        time: '2026-03-18T18:00:00.000Z',
        occupancy: 3,
        entries: 2,
        dwellMinutes: 0,
      },
    ]);
    expect(ReadingSchema.safeParse(readings[0]).success).toBe(true);
  });

  it('occupancy only: no entries', () => {
    const { readings } = run(AREA, [up(0, { occupancy: 7 }), up(5, { occupancy: 4 })]);
    expect(readings.map((r) => [r.occupancy, r.entries])).toEqual([
      [7, 0],
      [4, 0],
    ]);
  });

  it('selected regions count instead of the whole area', () => {
    const counts = frame('04C9090800A1 07D50001000000000003 08D50100000000000000');
    const whole = run(AREA, [up(0, counts)]).readings[0];
    const some = run({ ...AREA, regions: [2, 8] }, [up(0, counts)]).readings[0];
    expect(whole?.occupancy).toBe(9);
    expect(some?.occupancy).toBe(4);
  });

  it('entries from differences of the VS121 totals when no period counts are sent', () => {
    const { readings } = run(AREA, [
      up(0, { occupancy: 1, ...totals(1, 10, 9) }),
      up(5, { occupancy: 3, ...totals(1, 14, 11) }),
    ]);
    expect(readings.map((r) => r.entries)).toEqual([0, 4]);
  });

  it('dwell seconds to minutes', () => {
    const { readings } = run(AREA, [up(0, frame('04C902000000 0EE4005A002C01'))]);
    expect(readings[0]?.dwellMinutes).toBe(1.5);
  });
});

describe('line counters (VS133)', () => {
  it('entries from period in; occupancy from the region counts', () => {
    const { readings } = run(LINE, [
      up(0, frame('05CC00000000 08CC00000000 0BCC00000000 0ECC05000700 0FE302100709')),
    ]);
    expect(readings[0]).toMatchObject({ entries: 5, occupancy: 34 });
  });

  it('only the selected lines and regions count', () => {
    const counts = frame('05CC03000100 08CC00000000 0BCC00000000 0ECC05000700 0FE302100709');
    const { readings } = run({ ...LINE, lines: [1], regions: [1, 3] }, [up(0, counts)]);
    expect(readings[0]).toMatchObject({ entries: 3, occupancy: 9 });
  });

  it('entries from differences of running totals; the first totals are a baseline', () => {
    const { readings, state } = run(LINE, [
      up(0, totals(1, 100, 90)),
      up(5, totals(1, 104, 91)),
      up(10, totals(1, 104, 95)),
    ]);
    expect(readings.map((r) => [r.entries, r.occupancy])).toEqual([
      [0, 10],
      [4, 13],
      [0, 9],
    ]);
    expect(state.totals).toEqual({ 1: { in: 104, out: 95 } });
  });

  it('a total lower than the previous one is a reset: count from the new value', () => {
    const { readings } = run(LINE, [
      up(0, totals(1, 5300, 5290)),
      up(5, totals(1, 5306, 5298)),
      up(10, totals(1, 3, 1)), // cleared (e.g. the nightly reset) and 3 more came in
      up(15, totals(1, 7, 2)),
    ]);
    expect(readings.map((r) => r.entries)).toEqual([0, 6, 3, 4]);
    expect(readings.map((r) => r.occupancy)).toEqual([10, 8, 2, 5]);
  });

  it('a reboot (reset event, no counts) makes the next totals count from zero', () => {
    const { readings, skipped } = run(LINE, [
      up(0, totals(1, 50, 40)),
      up(5, { rebooted: true }),
      up(10, totals(1, 60, 41)), // higher than before the reboot, yet all new
    ]);
    expect(skipped.map((s) => s.reason)).toEqual(['no-counts']);
    expect(readings.map((r) => r.entries)).toEqual([0, 60]);
  });

  it('a frame counter going back (rejoin, wrap) with totals not lower counts the increase', () => {
    // QA: a VS133 whose 16-bit frame counter wrapped (or that rejoined) without clearing its
    // counters was read as counting from zero: 1,008 entries and 1,010 visits in the hour.
    const { readings } = run(LINE, [
      up(0, totals(1, 1000, 990), { fCnt: 65535 }),
      up(5, totals(1, 1003, 991), { fCnt: 0 }),
      up(10, totals(1, 1008, 995), { fCnt: 3 }),
    ]);
    expect(readings.map((r) => r.entries)).toEqual([0, 3, 5]);
    expect(readings.map((r) => r.occupancy)).toEqual([10, 12, 13]);
  });

  it('a frame counter going back with lower totals is a restart: count the new totals', () => {
    const { readings } = run(LINE, [
      up(0, totals(1, 50, 40), { fCnt: 900 }),
      up(5, totals(1, 4, 1), { fCnt: 0 }), // rebooted: its counters start from zero
      up(10, totals(1, 9, 3), { fCnt: 1 }),
    ]);
    expect(readings.map((r) => r.entries)).toEqual([0, 4, 5]);
  });

  it('totals of several lines add up; occupancy is in - out clamped at zero', () => {
    const { readings } = run(LINE, [
      up(0, {
        lines: [
          { line: 1, totalIn: 72, totalOut: 200 },
          { line: 4, totalIn: 5300, totalOut: 5000 },
        ],
      }),
      up(5, {
        lines: [
          { line: 1, totalIn: 80, totalOut: 210 },
          { line: 4, totalIn: 5301, totalOut: 5000 },
        ],
      }),
    ]);
    expect(readings.map((r) => [r.entries, r.occupancy])).toEqual([
      [0, 172],
      [9, 171],
    ]);
    const clamped = run({ ...LINE, lines: [1] }, [up(0, totals(1, 72, 200))]);
    expect(clamped.readings[0]?.occupancy).toBe(0);
  });

  it('period counts only: a running in - out estimate, clamped at zero', () => {
    const period = (periodIn: number, periodOut: number) => ({
      lines: [{ line: 1, periodIn, periodOut }],
    });
    const { readings } = run(LINE, [
      up(0, period(5, 0)),
      up(5, period(2, 4)),
      up(10, period(0, 9)),
      up(15, period(1, 0)),
    ]);
    expect(readings.map((r) => r.occupancy)).toEqual([5, 3, 0, 1]);
  });

  it('period counts win over totals for entries, and the totals are kept', () => {
    const { readings, state } = run(LINE, [
      up(0, frame('05CC0300010008CC0200000003D2E803000004D2E0030000')),
    ]);
    expect(readings[0]?.entries).toBe(5);
    expect(state.totals[1]).toEqual({ in: 1000, out: 992 });
  });

  it('dwell: the mean of the selected regions, seconds to minutes', () => {
    const counts = frame('0FE301010101 10E4015A000000 10E4022C010000');
    expect(run(LINE, [up(0, counts)]).readings[0]?.dwellMinutes).toBe(3.25);
    expect(run({ ...LINE, regions: [2] }, [up(0, counts)]).readings[0]?.dwellMinutes).toBe(5);
  });
});

describe('duplicates and order', () => {
  it('a duplicate delivery gives no reading and changes nothing', () => {
    const first = up(0, totals(1, 10, 0));
    const second = up(5, totals(1, 15, 2));
    const { readings, skipped, state } = run(LINE, [first, second, { ...second }, first]);
    expect(readings.map((r) => r.entries)).toEqual([0, 5]);
    expect(skipped).toEqual([
      { dedupKey: second.dedupKey, reason: 'duplicate' },
      { dedupKey: first.dedupKey, reason: 'duplicate' },
    ]);
    expect(state.totals[1]).toEqual({ in: 15, out: 2 });
  });

  it('an uplink older than the last one handled is skipped', () => {
    const { readings, skipped, state } = run(LINE, [
      up(10, totals(1, 20, 0)),
      up(5, totals(1, 18, 0)),
      up(15, totals(1, 21, 0)),
    ]);
    expect(readings.map((r) => r.entries)).toEqual([0, 1]);
    expect(skipped.map((s) => s.reason)).toEqual(['out-of-order']);
    expect(state.lastReceivedAt).toBe('2026-03-18T18:15:00.000Z');
  });

  it('a late uplink with period counts and its occupancy is a reading at its own time', () => {
    // A VS121 that reports people in per period: the uplink of 18:05 arrives after the one of
    // 18:10 (a gateway's backlog). Its 4 entries are its own period's, so they are not lost.
    const period = (occupancy: number, periodIn: number) => ({
      occupancy,
      lines: [{ line: 1, periodIn, periodOut: 0 }],
    });
    const { readings, skipped, state } = run(AREA, [
      up(0, period(3, 2)),
      up(10, period(5, 6)),
      up(5, period(4, 4)),
      up(15, period(6, 1)),
    ]);
    expect(readings.map((r) => [r.time.slice(11, 16), r.occupancy, r.entries])).toEqual([
      ['18:00', 3, 2],
      ['18:10', 5, 6],
      ['18:05', 4, 4],
      ['18:15', 6, 1],
    ]);
    expect(skipped).toEqual([]);
    // The counting state is the newest uplink's, as if the late one had not come.
    expect(state.lastReceivedAt).toBe('2026-03-18T18:15:00.000Z');
    expect(state.occupancy).toBe(6);
  });

  it('a late uplink that needs the state (totals only, no occupancy, or the same time) is skipped', () => {
    const { readings, skipped } = run(AREA, [
      up(10, { occupancy: 5, lines: [{ line: 1, periodIn: 6 }] }),
      // Running totals: their increase is from an uplink that came later.
      up(5, { occupancy: 4, lines: [{ line: 1, totalIn: 30, totalOut: 20 }] }),
      // No occupancy measured (the running estimate is the newest uplink's, not its own).
      up(6, { lines: [{ line: 1, periodIn: 3, periodOut: 1 }] }),
      // The same time as the last: it would take that reading's place.
      up(10, { occupancy: 5, lines: [{ line: 1, periodIn: 1 }] }),
    ]);
    expect(readings).toHaveLength(1);
    expect(skipped.map((s) => s.reason)).toEqual(['out-of-order', 'out-of-order', 'out-of-order']);
  });

  it('remembers at most RECENT_KEYS dedup keys', () => {
    const uplinks = Array.from({ length: RECENT_KEYS + 10 }, (_, i) => up(i, { occupancy: i }));
    const { state } = run(AREA, uplinks);
    expect(state.recent).toHaveLength(RECENT_KEYS);
    expect(state.recent.at(-1)).toBe(uplinks.at(-1)?.dedupKey);
  });

  it('an uplink without counts only updates the device state', () => {
    const step = uplinkToReading(AREA, initialDeviceState(), up(0, { battery: 90 }));
    expect(step.reading).toBeUndefined();
    expect(step.skipped).toBe('no-counts');
    expect(step.state.lastReceivedAt).toBe('2026-03-18T18:00:00.000Z');
  });

  it('the state survives JSON (stored between requests)', () => {
    const half = run(LINE, [up(0, totals(1, 10, 0)), up(5, totals(1, 12, 1))]);
    const stored = JSON.parse(JSON.stringify(half.state)) as DeviceState;
    const rest = run(LINE, [up(10, totals(1, 15, 1))], stored);
    expect(rest.readings[0]).toMatchObject({ entries: 3, occupancy: 14 });
  });

  it('the input state is not mutated', () => {
    const state = initialDeviceState();
    const copy = structuredClone(state);
    run(LINE, [up(0, totals(1, 10, 0)), up(5, totals(1, 12, 1))], state);
    expect(state).toEqual(copy);
  });
});
