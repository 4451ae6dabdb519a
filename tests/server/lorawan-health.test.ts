import { describe, expect, it } from 'vitest';
import { sensorHealth, type HealthInput } from '../../server/lorawan/health';
import {
  addUncounted,
  asUncounted,
  MAX_UNCOUNTED,
  recentUncounted,
  UNCOUNTED_SHOWN_MS,
} from '../../server/lorawan/uncounted';

const NOW = Date.parse('2026-03-18T12:00:00Z');
const MIN = 60_000;
const DAY = 86_400_000;

/** A VS121 on its default 10-minute interval, registered a week ago, all well. */
const input = (overrides: Partial<HealthInput> = {}): HealthInput => ({
  now: NOW,
  registeredAt: NOW - 7 * DAY,
  lastUplinkAt: NOW - 2 * MIN,
  uplinks24h: 144,
  reportIntervalSeconds: 600,
  battery: 90,
  rssi: -90,
  snr: 7,
  ...overrides,
});

describe('sensorHealth', () => {
  it('is ok within 1.5 intervals, late up to 3, silent beyond', () => {
    const at = (minutesAgo: number) =>
      sensorHealth(input({ lastUplinkAt: NOW - minutesAgo * MIN })).status;
    expect(at(0)).toBe('ok');
    expect(at(15)).toBe('ok');
    expect(at(15.01)).toBe('late');
    expect(at(30)).toBe('late');
    expect(at(30.01)).toBe('silent');
    expect(at(600)).toBe('silent');
  });

  it('is never-seen without an uplink, whatever else it knows', () => {
    expect(sensorHealth(input({ lastUplinkAt: null, uplinks24h: 0 }))).toEqual({
      status: 'never-seen',
      expected24h: 144,
      warnings: ['few-uplinks'],
    });
  });

  it('expects one uplink per whole interval in 24 h, or since registration', () => {
    expect(sensorHealth(input()).expected24h).toBe(144);
    expect(sensorHealth(input({ reportIntervalSeconds: 900 })).expected24h).toBe(96);
    expect(sensorHealth(input({ registeredAt: NOW - 95 * MIN })).expected24h).toBe(9);
    expect(sensorHealth(input({ registeredAt: NOW + MIN })).expected24h).toBe(0);
  });

  it('warns under 80% of the expected uplinks, under 20% battery, and on a weak signal', () => {
    expect(sensorHealth(input()).warnings).toEqual([]);
    expect(sensorHealth(input({ uplinks24h: 116 })).warnings).toEqual([]);
    expect(sensorHealth(input({ uplinks24h: 115 })).warnings).toEqual(['few-uplinks']);
    expect(sensorHealth(input({ battery: 19.5 })).warnings).toEqual(['low-battery']);
    expect(sensorHealth(input({ battery: 20 })).warnings).toEqual([]);
    expect(sensorHealth(input({ rssi: -116 })).warnings).toEqual(['weak-signal']);
    expect(sensorHealth(input({ snr: -10.5 })).warnings).toEqual(['weak-signal']);
    expect(sensorHealth(input({ battery: null, rssi: null, snr: null })).warnings).toEqual([]);
  });
});

describe('entries not counted', () => {
  const at = (minutesAgo: number) => new Date(NOW - minutesAgo * MIN).toISOString();
  const skip = (from: number, to: number, entries: number) => ({
    from: at(from),
    to: at(to),
    entries,
    reason: `entries ${entries} is more than 10 times the capacity of 40`,
  });

  it('warns while a record of the last 30 days is kept', () => {
    expect(sensorHealth(input({ uncounted: 1 })).warnings).toEqual(['uncounted-entries']);
    expect(sensorHealth(input({ uncounted: 0 })).warnings).toEqual([]);
    const records = addUncounted([], skip(40, 30, 446));
    expect(recentUncounted(records, NOW)).toHaveLength(1);
    expect(recentUncounted(records, NOW + UNCOUNTED_SHOWN_MS)).toEqual([]);
  });

  it('merges an uplink refused right after another into one record; others add one', () => {
    let records = addUncounted([], skip(40, 30, 446));
    records = addUncounted(records, skip(30, 20, 448));
    expect(records).toEqual([
      { ...skip(40, 20, 894), uplinks: 2, reason: skip(30, 20, 448).reason },
    ]);
    records = addUncounted(records, skip(10, 0, 500));
    expect(records.map((r) => [r.entries, r.uplinks])).toEqual([
      [894, 2],
      [500, 1],
    ]);
    for (let i = 0; i < MAX_UNCOUNTED + 5; i++) {
      records = addUncounted(records, { ...skip(0, 0, i), from: null });
    }
    expect(records).toHaveLength(MAX_UNCOUNTED);
    expect(asUncounted(JSON.parse(JSON.stringify(records)))).toEqual(records);
    expect(asUncounted([{ from: 'x' }, 'nope', null])).toEqual([]);
  });
});
