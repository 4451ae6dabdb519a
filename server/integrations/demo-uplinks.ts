/**
 * The demo's live readings, sent the way real sensors send them: each simulated reading becomes
 * the uplink its amenity's demo counter (demo-sensors.ts) would send, as The Things Stack or
 * ChirpStack would post it, and goes through the webhook's own code (parse, decode, map to a
 * reading, dedupe), its integration found by id instead of by the Authorization header. Only the catch-up after a restart is written as plain readings, in
 * bulk, so start-up stays fast.
 *
 * The uplink ids are derived from the device and the instant, so servers sharing one database
 * that simulate the same tick deliver the same uplink twice: the second is a duplicate.
 */
import { createHash } from 'node:crypto';
import type { Reading } from '../../src/api/contract';
import { chirpStackUpBody, encodeVs121, encodeVs133, ttsUplinkBody } from '../lorawan/encode';
import { DEMO_DEVICES, type DemoDevice } from './demo-sensors';
import type { Integration, UplinkReceiver } from './receive-uplink';

const U8 = 0xff;
const U16 = 0xffff;
const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

/** Splits `people` over a VS133's four regions (each a byte), the remainder to the first ones. */
function regions(people: number): [number, number, number, number] {
  const base = Math.floor(people / 4);
  const extra = people - base * 4;
  const at = (i: number) => clamp(base + (i < extra ? 1 : 0), U8);
  return [at(0), at(1), at(2), at(3)];
}

/**
 * The body the device's network server would post for `reading`. `previousOccupancy` gives the
 * people who left (period out). VS121s send their raw frame plus the network server's decoded
 * object (TTS in the TTN device-repository spelling, ChirpStack in Milesight's), since the raw
 * VS121 frame has no whole-area dwell time; VS133s send the raw frame only (decoded here).
 */
export function demoUplinkBody(
  device: DemoDevice,
  reading: Reading,
  previousOccupancy: number,
): Record<string, unknown> {
  const t = Date.parse(reading.time);
  const occupancy = clamp(reading.occupancy, U8);
  const periodIn = clamp(reading.entries, U16);
  const periodOut = clamp(previousOccupancy + reading.entries - reading.occupancy, U16);
  const dwellSeconds = clamp(reading.dwellMinutes * 60, U16);
  const id = createHash('sha256').update(`${device.devEui}:${t}`).digest('hex');
  const tts = device.integration.kind === 'tts';
  const common = {
    devEui: device.devEui,
    deviceName: device.name.toLowerCase().replace(/\s+/g, '-'),
    receivedAt: new Date(t).toISOString(),
    // A frame counter that only grows: one per 30 s since the epoch fits in 32 bits until 6053.
    fCnt: Math.floor(t / 30_000) % 2 ** 32,
    id: tts
      ? id.slice(0, 26).toUpperCase()
      : `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`,
    rssi: -80 - (parseInt(id.slice(0, 2), 16) % 30),
    snr: (parseInt(id.slice(2, 4), 16) % 100) / 10,
  };
  const uplink =
    device.model === 'vs133'
      ? {
          ...common,
          payload: encodeVs133({
            lines: [{ line: 1, periodIn, periodOut }],
            regionCounts: regions(occupancy),
            dwell: [1, 2, 3, 4].map((region) => ({
              region,
              avgSeconds: dwellSeconds,
              maxSeconds: clamp(dwellSeconds * 2, U16),
            })),
          }),
        }
      : {
          ...common,
          payload: encodeVs121({ occupancy, occupancyMax: occupancy, periodIn, periodOut }),
          decoded: {
            [tts ? 'people_counter_all' : 'people_count_all']: occupancy,
            people_in: periodIn,
            people_out: periodOut,
            dwell_time_avg: dwellSeconds,
          },
        };
  return tts ? ttsUplinkBody(uplink) : chirpStackUpBody(uplink);
}

/**
 * Sends readings as their demo devices' uplinks through `receiver`; readings of an amenity with
 * no demo device go to `ingest`. Resolves to the readings stored.
 */
export function demoUplinkSender(
  receiver: UplinkReceiver,
  ingest: (readings: Reading[]) => Promise<number>,
) {
  const bySlug = new Map(DEMO_DEVICES.map((d) => [d.amenitySlug, d]));
  const occupancy = new Map<string, number>();
  return async (readings: Reading[]): Promise<number> => {
    let stored = 0;
    const direct: Reading[] = [];
    const integrations = new Map<string, Promise<Integration | null>>();
    for (const reading of readings) {
      const device = bySlug.get(reading.amenityId);
      if (!device) {
        direct.push(reading);
        continue;
      }
      const body = demoUplinkBody(device, reading, occupancy.get(device.devEui) ?? 0);
      occupancy.set(device.devEui, reading.occupancy);
      const { integration: demo } = device;
      // Found by its id, not its secret: this network server runs here, so an Admin rotating the
      // demo's secret (which the README publishes) must not silence it. One an Admin deleted
      // silences its devices, as it would real ones, and no other amenity's readings.
      if (!integrations.has(demo.id)) integrations.set(demo.id, receiver.find(demo.id));
      const integration = await integrations.get(demo.id);
      if (!integration) continue;
      const event = demo.kind === 'chirpstack' ? 'up' : undefined;
      const outcome = await receiver.receive(integration, event, JSON.stringify(body));
      if (outcome.body && outcome.body.reading) stored++;
    }
    if (direct.length > 0) stored += await ingest(direct);
    return stored;
  };
}
