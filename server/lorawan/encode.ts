/**
 * The inverse of milesight.ts and uplinks.ts, for the demo simulator and for tests: builds the
 * raw Milesight frames a VS121 or VS133 sends (same channel table as milesight.ts) and wraps them
 * in the bodies The Things Stack v3 and ChirpStack v4 post, leaving out zero, empty and false
 * values as they do. Feeding these bodies to parseTtsWebhook / parseChirpStackEvent gives back the
 * counts that went in.
 */
import type { LineCounts } from './decoded';

/** What a simulated VS121 reports in one uplink. */
export type Vs121Frame = {
  /** people_count_all (0-255). */
  occupancy: number;
  /** people_count_max (0-255). */
  occupancyMax?: number;
  /** Line crossings since the previous report (0-65535). */
  periodIn?: number;
  periodOut?: number;
};

/** What a simulated VS133 reports in one uplink. */
export type Vs133Frame = {
  /** Lines 1-4; totals are uint32, period counts uint16. */
  lines?: readonly LineCounts[];
  /** People in regions 1-4 (0-255 each). */
  regionCounts?: readonly [number, number, number, number];
  /** Dwell per region 1-4, seconds (0-65535). */
  dwell?: readonly { region: number; avgSeconds: number; maxSeconds: number }[];
};

function check(value: number, max: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${field} must be a whole number from 0 to ${max}, not ${value}`);
  }
  return value;
}

const u8 = (v: number, field: string) => [check(v, 0xff, field)];
const u16 = (v: number, field: string) => {
  check(v, 0xffff, field);
  return [v & 0xff, v >> 8];
};
const u32 = (v: number, field: string) => {
  check(v, 0xffff_ffff, field);
  return [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24];
};

/** A VS121 frame: people count (04 C9, no regions), max (06 CD), in/out (05 CC). */
export function encodeVs121(frame: Vs121Frame): Uint8Array {
  const bytes = [0x04, 0xc9, ...u8(frame.occupancy, 'occupancy'), 0, 0, 0];
  if (frame.occupancyMax !== undefined) {
    bytes.push(0x06, 0xcd, ...u8(frame.occupancyMax, 'occupancyMax'));
  }
  if (frame.periodIn !== undefined || frame.periodOut !== undefined) {
    bytes.push(
      0x05,
      0xcc,
      ...u16(frame.periodIn ?? 0, 'periodIn'),
      ...u16(frame.periodOut ?? 0, 'periodOut'),
    );
  }
  return Uint8Array.from(bytes);
}

/** A VS133 frame: per line totals (0N D2) and period counts (0N CC), regions (0F E3), dwell. */
export function encodeVs133(frame: Vs133Frame): Uint8Array {
  const bytes: number[] = [];
  for (const line of frame.lines ?? []) {
    const n = line.line;
    if (!Number.isInteger(n) || n < 1 || n > 4) throw new RangeError(`line ${n} is not 1-4`);
    const first = 0x03 + (n - 1) * 3;
    const at = `line ${n}`;
    if (line.totalIn !== undefined) bytes.push(first, 0xd2, ...u32(line.totalIn, `${at} totalIn`));
    if (line.totalOut !== undefined) {
      bytes.push(first + 1, 0xd2, ...u32(line.totalOut, `${at} totalOut`));
    }
    if (line.periodIn !== undefined || line.periodOut !== undefined) {
      bytes.push(
        first + 2,
        0xcc,
        ...u16(line.periodIn ?? 0, `${at} periodIn`),
        ...u16(line.periodOut ?? 0, `${at} periodOut`),
      );
    }
  }
  if (frame.regionCounts) {
    bytes.push(0x0f, 0xe3, ...frame.regionCounts.flatMap((c, i) => u8(c, `region ${i + 1}`)));
  }
  for (const d of frame.dwell ?? []) {
    if (!Number.isInteger(d.region) || d.region < 1 || d.region > 4) {
      throw new RangeError(`dwell region ${d.region} is not 1-4`);
    }
    bytes.push(
      0x10,
      0xe4,
      d.region,
      ...u16(d.avgSeconds, `region ${d.region} avgSeconds`),
      ...u16(d.maxSeconds, `region ${d.region} maxSeconds`),
    );
  }
  return Uint8Array.from(bytes);
}

export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

export type SimulatedUplink = {
  devEui: string;
  /** TTS device_id / ChirpStack deviceName. */
  deviceName: string;
  /** ISO 8601 instant. */
  receivedAt: string;
  fCnt: number;
  payload: Uint8Array;
  /** A network-server-decoded object to include (TTS decoded_payload, ChirpStack object). */
  decoded?: Record<string, unknown>;
  /** Unique per uplink: the ULID of TTS's as:up: correlation id, ChirpStack's deduplicationId. */
  id: string;
  rssi?: number;
  snr?: number;
};

/** A TTS v3 webhook uplink body (zero and empty values left out, as TTS does). */
export function ttsUplinkBody(up: SimulatedUplink): Record<string, unknown> {
  const gateway = omitZero({ rssi: up.rssi, channel_rssi: up.rssi, snr: up.snr });
  return {
    end_device_ids: {
      device_id: up.deviceName,
      application_ids: { application_id: 'commonground-demo' },
      dev_eui: up.devEui,
    },
    correlation_ids: [`as:up:${up.id}`],
    received_at: up.receivedAt,
    uplink_message: omitZero({
      f_port: 85,
      f_cnt: up.fCnt,
      frm_payload: bytesToBase64(up.payload),
      decoded_payload: up.decoded,
      rx_metadata: [{ gateway_ids: { gateway_id: 'demo-gateway' }, ...gateway }],
      received_at: up.receivedAt,
    }),
  };
}

/** A ChirpStack v4 `up` event body, as its HTTP integration posts it with `?event=up`. */
export function chirpStackUpBody(up: SimulatedUplink): Record<string, unknown> {
  return omitZero({
    deduplicationId: up.id,
    time: up.receivedAt,
    deviceInfo: {
      applicationName: 'CommonGround demo',
      deviceProfileName: 'Milesight people counter',
      deviceName: up.deviceName,
      devEui: up.devEui.toLowerCase(),
    },
    fCnt: up.fCnt,
    fPort: 85,
    data: bytesToBase64(up.payload),
    object: up.decoded,
    rxInfo: [omitZero({ gatewayId: 'demo-gateway', rssi: up.rssi, snr: up.snr })],
  });
}

function omitZero(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== 0 && v !== '' && v !== false),
  );
}
