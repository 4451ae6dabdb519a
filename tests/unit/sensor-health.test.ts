import { describe, expect, it } from 'vitest';
import { formatSignal, sensorBadge } from '../../src/lib/sensor-health';
import { silentSensorsLine } from '../../src/lib/silent-sensors';

const s = (status: 'ok' | 'late' | 'silent' | 'never-seen') => ({ status });

describe('sensorBadge', () => {
  it('counts the sensors when all are ok', () => {
    expect(sensorBadge([s('ok')])).toEqual({ label: '1 sensor ok', tone: 'green' });
    expect(sensorBadge([s('ok'), s('ok')])).toEqual({ label: '2 sensors ok', tone: 'green' });
  });

  it('names the ones that are not ok, worst first, toned by the worst', () => {
    expect(sensorBadge([s('ok'), s('silent')])).toEqual({ label: '1 silent', tone: 'red' });
    expect(sensorBadge([s('late'), s('silent'), s('silent')])).toEqual({
      label: '2 silent, 1 late',
      tone: 'red',
    });
    expect(sensorBadge([s('late'), s('never-seen')])).toEqual({
      label: '1 late, 1 never seen',
      tone: 'amber',
    });
    expect(sensorBadge([s('never-seen')])).toEqual({ label: '1 never seen', tone: 'gray' });
  });

  it('says when an amenity has no sensor', () => {
    expect(sensorBadge([])).toEqual({ label: 'No sensor', tone: 'gray' });
  });
});

describe('formatSignal', () => {
  it('shows what was reported', () => {
    expect(formatSignal({ rssi: -97, snr: 6.5 })).toBe('-97 dBm, SNR 6.5 dB');
    expect(formatSignal({ rssi: -97, snr: null })).toBe('-97 dBm');
    expect(formatSignal({ rssi: null, snr: null })).toBeNull();
  });
});

describe('silentSensorsLine', () => {
  const amenities = [
    { id: 'great-lawn', name: 'The Great Lawn' },
    { id: 'grand-lake', name: 'Grand Lake' },
    { id: 'solis-hall', name: 'Solis Hall' },
  ];

  it('is null when no sensor is silent', () => {
    expect(
      silentSensorsLine(
        [
          { status: 'ok', amenityId: 'great-lawn' },
          { status: 'late', amenityId: 'grand-lake' },
          { status: 'never-seen', amenityId: 'solis-hall' },
        ],
        amenities,
      ),
    ).toBeNull();
  });

  it('names each amenity with a silent sensor once, in the amenities’ order', () => {
    expect(
      silentSensorsLine(
        [
          { status: 'silent', amenityId: 'solis-hall' },
          { status: 'silent', amenityId: 'grand-lake' },
          { status: 'silent', amenityId: 'grand-lake' },
          { status: 'ok', amenityId: 'great-lawn' },
        ],
        amenities,
      ),
    ).toBe(
      'Not reporting: Grand Lake, Solis Hall. No visits are counted there until they report again.',
    );
    expect(silentSensorsLine([{ status: 'silent', amenityId: 'grand-lake' }], amenities)).toBe(
      'Not reporting: Grand Lake. No visits are counted there until it reports again.',
    );
  });

  it('also names, once, an amenity not live whose counter is gone or was never fitted', () => {
    const withLive = [
      { id: 'great-lawn', name: 'The Great Lawn', live: true },
      { id: 'grand-lake', name: 'Grand Lake', live: false },
      { id: 'qa-pool', name: 'QA Pool', live: false },
    ];
    // Grand Lake: silent counter and not live, named once. QA Pool: no counter at all.
    expect(
      silentSensorsLine(
        [
          { status: 'silent', amenityId: 'grand-lake' },
          { status: 'ok', amenityId: 'great-lawn' },
        ],
        withLive,
      ),
    ).toBe(
      'Not reporting: Grand Lake, QA Pool. No visits are counted there until they report again.',
    );
    expect(silentSensorsLine([], withLive.slice(2))).toBe(
      'Not reporting: QA Pool. No visits are counted there until it reports again.',
    );
    expect(silentSensorsLine([], [{ id: 'great-lawn', name: 'The Great Lawn' }])).toBeNull();
  });
});
