import { describe, expect, it } from 'vitest';
import { hasCounts, normalizeDecoded, type PeopleCounts } from '../../server/lorawan/decoded';
import { decodeMilesight, hexToBytes } from '../../server/lorawan/milesight';

function counts(decoded: unknown): PeopleCounts {
  const result = normalizeDecoded(decoded);
  if (!result.ok) throw new Error(result.error);
  return result.counts;
}

function raw(hex: string): PeopleCounts {
  const result = decodeMilesight(hexToBytes(hex) ?? new Uint8Array());
  if (!result.ok) throw new Error(result.error);
  return counts(result.fields);
}

describe('Milesight spelling (SensorDecoders)', () => {
  it('VS121 people count, regions and max', () => {
    expect(
      counts({
        people_count_all: 3,
        region_count: 8,
        region_1: 1,
        region_2: 0,
        region_6: 1,
        region_8: 1,
        people_count_max: 5,
      }),
    ).toEqual({ occupancy: 3, occupancyMax: 5, occupiedRegions: [1, 6, 8] });
  });

  it('VS121 people in/out are line 1 period counts, totals line 1 totals', () => {
    expect(
      counts({ people_in: 2, people_out: 1, people_total_in: 40, people_total_out: 38 }),
    ).toEqual({ lines: [{ line: 1, periodIn: 2, periodOut: 1, totalIn: 40, totalOut: 38 }] });
  });

  it('VS121 region counts and dwell', () => {
    expect(
      counts({ region_2_count: 1, region_10_count: 4, dwell_time_avg: 600, dwell_time_max: 900 }),
    ).toEqual({
      regionCounts: [
        { region: 2, count: 1 },
        { region: 10, count: 4 },
      ],
      dwell: [{ avgSeconds: 600, maxSeconds: 900 }],
    });
  });

  it('VS133 flat line, region and dwell fields', () => {
    expect(
      counts({
        line_1_total_in: 72,
        line_1_total_out: 200,
        line_4_period_in: 5,
        line_4_period_out: 7,
        region_1_count: 2,
        region_2_count: 16,
        region_1_avg_dwell: 4105,
        region_1_max_dwell: 8465,
        region_2_max_dwell: 10,
      }),
    ).toEqual({
      lines: [
        { line: 1, totalIn: 72, totalOut: 200 },
        { line: 4, periodIn: 5, periodOut: 7 },
      ],
      regionCounts: [
        { region: 1, count: 2 },
        { region: 2, count: 16 },
      ],
      dwell: [
        { region: 1, avgSeconds: 4105, maxSeconds: 8465 },
        { region: 2, maxSeconds: 10 },
      ],
    });
  });

  it('battery and reset event', () => {
    expect(counts({ battery: 87, reset_event: 1, ipso_version: 'v0.1' })).toEqual({
      battery: 87,
      rebooted: true,
    });
  });
});

describe('TTN device repository spelling (lorawan-devices vendor/milesight-iot)', () => {
  it('VS121: people_counter_all and regions[] (vs121-codec.yaml example output)', () => {
    expect(
      counts({
        people_counter_all: 3,
        region_count: 3,
        regions: [
          { count: 1, index: 0 },
          { count: 1, index: 1 },
          { count: 0, index: 2 },
        ],
      }),
    ).toEqual({ occupancy: 3, occupiedRegions: [1, 2] });
  });

  it('VS133: nested line objects (vs133-codec.yaml example output)', () => {
    expect(
      counts({
        line_1: { total_in: 72, total_out: 200, period_in: 0, period_out: 0 },
        line_2: { total_in: 0, total_out: 0, period_in: 0, period_out: 0 },
      }),
    ).toEqual({
      lines: [
        { line: 1, totalIn: 72, totalOut: 200, periodIn: 0, periodOut: 0 },
        { line: 2, totalIn: 0, totalOut: 0, periodIn: 0, periodOut: 0 },
      ],
    });
  });

  it('both spellings of the same frame normalise to the same counts', () => {
    const milesight = counts({
      line_1_total_in: 72,
      line_1_total_out: 200,
      line_1_period_in: 0,
      line_1_period_out: 0,
    });
    const ttn = counts({ line_1: { total_in: 72, total_out: 200, period_in: 0, period_out: 0 } });
    expect(ttn).toEqual(milesight);
    expect(raw('03D248000000 04D2C8000000 05CC00000000 08CC00000000').lines?.[0]).toEqual(
      milesight.lines?.[0],
    );
  });
});

describe('raw frames through the normaliser', () => {
  it('VS121 frame', () => {
    expect(raw('04C9030800A1 06CD05 05CC02000100')).toEqual({
      occupancy: 3,
      occupancyMax: 5,
      occupiedRegions: [1, 6, 8],
      lines: [{ line: 1, periodIn: 2, periodOut: 1 }],
    });
  });

  it('VS133 dwell frame', () => {
    expect(raw('10E40476001387').dwell).toEqual([
      { region: 4, avgSeconds: 118, maxSeconds: 34579 },
    ]);
  });
});

describe('invalid values name the field', () => {
  it.each([
    [{ people_count_all: -1 }, 'people_count_all: expected a whole number from 0 to 4294967295'],
    [{ people_counter_all: 2.5 }, 'people_counter_all: expected a whole number'],
    [{ line_2_total_in: '72' }, 'line_2_total_in: expected a whole number'],
    [{ line_1: { total_in: -3 } }, 'line_1.total_in: expected a whole number'],
    [{ line_1: 5 }, 'line_1: expected an object'],
    [{ line_99_total_in: 1 }, 'line_99_total_in: number 99 is out of range 1-16'],
    [{ regions: {} }, 'regions: expected an array'],
    [{ regions: [{ index: 0, count: 'x' }] }, 'regions.0.count: expected a whole number'],
    [{ regions: [5] }, 'regions.0: expected an object'],
    [{ battery: 140 }, 'battery: expected a percentage from 0 to 100'],
    [{ region_3_avg_dwell: 1e12 }, 'region_3_avg_dwell: expected a whole number'],
  ])('%j', (decoded, message) => {
    const result = normalizeDecoded(decoded);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it('not an object', () => {
    expect(normalizeDecoded([1, 2])).toEqual({
      ok: false,
      error: 'decoded payload: expected an object',
    });
    expect(normalizeDecoded(null).ok).toBe(false);
  });

  it('unknown keys and nulls are ignored', () => {
    expect(counts({ temperature: 21.5, people_count_all: null, sn: '6600b0940976' })).toEqual({});
  });
});

describe('hasCounts', () => {
  it('is false for battery or flags only', () => {
    expect(hasCounts({})).toBe(false);
    expect(hasCounts({ battery: 80, rebooted: true, occupiedRegions: [1] })).toBe(false);
    expect(hasCounts({ occupancy: 0 })).toBe(true);
    expect(hasCounts({ lines: [{ line: 1, periodIn: 0 }] })).toBe(true);
  });
});
