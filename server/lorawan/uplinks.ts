/**
 * Parses what a LoRaWAN network server posts to us into one `Uplink` type, or says why not:
 * The Things Stack v3 webhooks (JSON, message type "uplink") and ChirpStack v4 HTTP integration
 * events (JSON encoding, the event type in `?event=`; MQTT gives the same bodies, the event type
 * in the topic). Pure: no I/O, no clock unless a fallback time is needed (`options.now`).
 *
 * Results: `uplink` (counts normalised, see decoded.ts), `status` (ChirpStack battery/margin),
 * `ignored` (a well-formed event we have no use for: joins, logs, downlink events; answer 204),
 * `invalid` (the body is not what the network server sends; the reason names the field; answer
 * 400). A well-formed uplink whose payload cannot be decoded is still an `uplink`, with empty
 * counts and `decodeError`, so the device is seen (health, discovered devices) but gives no reading.
 *
 * Counts come from the network server's decoded object when it has any, else from the raw payload
 * decoded as Milesight channels (milesight.ts); `decodedBy` says which.
 *
 * Field mapping                 The Things Stack v3 (webhook)        ChirpStack v4 (`up` event)
 * ----------------------------  -----------------------------------  ---------------------------
 * devEui (16 hex, upper case)   end_device_ids.dev_eui               deviceInfo.devEui
 * deviceName                    end_device_ids.device_id             deviceInfo.deviceName
 * receivedAt (ISO, ms)          received_at, else                    time, else options.now
 *                               uplink_message.received_at
 * fCnt (omitted = 0)            uplink_message.f_cnt                 fCnt
 * fPort                         uplink_message.f_port                fPort
 * dedupKey                      "tts:" + the as:up: correlation id   "chirpstack:" +
 *                               (else ns:uplink:, gs:uplink:, else   deduplicationId
 *                               dev_eui/f_cnt/received_at)
 * counts (decoded object)       uplink_message.decoded_payload       object
 * counts (raw, base64)          uplink_message.frm_payload           data
 * rssi (best gateway, dBm)      uplink_message.rx_metadata[].rssi    rxInfo[].rssi
 *                               (else channel_rssi)
 * snr (best gateway, dB)        uplink_message.rx_metadata[].snr     rxInfo[].snr
 * battery (%)                   decoded battery (Milesight 01 75)    decoded battery; `status`
 *                                                                    event batteryLevel
 * simulated                     simulated                            -
 *
 * TTS omits fields whose value is "", 0 or false (f_cnt 0, f_port 0, snr 0, simulated false), so
 * every such field is optional here and read as its zero value; ChirpStack's JSON (protobuf JSON
 * mapping) omits default values the same way. ChirpStack `status`: batteryLevel (percent) unless
 * batteryLevelUnavailable or externalPowerSource, unknown when absent (so a level of exactly 0,
 * which protobuf JSON omits, reads as unknown rather than as empty); margin (dB). TTS sends other message types
 * (join_accept, downlink_*, location_solved, service_data, ...) to the same webhook if they are
 * enabled; they are ignored. A TTS device without a DevEUI (some ABP devices) is refused: devices
 * are registered by DevEUI.
 */
import * as z from 'zod/mini';
import { describeIssues } from '../../src/api/contract';
import { parseJsonText } from '../json-text';
import { hasCounts, normalizeDecoded, type PeopleCounts } from './decoded';
import { base64ToBytes, decodeMilesight, type MilesightModel } from './milesight';

/** Largest uplink body accepted (a TTS uplink with many gateways is a few KB). */
export const MAX_UPLINK_BODY_BYTES = 64 * 1024;

export type NetworkServer = 'tts' | 'chirpstack';

export type Uplink = {
  source: NetworkServer;
  /** 16 upper-case hex digits. */
  devEui: string;
  deviceName?: string;
  /** ISO 8601 UTC instant, millisecond precision. */
  receivedAt: string;
  fCnt: number;
  fPort?: number;
  /** Equal for every delivery of the same uplink (retries, duplicate webhooks). */
  dedupKey: string;
  counts: PeopleCounts;
  decodedBy: 'network-server' | 'raw' | 'none';
  /** Why the payload gave no counts, when it could not be decoded. */
  decodeError?: string;
  battery?: number;
  rssi?: number;
  snr?: number;
  /** TTS console "simulate uplink". */
  simulated?: boolean;
};

export type DeviceStatus = {
  source: NetworkServer;
  devEui: string;
  receivedAt: string;
  dedupKey: string;
  battery?: number;
  externalPower?: boolean;
  /** Link margin of the last uplink, dB. */
  margin?: number;
};

export type ParsedEvent =
  | { kind: 'uplink'; uplink: Uplink }
  | { kind: 'status'; status: DeviceStatus }
  | { kind: 'ignored'; event: string; reason: string; devEui?: string }
  | { kind: 'invalid'; reason: string };

export type ParseOptions = {
  /** The registered model of a device, to read its raw payload (see decodeMilesight). */
  modelOf?: (devEui: string) => MilesightModel | undefined;
  /** Clock for the rare event without a timestamp; without it such an event is invalid. */
  now?: () => number;
};

// --- shared field schemas ----------------------------------------------------------------------

const MAX_FCNT = 0xffff_ffff;
const devEuiSchema = z.string().check(z.regex(/^[0-9A-Fa-f]{16}$/, 'expected 16 hex digits'));
const name = z.string().check(z.maxLength(128));
const instant = z.iso
  .datetime({ offset: true, error: 'expected an ISO 8601 instant with its zone' })
  .check(z.maxLength(40));
/** A LoRaWAN FRMPayload is at most 242 bytes: 324 base64 characters. */
const base64Payload = z
  .string()
  .check(z.maxLength(400), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64'));
const decodedObject = z.record(z.string().check(z.maxLength(128)), z.unknown());
const fCnt = z.int().check(z.minimum(0), z.maximum(MAX_FCNT));
const fPort = z.int().check(z.minimum(0), z.maximum(255));
const dbm = z.number().check(z.minimum(-200), z.maximum(50));
const db = z.number().check(z.minimum(-50), z.maximum(50));
const MAX_GATEWAYS = 100;

// --- The Things Stack v3 ---------------------------------------------------------------------

const TtsUplinkSchema = z.looseObject({
  end_device_ids: z.looseObject({
    device_id: z.optional(name),
    dev_eui: devEuiSchema,
  }),
  correlation_ids: z.optional(
    z.array(z.string().check(z.maxLength(200))).check(z.maxLength(MAX_GATEWAYS)),
  ),
  received_at: z.optional(instant),
  simulated: z.optional(z.boolean()),
  uplink_message: z.looseObject({
    f_cnt: z.optional(fCnt),
    f_port: z.optional(fPort),
    frm_payload: z.optional(base64Payload),
    decoded_payload: z.optional(decodedObject),
    received_at: z.optional(instant),
    rx_metadata: z.optional(
      z
        .array(
          z.looseObject({
            rssi: z.optional(dbm),
            channel_rssi: z.optional(dbm),
            snr: z.optional(db),
          }),
        )
        .check(z.maxLength(MAX_GATEWAYS)),
    ),
  }),
});

/** The message types TTS can send to a webhook besides uplinks (all ignored). */
const TTS_OTHER_MESSAGES = [
  'join_accept',
  'downlink_ack',
  'downlink_nack',
  'downlink_sent',
  'downlink_failed',
  'downlink_queued',
  'downlink_queue_invalidated',
  'location_solved',
  'service_data',
  'uplink_normalized',
] as const;

/** Parses a TTS v3 webhook body (already JSON-parsed). */
export function parseTtsWebhook(body: unknown, options: ParseOptions = {}): ParsedEvent {
  if (!isRecord(body)) return invalid('body: expected a JSON object');
  if (!('uplink_message' in body)) {
    const other = TTS_OTHER_MESSAGES.find((type) => type in body);
    if (!other) return invalid('uplink_message: missing (enable only "Uplink message" in TTS)');
    const ids = body.end_device_ids;
    const devEui = isRecord(ids) ? ids.dev_eui : undefined;
    return {
      kind: 'ignored',
      event: other,
      reason: `TTS ${other} message`,
      ...(typeof devEui === 'string' && devEuiSchema.safeParse(devEui).success
        ? { devEui: devEui.toUpperCase() }
        : {}),
    };
  }
  const parsed = TtsUplinkSchema.safeParse(body);
  if (!parsed.success) return invalid(describeIssues(parsed.error));
  const msg = parsed.data;
  const up = msg.uplink_message;
  const devEui = msg.end_device_ids.dev_eui.toUpperCase();
  const receivedAt = timeOf(msg.received_at ?? up.received_at, options);
  if (!receivedAt) return invalid('received_at: missing');
  const frameCount = up.f_cnt ?? 0;
  const counts = resolveCounts(
    up.decoded_payload,
    'uplink_message.decoded_payload',
    up.frm_payload,
    'uplink_message.frm_payload',
    options.modelOf?.(devEui),
  );
  const signal = bestSignal(
    (up.rx_metadata ?? []).map((m) => ({ rssi: m.rssi ?? m.channel_rssi, snr: m.snr })),
  );
  return {
    kind: 'uplink',
    uplink: {
      source: 'tts',
      devEui,
      ...(msg.end_device_ids.device_id ? { deviceName: msg.end_device_ids.device_id } : {}),
      receivedAt,
      fCnt: frameCount,
      ...(up.f_port !== undefined ? { fPort: up.f_port } : {}),
      dedupKey: ttsDedupKey(msg.correlation_ids ?? [], devEui, frameCount, receivedAt),
      ...counts,
      ...batteryOf(counts.counts),
      ...signal,
      ...(msg.simulated ? { simulated: true } : {}),
    },
  };
}

function ttsDedupKey(ids: readonly string[], devEui: string, frameCount: number, at: string) {
  for (const prefix of ['as:up:', 'ns:uplink:', 'gs:uplink:']) {
    const id = ids.find((c) => c.startsWith(prefix));
    if (id) return `tts:${id}`;
  }
  return `tts:${devEui}:${frameCount}:${at}`;
}

// --- ChirpStack v4 ---------------------------------------------------------------------------

const deviceInfo = z.looseObject({ devEui: devEuiSchema, deviceName: z.optional(name) });
const deduplicationId = z.string().check(z.minLength(1), z.maxLength(100));

const ChirpStackUpSchema = z.looseObject({
  deduplicationId,
  time: z.optional(instant),
  deviceInfo,
  fCnt: z.optional(fCnt),
  fPort: z.optional(fPort),
  data: z.optional(base64Payload),
  object: z.optional(decodedObject),
  rxInfo: z.optional(
    z
      .array(z.looseObject({ rssi: z.optional(dbm), snr: z.optional(db) }))
      .check(z.maxLength(MAX_GATEWAYS)),
  ),
});

const ChirpStackStatusSchema = z.looseObject({
  deduplicationId,
  time: z.optional(instant),
  deviceInfo,
  margin: z.optional(z.int().check(z.minimum(-128), z.maximum(127))),
  externalPowerSource: z.optional(z.boolean()),
  batteryLevelUnavailable: z.optional(z.boolean()),
  batteryLevel: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
});

/** ChirpStack v4 event types other than `up` and `status` (all ignored). */
const CHIRPSTACK_OTHER_EVENTS = ['join', 'ack', 'txack', 'log', 'location', 'integration'];

/**
 * Parses a ChirpStack v4 integration event (JSON encoding). `event` is the HTTP integration's
 * `?event=` query parameter (or the last MQTT topic segment).
 */
export function parseChirpStackEvent(
  event: string | undefined,
  body: unknown,
  options: ParseOptions = {},
): ParsedEvent {
  if (!event) return invalid('event: missing (ChirpStack sends ?event=up)');
  if (!isRecord(body)) return invalid('body: expected a JSON object');
  if (event === 'up') {
    const parsed = ChirpStackUpSchema.safeParse(body);
    if (!parsed.success) return invalid(describeIssues(parsed.error));
    const up = parsed.data;
    const devEui = up.deviceInfo.devEui.toUpperCase();
    const receivedAt = timeOf(up.time, options);
    if (!receivedAt) return invalid('time: missing');
    const counts = resolveCounts(up.object, 'object', up.data, 'data', options.modelOf?.(devEui));
    return {
      kind: 'uplink',
      uplink: {
        source: 'chirpstack',
        devEui,
        ...(up.deviceInfo.deviceName ? { deviceName: up.deviceInfo.deviceName } : {}),
        receivedAt,
        fCnt: up.fCnt ?? 0,
        ...(up.fPort !== undefined ? { fPort: up.fPort } : {}),
        dedupKey: `chirpstack:${up.deduplicationId}`,
        ...counts,
        ...batteryOf(counts.counts),
        ...bestSignal(up.rxInfo ?? []),
      },
    };
  }
  if (event === 'status') {
    const parsed = ChirpStackStatusSchema.safeParse(body);
    if (!parsed.success) return invalid(describeIssues(parsed.error));
    const s = parsed.data;
    const receivedAt = timeOf(s.time, options);
    if (!receivedAt) return invalid('time: missing');
    // No batteryLevel (omitted, or unavailable, or mains powered) leaves the battery unknown:
    // a missing figure is not an empty battery.
    const hasBattery =
      !s.batteryLevelUnavailable && !s.externalPowerSource && s.batteryLevel !== undefined;
    return {
      kind: 'status',
      status: {
        source: 'chirpstack',
        devEui: s.deviceInfo.devEui.toUpperCase(),
        receivedAt,
        dedupKey: `chirpstack-status:${s.deduplicationId}`,
        ...(hasBattery ? { battery: s.batteryLevel } : {}),
        ...(s.externalPowerSource ? { externalPower: true } : {}),
        ...(s.margin !== undefined ? { margin: s.margin } : {}),
      },
    };
  }
  const info = body.deviceInfo;
  const devEui = isRecord(info) ? info.devEui : undefined;
  const known = CHIRPSTACK_OTHER_EVENTS.includes(event);
  return {
    kind: 'ignored',
    event: event.slice(0, 40),
    reason: known ? `ChirpStack ${event} event` : 'unknown ChirpStack event type',
    ...(typeof devEui === 'string' && devEuiSchema.safeParse(devEui).success
      ? { devEui: devEui.toUpperCase() }
      : {}),
  };
}

// --- JSON body -------------------------------------------------------------------------------

/**
 * Parses a request body as JSON within MAX_UPLINK_BODY_BYTES (the route should also refuse
 * longer bodies before reading them, with a 413).
 */
export function parseJsonBody(
  text: string,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (Buffer.byteLength(text, 'utf8') > MAX_UPLINK_BODY_BYTES) {
    return { ok: false, reason: `body: larger than ${MAX_UPLINK_BODY_BYTES / 1024} KB` };
  }
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed;
  const reasons = {
    nul: 'body: holds the NUL character (\\u0000)',
    surrogate: 'body: holds a lone UTF-16 surrogate (such as \\ud800)',
    'not-json': 'body: not valid JSON',
  } as const;
  return { ok: false, reason: reasons[parsed.problem] };
}

// --- helpers ---------------------------------------------------------------------------------

function invalid(reason: string): ParsedEvent {
  return { kind: 'invalid', reason };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function timeOf(text: string | undefined, options: ParseOptions): string | undefined {
  const ms = text === undefined ? options.now?.() : Date.parse(text);
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}

type ResolvedCounts = Pick<Uplink, 'counts' | 'decodedBy' | 'decodeError'>;

function resolveCounts(
  decoded: Record<string, unknown> | undefined,
  decodedField: string,
  raw: string | undefined,
  rawField: string,
  model: MilesightModel | undefined,
): ResolvedCounts {
  let fromServer: ResolvedCounts | undefined;
  if (decoded !== undefined) {
    const result = normalizeDecoded(decoded);
    fromServer = result.ok
      ? { counts: result.counts, decodedBy: 'network-server' }
      : { counts: {}, decodedBy: 'none', decodeError: `${decodedField}.${result.error}` };
    if (result.ok && hasCounts(result.counts)) return fromServer;
  }
  if (raw) {
    const bytes = base64ToBytes(raw);
    if (!bytes) return { counts: {}, decodedBy: 'none', decodeError: `${rawField}: not base64` };
    const result = decodeMilesight(bytes, model);
    if (result.ok) {
      const normalized = normalizeDecoded(result.fields);
      if (normalized.ok && (hasCounts(normalized.counts) || !fromServer)) {
        return { counts: normalized.counts, decodedBy: 'raw' };
      }
    } else if (!fromServer) {
      return { counts: {}, decodedBy: 'none', decodeError: `${rawField}: ${result.error}` };
    }
  }
  return fromServer ?? { counts: {}, decodedBy: 'none' };
}

function batteryOf(counts: PeopleCounts): { battery?: number } {
  return counts.battery !== undefined ? { battery: counts.battery } : {};
}

/**
 * The best RSSI and the best SNR over the gateways that heard the uplink. A gateway entry without
 * an RSSI carries no signal metadata; in one with an RSSI a missing SNR is 0 (omitted as a zero).
 */
function bestSignal(gateways: readonly { rssi?: number | undefined; snr?: number | undefined }[]): {
  rssi?: number;
  snr?: number;
} {
  let rssi: number | undefined;
  let snr: number | undefined;
  for (const g of gateways) {
    if (g.rssi === undefined) continue;
    rssi = rssi === undefined ? g.rssi : Math.max(rssi, g.rssi);
    const s = g.snr ?? 0;
    snr = snr === undefined ? s : Math.max(snr, s);
  }
  return { ...(rssi !== undefined ? { rssi } : {}), ...(snr !== undefined ? { snr } : {}) };
}
