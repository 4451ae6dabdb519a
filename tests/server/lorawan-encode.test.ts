import { describe, expect, it } from 'vitest';
import {
  chirpStackUpBody,
  encodeVs121,
  encodeVs133,
  ttsUplinkBody,
  type SimulatedUplink,
} from '../../server/lorawan/encode';
import { normalizeDecoded } from '../../server/lorawan/decoded';
import { decodeMilesight } from '../../server/lorawan/milesight';
import { initialDeviceState, uplinksToReadings } from '../../server/lorawan/to-readings';
import { parseChirpStackEvent, parseTtsWebhook, type Uplink } from '../../server/lorawan/uplinks';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

function simulated(payload: Uint8Array, extra: Partial<SimulatedUplink> = {}): SimulatedUplink {
  return {
    devEui: '24E124538D071234',
    deviceName: 'vs133-great-lawn',
    receivedAt: '2026-03-18T18:30:00.000Z',
    fCnt: 12,
    payload,
    id: '01HQ7Z8Y0000000000000000AA',
    rssi: -97,
    snr: 7.5,
    ...extra,
  };
}

function uplink(result: ReturnType<typeof parseTtsWebhook>): Uplink {
  if (result.kind !== 'uplink') throw new Error(JSON.stringify(result));
  return result.uplink;
}

describe('frames', () => {
  it('VS121 frame decodes back to what went in', () => {
    const bytes = encodeVs121({ occupancy: 3, occupancyMax: 5, periodIn: 2, periodOut: 1 });
    expect(hex(bytes)).toBe('04C90300000006CD0505CC02000100');
    const decoded = decodeMilesight(bytes);
    expect(decoded.ok && normalizeDecoded(decoded.fields)).toEqual({
      ok: true,
      counts: { occupancy: 3, occupancyMax: 5, lines: [{ line: 1, periodIn: 2, periodOut: 1 }] },
    });
  });

  it('VS133 frame matches the published example bytes', () => {
    const bytes = encodeVs133({
      lines: [
        { line: 1, totalIn: 72, totalOut: 200 },
        { line: 4, totalIn: 5300, totalOut: 6797, periodIn: 5, periodOut: 7 },
      ],
      regionCounts: [2, 16, 7, 9],
      dwell: [{ region: 1, avgSeconds: 4105, maxSeconds: 8465 }],
    });
    expect(hex(bytes)).toBe(
      '03D24800000004D2C8000000' +
        '0CD2B41400000DD28D1A00000ECC05000700' +
        '0FE302100709' +
        '10E40109101121',
    );
  });

  it('refuses values a channel cannot carry', () => {
    expect(() => encodeVs121({ occupancy: 256 })).toThrow('occupancy must be a whole number');
    expect(() => encodeVs133({ lines: [{ line: 5, totalIn: 1 }] })).toThrow('line 5 is not 1-4');
    expect(() => encodeVs133({ lines: [{ line: 1, periodIn: 70000 }] })).toThrow('line 1 periodIn');
  });
});

describe('network server bodies round-trip through the parsers', () => {
  const frame = encodeVs133({
    lines: [{ line: 1, totalIn: 1000, totalOut: 990, periodIn: 4, periodOut: 2 }],
  });
  const expected = {
    lines: [{ line: 1, totalIn: 1000, totalOut: 990, periodIn: 4, periodOut: 2 }],
  };

  it('TTS', () => {
    const up = uplink(parseTtsWebhook(ttsUplinkBody(simulated(frame)), { modelOf: () => 'vs133' }));
    expect(up).toMatchObject({
      source: 'tts',
      devEui: '24E124538D071234',
      fCnt: 12,
      fPort: 85,
      dedupKey: 'tts:as:up:01HQ7Z8Y0000000000000000AA',
      decodedBy: 'raw',
      counts: expected,
      rssi: -97,
      snr: 7.5,
    });
  });

  it('TTS leaves zero values out, as TTS does', () => {
    const body = ttsUplinkBody(simulated(frame, { fCnt: 0, snr: 0 }));
    const message = body.uplink_message as Record<string, unknown>;
    expect('f_cnt' in message).toBe(false);
    expect(uplink(parseTtsWebhook(body))).toMatchObject({ fCnt: 0, snr: 0 });
  });

  it('ChirpStack, with a decoded object', () => {
    const body = chirpStackUpBody(
      simulated(frame, { decoded: { line_1_total_in: 1000, line_1_total_out: 990 } }),
    );
    const up = uplink(parseChirpStackEvent('up', body));
    expect(up).toMatchObject({
      source: 'chirpstack',
      devEui: '24E124538D071234',
      dedupKey: 'chirpstack:01HQ7Z8Y0000000000000000AA',
      decodedBy: 'network-server',
      counts: { lines: [{ line: 1, totalIn: 1000, totalOut: 990 }] },
    });
  });

  it('a simulated day of VS121 uplinks becomes readings', () => {
    const occupancy = [0, 4, 9, 6, 2];
    const uplinks = occupancy.map((people, i) =>
      uplink(
        parseTtsWebhook(
          ttsUplinkBody(
            simulated(encodeVs121({ occupancy: people, periodIn: i, periodOut: 0 }), {
              fCnt: i,
              id: `01HQ7Z8Y00000000000000000${i}`,
              receivedAt: new Date(Date.UTC(2026, 2, 18, 8 + i)).toISOString(),
            }),
          ),
        ),
      ),
    );
    const { readings } = uplinksToReadings(
      { amenityId: 'community-hall', mode: 'area' },
      initialDeviceState(),
      uplinks,
    );
    expect(readings.map((r) => [r.occupancy, r.entries])).toEqual([
      [0, 0],
      [4, 1],
      [9, 2],
      [6, 3],
      [2, 4],
    ]);
  });
});
