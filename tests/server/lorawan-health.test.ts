import { describe, expect, it } from 'vitest';
import { sensorHealth, type HealthInput } from '../../server/lorawan/health';

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
