import { describe, expect, it, vi } from 'vitest';
import { EVENT_TEMPLATES } from '../../server/amy/templates';
import type { Community } from '../../server/community';
import type { Queryable } from '../../server/db/database';
import { DEMO_AMENITIES } from '../../server/simulator/demo';
import { simulateEvents } from '../../server/simulator/events';
import { LiveSimulator } from '../../server/simulator/live';
import { localMomentFn, simulateReading } from '../../server/simulator/model';
import { DEMO_PROFILES } from '../../server/simulator/seed';

const zone = 'America/Los_Angeles';

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing test fixture');
  return value;
}
const community: Community = {
  id: 1,
  slug: 'demo',
  name: 'Demo',
  timeZone: zone,
  code: 'X',
  address: '',
  currency: 'USD',
  createdAt: 0,
  amenities: DEMO_AMENITIES.map((a, i) => ({ ...a, id: i + 1, monthlyOperatingCost: null })),
  archivedAmenities: [],
};
const lawn = must(community.amenities[0]);
const lawnProfile = must(DEMO_PROFILES.get('great-lawn'));
const momentAt = localMomentFn(zone);
const FIVE_MIN = 5 * 60_000;

function day(date: string, amenity = lawn, seed = 1) {
  const profile = must(DEMO_PROFILES.get(amenity.slug));
  const start = Date.parse(`${date}T08:00:00Z`); // local midnight (PST)
  return Array.from({ length: 288 }, (_, i) => {
    const t = start + (i + 1) * FIVE_MIN;
    return simulateReading(amenity, profile, momentAt(t), t, FIVE_MIN, seed);
  });
}

describe('the simulator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(day('2026-01-14')).toEqual(day('2026-01-14'));
    expect(day('2026-01-14', lawn, 2)).not.toEqual(day('2026-01-14', lawn, 1));
  });

  it('reports nobody outside opening hours and people during them', () => {
    const readings = day('2026-01-14');
    const at = (hour: number) => must(readings[hour * 12 - 1]); // the reading ending at hour:00
    expect(at(3)).toEqual({ occupancy: 0, entries: 0, dwellMinutes: 0 });
    expect(at(23)).toEqual({ occupancy: 0, entries: 0, dwellMinutes: 0 });
    expect(at(18).occupancy).toBeGreaterThan(0);
    for (const r of readings) expect(r.occupancy).toBeLessThanOrEqual(lawn.capacity);
  });

  it('follows the daily rhythm, weekends and seasons', () => {
    const total = (readings: { occupancy: number }[]) =>
      readings.reduce((s, r) => s + r.occupancy, 0);
    const evening = (readings: { occupancy: number }[]) => total(readings.slice(17 * 12, 19 * 12));
    const night = (readings: { occupancy: number }[]) => total(readings.slice(6 * 12, 8 * 12));
    const weekdays = ['2026-07-07', '2026-07-08', '2026-07-09'].map((d) => day(d));
    const weekends = ['2026-07-04', '2026-07-11', '2026-07-12'].map((d) => day(d));
    const winter = ['2026-01-13', '2026-01-14', '2026-01-15'].map((d) => day(d));
    const sum = (days: { occupancy: number }[][]) => days.reduce((s, d) => s + total(d), 0);
    expect(weekdays.every((d) => evening(d) > night(d))).toBe(true);
    expect(sum(weekends)).toBeGreaterThan(sum(weekdays));
    expect(sum(weekdays)).toBeGreaterThan(sum(winter));
  });

  it('derives entries from occupancy and visit length (Little’s law)', () => {
    const readings = ['2026-07-07', '2026-07-08'].flatMap((d) => day(d));
    const entries = readings.reduce((s, r) => s + r.entries, 0);
    const personMinutes = readings.reduce((s, r) => s + r.occupancy * 5, 0);
    expect(entries / (personMinutes / lawnProfile.dwellMinutes)).toBeCloseTo(1, 1);
  });

  it('holds events from the templates, in their months, on their days', () => {
    const events = simulateEvents(community, DEMO_PROFILES, '2025-01-01', '2025-12-31', 7);
    expect(events.length).toBeGreaterThan(100);
    expect(simulateEvents(community, DEMO_PROFILES, '2025-01-01', '2025-12-31', 7)).toEqual(events);
    for (const event of events) {
      const t = must(EVENT_TEMPLATES.find((x) => x.kind === event.kind));
      const month = Number(event.heldOn.slice(5, 7));
      expect(t.months).toContain(month);
      const weekday = new Date(`${event.heldOn}T00:00:00Z`).getUTCDay();
      if (t.fixedDay === undefined) expect(weekday).toBe(t.weekday);
      else expect(Number(event.heldOn.slice(8))).toBe(t.fixedDay);
      const amenity = must(community.amenities.find((a) => a.id === event.amenityId));
      expect(amenity.type).toBe(t.amenityType);
      expect(event.attendance).toBeLessThanOrEqual(amenity.capacity);
    }
    expect(events.some((e) => e.kind === 'halloween' && e.heldOn === '2025-10-31')).toBe(true);
  });
});

describe('the live simulator', () => {
  it('ticks at the multiples of its interval, so each reading is sent at the time it is stamped', async () => {
    // Started 10 s past a 30 s boundary: a timer started then sent each reading 10 s after its
    // stamp, so the newest uplink looked up to 30 s older than it was (ok/late flapping).
    vi.useFakeTimers({ now: Date.parse('2026-03-18T19:00:10Z') });
    try {
      const db = {
        query: () => Promise.resolve([{ last: Date.now(), last_event: '2026-03-17' }]),
      } as unknown as Queryable;
      const sent: { at: number; stamp: number }[] = [];
      const simulator = new LiveSimulator({
        db,
        community,
        clock: () => Date.now(),
        ingest: () => Promise.reject(new Error('nothing to catch up on')),
        sendLive: (readings) => {
          for (const r of readings) sent.push({ at: Date.now(), stamp: Date.parse(r.time) });
          return Promise.resolve(readings.length);
        },
        recordEvents: () => Promise.resolve(),
      });
      await simulator.start();
      await vi.advanceTimersByTimeAsync(95_000);
      await simulator.stop();
      expect([...new Set(sent.map((s) => new Date(s.stamp).toISOString()))]).toEqual([
        '2026-03-18T19:00:30.000Z',
        '2026-03-18T19:01:00.000Z',
        '2026-03-18T19:01:30.000Z',
      ]);
      for (const { at, stamp } of sent) expect(at).toBe(stamp);
      // Stopped: no more ticks.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent).toHaveLength(3 * community.amenities.length);
    } finally {
      vi.useRealTimers();
    }
  });
});
