import { describe, expect, it } from 'vitest';
import { liveReading, noReadingText } from '../../src/lib/live-reading';

const lawn = { currentUsers: 142, capacity: 200 };

describe('liveReading', () => {
  it('is the count and its share of capacity while the newest reading is live', () => {
    expect(liveReading({ ...lawn, live: true, lastReadingAt: '2026-11-26T17:40:00Z' })).toEqual({
      live: true,
      users: 142,
      percent: 71,
    });
  });

  it('reads a snapshot saved before `live` existed as it was shown then', () => {
    expect(liveReading(lawn)).toEqual({ live: true, users: 142, percent: 71 });
  });

  it('is no count at all when the server says the reading is not live', () => {
    // The server sends 0 by rule; that 0 must never reach the screen as people.
    expect(
      liveReading({
        currentUsers: 0,
        capacity: 200,
        live: false,
        lastReadingAt: '2026-11-26T05:40:00Z',
      }),
    ).toEqual({ live: false, lastReadingAt: Date.parse('2026-11-26T05:40:00Z') });
    expect(
      liveReading({ currentUsers: 0, capacity: 200, live: false, lastReadingAt: null }),
    ).toEqual({ live: false, lastReadingAt: null });
    expect(
      liveReading({ currentUsers: 0, capacity: 200, live: false, lastReadingAt: 'garbage' }),
    ).toEqual({ live: false, lastReadingAt: null });
  });
});

describe('noReadingText', () => {
  const now = Date.parse('2026-11-26T18:00:00Z');
  it('names the time of the last reading, with the date when it was not today', () => {
    const zone = 'America/Los_Angeles'; // now is Nov 26, 10:00 AM there
    expect(noReadingText(Date.parse('2026-11-26T17:40:00Z'), now, zone)).toBe(
      'No reading since 9:40 AM',
    );
    expect(noReadingText(Date.parse('2026-11-26T05:40:00Z'), now, zone)).toBe(
      'No reading since Nov 25, 9:40 PM',
    );
  });

  it('says so when no reading ever arrived', () => {
    expect(noReadingText(null, now, 'UTC')).toBe('No reading yet');
  });
});
