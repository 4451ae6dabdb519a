import { describe, expect, it } from 'vitest';
import {
  MAX_UPLINK_BODY_BYTES,
  parseChirpStackEvent,
  parseJsonBody,
  parseTtsWebhook,
  type ParsedEvent,
  type Uplink,
} from '../../server/lorawan/uplinks';

/**
 * The uplink message example of The Things Stack's "Data Formats" page
 * (thethingsindustries.com/docs/the-things-stack/concepts/data-formats/), with a VS121 frame and
 * decoded payload in place of the temperature example. f_port is absent there and f_cnt is 1.
 */
function ttsUplink(overrides: { uplink_message?: Record<string, unknown> } = {}) {
  return {
    end_device_ids: {
      device_id: 'dev1',
      application_ids: { application_id: 'app1' },
      dev_eui: '0004A30B001C0530',
      join_eui: '800000000000000C',
      dev_addr: '00BCB929',
    },
    correlation_ids: [
      'as:up:01E0WZGT6Y7657CPFPE5WEYDSQ',
      'gs:conn:01E0WDEC6T5T4XXBAX7S1VMFKE',
      'gs:uplink:01E0WZGSZWT07NE5TS2APTV1Z9',
      'ns:uplink:01E0WZGSZXZXZS8RFAWZX0F2FY',
      'rpc:/ttn.lorawan.v3.GsNs/HandleUplink:01E0WZGSZXGE1KS577PFBWRJEE',
    ],
    received_at: '2020-02-12T15:15:46.014773143Z',
    uplink_message: {
      session_key_id: 'AXA50tHUGUucuzS/bCGMNw==',
      f_port: 85,
      f_cnt: 1,
      frm_payload: 'BMkDCAChBs0F', // 04C9030800A1 06CD05
      decoded_payload: { people_count_all: 3, region_count: 8, region_1: 1, people_count_max: 5 },
      rx_metadata: [
        {
          gateway_ids: { gateway_id: 'gtw1', eui: '9C5C8E00001A05C4' },
          time: '2020-02-12T15:15:45.787Z',
          timestamp: 2463457000,
          rssi: -35,
          channel_rssi: -35,
          snr: 5,
          uplink_token: 'ChIKEAoEZ3R3MRIInFyOAAAaBcQQ6L3Vlgk=',
          channel_index: 2,
        },
      ],
      settings: {
        data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } },
        coding_rate: '4/6',
        frequency: '868300000',
        timestamp: 2463457000,
        time: '2020-02-12T15:15:45.787Z',
      },
      consumed_airtime: '0.056576s',
      version_ids: {
        brand_id: 'milesight-iot',
        model_id: 'vs121',
        hardware_version: '1.0',
        firmware_version: '1.0',
        band_id: 'EU_863_870',
      },
      network_ids: { net_id: '000013', tenant_id: 'ttn', cluster_id: 'eu1' },
      received_at: '2020-02-12T15:15:45.789585559Z',
      ...overrides.uplink_message,
    },
  };
}

/** The `up` event example of ChirpStack's "Event types" page (chirpstack-docs events.md). */
function chirpstackUp(extra: Record<string, unknown> = {}) {
  return {
    deduplicationId: '3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
    time: '2022-07-18T09:34:15.775023242+00:00',
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'ChirpStack',
      applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
      applicationName: 'Test application',
      deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
      deviceProfileName: 'Test device-profile',
      deviceName: 'Test device',
      devEui: '0101010101010101',
      tags: { key: 'value' },
    },
    devAddr: '00189440',
    dr: 1,
    fPort: 1,
    data: 'qg==',
    rxInfo: [
      {
        gatewayId: '0016c001f153a14c',
        uplinkId: 4217106255,
        rssi: -36,
        snr: 10.5,
        context: 'E3OWOQ==',
        metadata: { region_name: 'eu868', region_common_name: 'EU868' },
      },
    ],
    txInfo: {
      frequency: 867100000,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 11, codeRate: 'CR_4_5' } },
    },
    ...extra,
  };
}

const DEVICE_INFO = {
  tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
  tenantName: 'ChirpStack',
  applicationId: '17c82e96-be03-4f38-aef3-f83d48582d97',
  applicationName: 'Test application',
  deviceProfileId: '14855bf7-d10d-4aee-b618-ebfcb64dc7ad',
  deviceProfileName: 'Test device-profile',
  deviceName: 'Test device',
  devEui: '0101010101010101',
};

function uplinkOf(result: ParsedEvent): Uplink {
  if (result.kind !== 'uplink')
    throw new Error(`expected an uplink, got ${JSON.stringify(result)}`);
  return result.uplink;
}

function reasonOf(result: ParsedEvent): string {
  if (result.kind !== 'invalid') throw new Error(`expected invalid, got ${result.kind}`);
  return result.reason;
}

describe('The Things Stack v3 uplink webhook', () => {
  it('reads the documented uplink with the decoded payload', () => {
    expect(parseTtsWebhook(ttsUplink())).toEqual({
      kind: 'uplink',
      uplink: {
        source: 'tts',
        devEui: '0004A30B001C0530',
        deviceName: 'dev1',
        receivedAt: '2020-02-12T15:15:46.014Z',
        fCnt: 1,
        fPort: 85,
        dedupKey: 'tts:as:up:01E0WZGT6Y7657CPFPE5WEYDSQ',
        counts: { occupancy: 3, occupancyMax: 5, occupiedRegions: [1] },
        decodedBy: 'network-server',
        rssi: -35,
        snr: 5,
      },
    });
  });

  it('reads the TTN device-repository spelling', () => {
    const uplink = uplinkOf(
      parseTtsWebhook(
        ttsUplink({
          uplink_message: {
            decoded_payload: {
              line_1: { total_in: 72, total_out: 200, period_in: 3, period_out: 1 },
            },
          },
        }),
      ),
    );
    expect(uplink.counts).toEqual({
      lines: [{ line: 1, totalIn: 72, totalOut: 200, periodIn: 3, periodOut: 1 }],
    });
  });

  it('decodes frm_payload itself when no payload formatter ran', () => {
    const body = ttsUplink();
    delete (body.uplink_message as Partial<typeof body.uplink_message>).decoded_payload;
    const uplink = uplinkOf(parseTtsWebhook(body));
    expect(uplink.decodedBy).toBe('raw');
    expect(uplink.counts).toEqual({
      occupancy: 3,
      occupancyMax: 5,
      occupiedRegions: [1, 6, 8],
    });
  });

  it('falls back to the raw payload when the decoded object has no counts', () => {
    const uplink = uplinkOf(
      parseTtsWebhook(ttsUplink({ uplink_message: { decoded_payload: { bytes: [4, 201] } } })),
    );
    expect(uplink.decodedBy).toBe('raw');
    expect(uplink.counts.occupancy).toBe(3);
  });

  it('reads 05 CC by the registered model', () => {
    const body = ttsUplink({
      uplink_message: { frm_payload: 'BcwCAAEA', decoded_payload: undefined },
    });
    const vs133 = uplinkOf(parseTtsWebhook(body, { modelOf: () => 'vs133' }));
    const vs121 = uplinkOf(parseTtsWebhook(body));
    expect(vs133.counts).toEqual({ lines: [{ line: 1, periodIn: 2, periodOut: 1 }] });
    expect(vs121.counts).toEqual(vs133.counts);
  });

  it('omitted zero values: f_cnt 0, no f_port, snr 0, no payload', () => {
    const uplink = uplinkOf(
      parseTtsWebhook({
        end_device_ids: { device_id: 'vs133-gate', dev_eui: '24e124725c151234' },
        correlation_ids: ['as:up:01HZZZ', 'gs:conn:01HAAA'],
        received_at: '2026-03-18T18:30:00.123456789Z',
        uplink_message: { rx_metadata: [{ gateway_ids: { gateway_id: 'g' }, rssi: -110 }] },
      }),
    );
    expect(uplink).toEqual({
      source: 'tts',
      devEui: '24E124725C151234',
      deviceName: 'vs133-gate',
      receivedAt: '2026-03-18T18:30:00.123Z',
      fCnt: 0,
      dedupKey: 'tts:as:up:01HZZZ',
      counts: {},
      decodedBy: 'none',
      rssi: -110,
      snr: 0,
    });
  });

  it('best signal over several gateways; channel_rssi when rssi is absent', () => {
    const uplink = uplinkOf(
      parseTtsWebhook(
        ttsUplink({
          uplink_message: {
            rx_metadata: [
              { rssi: -101, snr: -3.5 },
              { channel_rssi: -88, snr: 1.25 },
              { gateway_ids: { gateway_id: 'packet-broker' } },
            ],
          },
        }),
      ),
    );
    expect(uplink.rssi).toBe(-88);
    expect(uplink.snr).toBe(1.25);
  });

  it('no correlation ids: dedup on device, frame counter and time', () => {
    const body: Record<string, unknown> = ttsUplink();
    delete body.correlation_ids;
    expect(uplinkOf(parseTtsWebhook(body)).dedupKey).toBe(
      'tts:0004A30B001C0530:1:2020-02-12T15:15:46.014Z',
    );
  });

  it('the same uplink delivered twice has the same dedup key', () => {
    const a = uplinkOf(parseTtsWebhook(ttsUplink()));
    const b = uplinkOf(parseTtsWebhook(JSON.parse(JSON.stringify(ttsUplink())) as unknown));
    expect(a.dedupKey).toBe(b.dedupKey);
  });

  it('simulated uplinks are flagged; battery comes from the payload', () => {
    const uplink = uplinkOf(
      parseTtsWebhook({
        ...ttsUplink({ uplink_message: { decoded_payload: { people_count_all: 1, battery: 64 } } }),
        simulated: true,
      }),
    );
    expect(uplink.simulated).toBe(true);
    expect(uplink.battery).toBe(64);
  });

  it('an undecodable payload is still an uplink, with the reason', () => {
    const uplink = uplinkOf(
      parseTtsWebhook(
        ttsUplink({ uplink_message: { frm_payload: 'd4iquw==', decoded_payload: undefined } }),
      ),
    );
    expect(uplink.counts).toEqual({});
    expect(uplink.decodedBy).toBe('none');
    expect(uplink.decodeError).toBe(
      'uplink_message.frm_payload: unknown channel 77 88 at offset 0',
    );
  });

  it('an impossible decoded value is reported, not trusted', () => {
    const uplink = uplinkOf(
      parseTtsWebhook(
        ttsUplink({
          uplink_message: { frm_payload: undefined, decoded_payload: { people_count_all: -4 } },
        }),
      ),
    );
    expect(uplink.counts).toEqual({});
    expect(uplink.decodeError).toBe(
      'uplink_message.decoded_payload.people_count_all: expected a whole number from 0 to 4294967295',
    );
  });

  it('ignores the other message types (join accept example of the docs)', () => {
    expect(
      parseTtsWebhook({
        end_device_ids: {
          device_id: 'dev1',
          application_ids: { application_id: 'app1' },
          dev_eui: '0004A30B001C0530',
          join_eui: '800000000000000C',
          dev_addr: '01497ECC',
        },
        correlation_ids: ['as:up:01E191YN5F2HMBQCBCVRF731VY'],
        received_at: '2020-02-17T07:49:09.935284891Z',
        join_accept: {
          session_key_id: 'AXBSH1Pk6Z0G166RlH16CQ==',
          received_at: '2020-02-17T07:49:09.736532315Z',
        },
      }),
    ).toEqual({
      kind: 'ignored',
      event: 'join_accept',
      reason: 'TTS join_accept message',
      devEui: '0004A30B001C0530',
    });
  });

  it.each([
    [[], 'body: expected a JSON object'],
    [{ end_device_ids: {} }, 'uplink_message: missing'],
    [
      { ...ttsUplink(), end_device_ids: { device_id: 'x' } },
      'end_device_ids.dev_eui: expected string',
    ],
    [
      { ...ttsUplink(), end_device_ids: { dev_eui: 'not-an-eui' } },
      'end_device_ids.dev_eui: expected 16 hex digits',
    ],
    [{ ...ttsUplink(), received_at: 'yesterday' }, 'received_at:'],
    [ttsUplink({ uplink_message: { f_cnt: -1 } }), 'uplink_message.f_cnt: must be at least 0'],
    [ttsUplink({ uplink_message: { f_port: 300 } }), 'uplink_message.f_port: must be at most 255'],
    [
      ttsUplink({ uplink_message: { frm_payload: 'not base64!' } }),
      'uplink_message.frm_payload: expected base64',
    ],
    [
      ttsUplink({ uplink_message: { frm_payload: 'A'.repeat(1000) } }),
      'uplink_message.frm_payload: must have at most 400 characters',
    ],
    [ttsUplink({ uplink_message: { decoded_payload: [1] } }), 'uplink_message.decoded_payload'],
    [
      ttsUplink({ uplink_message: { rx_metadata: [{ rssi: 'strong' }] } }),
      'uplink_message.rx_metadata.0.rssi: expected number',
    ],
    [
      { ...ttsUplink(), correlation_ids: Array.from({ length: 500 }, (_, i) => `x:${i}`) },
      'correlation_ids: must have at most 100 items',
    ],
  ])('invalid body %#', (body, reason) => {
    expect(reasonOf(parseTtsWebhook(body))).toContain(reason);
  });

  it('a missing time is taken from the clock only when one is given', () => {
    const body: Record<string, unknown> = ttsUplink({ uplink_message: { received_at: undefined } });
    delete body.received_at;
    expect(reasonOf(parseTtsWebhook(body))).toBe('received_at: missing');
    const now = Date.parse('2026-03-18T18:30:00Z');
    expect(uplinkOf(parseTtsWebhook(body, { now: () => now })).receivedAt).toBe(
      '2026-03-18T18:30:00.000Z',
    );
  });
});

describe('ChirpStack v4 events', () => {
  it('reads the documented up event (no codec: raw payload not Milesight)', () => {
    expect(parseChirpStackEvent('up', chirpstackUp())).toEqual({
      kind: 'uplink',
      uplink: {
        source: 'chirpstack',
        devEui: '0101010101010101',
        deviceName: 'Test device',
        receivedAt: '2022-07-18T09:34:15.775Z',
        fCnt: 0,
        fPort: 1,
        dedupKey: 'chirpstack:3ac7e3c4-4401-4b8d-9386-a5c902f9202d',
        counts: {},
        decodedBy: 'none',
        decodeError: 'data: truncated channel header AA at offset 0',
        rssi: -36,
        snr: 10.5,
      },
    });
  });

  it('reads the decoded object (Milesight codec spelling)', () => {
    const uplink = uplinkOf(
      parseChirpStackEvent(
        'up',
        chirpstackUp({
          fCnt: 42,
          fPort: 85,
          data: 'D+MCEAcJ',
          object: {
            region_1_count: 2,
            region_2_count: 16,
            region_3_count: 7,
            region_4_count: 9,
          },
        }),
      ),
    );
    expect(uplink.fCnt).toBe(42);
    expect(uplink.decodedBy).toBe('network-server');
    expect(uplink.counts.regionCounts).toEqual([
      { region: 1, count: 2 },
      { region: 2, count: 16 },
      { region: 3, count: 7 },
      { region: 4, count: 9 },
    ]);
  });

  it('decodes data itself when no codec is set', () => {
    const uplink = uplinkOf(
      parseChirpStackEvent(
        'up',
        chirpstackUp({ fPort: 85, data: 'BcwDAAEACMwCAAAAA9LoAwAABNLgAwAA' }),
      ),
    );
    expect(uplink.decodedBy).toBe('raw');
    expect(uplink.counts.lines).toEqual([
      { line: 1, periodIn: 3, periodOut: 1, totalIn: 1000, totalOut: 992 },
      { line: 2, periodIn: 2, periodOut: 0 },
    ]);
  });

  it('reads the documented status event as battery', () => {
    expect(
      parseChirpStackEvent('status', {
        deduplicationId: 'bf2a9746-1c8b-49be-a92e-f0b89c8534e4',
        time: '2022-07-18T09:35:06.927172638+00:00',
        deviceInfo: DEVICE_INFO,
        margin: 10,
        batteryLevel: 88.3,
      }),
    ).toEqual({
      kind: 'status',
      status: {
        source: 'chirpstack',
        devEui: '0101010101010101',
        receivedAt: '2022-07-18T09:35:06.927Z',
        dedupKey: 'chirpstack-status:bf2a9746-1c8b-49be-a92e-f0b89c8534e4',
        battery: 88.3,
        margin: 10,
      },
    });
  });

  it('status: external power or battery unavailable gives no battery level', () => {
    const base = { deduplicationId: 'x', time: '2022-07-18T09:35:06Z', deviceInfo: DEVICE_INFO };
    const mains = parseChirpStackEvent('status', { ...base, externalPowerSource: true });
    expect(mains.kind === 'status' && mains.status).toMatchObject({ externalPower: true });
    expect(mains.kind === 'status' && 'battery' in mains.status).toBe(false);
    const unknown = parseChirpStackEvent('status', { ...base, batteryLevelUnavailable: true });
    expect(unknown.kind === 'status' && 'battery' in unknown.status).toBe(false);
    // No batteryLevel: unknown, not an empty battery.
    const empty = parseChirpStackEvent('status', base);
    expect(empty.kind === 'status' && 'battery' in empty.status).toBe(false);
  });

  it('recognises join and log events and ignores them', () => {
    expect(
      parseChirpStackEvent('join', {
        deduplicationId: 'c9dbe358-2578-4fb7-b295-66b44edc45a6',
        time: '2022-07-18T09:33:28.823500726+00:00',
        deviceInfo: DEVICE_INFO,
        devAddr: '00189440',
      }),
    ).toEqual({
      kind: 'ignored',
      event: 'join',
      reason: 'ChirpStack join event',
      devEui: '0101010101010101',
    });
    expect(
      parseChirpStackEvent('log', {
        time: '2022-07-18T09:39:57.311414029+00:00',
        deviceInfo: DEVICE_INFO,
        level: 'ERROR',
        code: 'UPLINK_MIC',
        description: 'MIC of join-request is invalid, make sure keys are correct',
        context: { deduplication_id: '4e91db13-5ce3-4c8c-ab0f-dfc626cf0771' },
      }),
    ).toMatchObject({ kind: 'ignored', event: 'log' });
    expect(parseChirpStackEvent('somethingnew', {})).toEqual({
      kind: 'ignored',
      event: 'somethingnew',
      reason: 'unknown ChirpStack event type',
    });
  });

  it.each([
    [undefined, chirpstackUp(), 'event: missing'],
    ['up', 'text', 'body: expected a JSON object'],
    ['up', { ...chirpstackUp(), deduplicationId: undefined }, 'deduplicationId: expected string'],
    ['up', { ...chirpstackUp(), deviceInfo: {} }, 'deviceInfo.devEui: expected string'],
    ['up', { ...chirpstackUp(), time: '18/07/2022' }, 'time:'],
    ['up', { ...chirpstackUp(), fCnt: 1.5 }, 'fCnt: expected int'],
    ['up', { ...chirpstackUp(), object: 'x' }, 'object: expected record'],
    ['up', { ...chirpstackUp(), rxInfo: [{ snr: 99 }] }, 'rxInfo.0.snr: must be at most 50'],
    ['status', { deviceInfo: DEVICE_INFO, batteryLevel: 250 }, 'deduplicationId'],
    [
      'status',
      {
        deduplicationId: 'x',
        time: '2022-07-18T09:35:06Z',
        deviceInfo: DEVICE_INFO,
        batteryLevel: 250,
      },
      'batteryLevel: must be at most 100',
    ],
  ])('invalid %s event %#', (event, body, reason) => {
    expect(reasonOf(parseChirpStackEvent(event, body))).toContain(reason);
  });
});

describe('parseJsonBody', () => {
  it('parses JSON within the size limit', () => {
    expect(parseJsonBody(JSON.stringify(chirpstackUp()))).toMatchObject({ ok: true });
    expect(parseJsonBody('{"a":')).toEqual({ ok: false, reason: 'body: not valid JSON' });
    expect(parseJsonBody('{"deviceInfo":{"deviceName":"lawn\\u0000"}}')).toEqual({
      ok: false,
      reason: 'body: holds the NUL character (\\u0000)',
    });
    // An escaped backslash before "u0000" is text, not a NUL.
    expect(parseJsonBody('{"note":"C:\\\\u0000"}')).toEqual({
      ok: true,
      value: { note: 'C:\\u0000' },
    });
    expect(parseJsonBody(' '.repeat(MAX_UPLINK_BODY_BYTES + 1))).toEqual({
      ok: false,
      reason: 'body: larger than 64 KB',
    });
  });
});
