/**
 * Decodes the raw Milesight channel format (the FRMPayload of a VS121 area counter or a VS133 /
 * VS135 line counter, usually on fPort 85) into an object spelled like Milesight's own decoders
 * (`people_count_all`, `line_1_total_in`, `region_2_count`, ...), for uplinks that arrive without
 * a network-server-decoded object. `decoded.ts` then normalises that object like any other.
 *
 * The payload is a sequence of channels: 1 byte channel id, 1 byte channel type, then a data
 * block whose length the (id, type) pair fixes. Written from Milesight's published payload tables
 * (github.com/Milesight-IoT/SensorDecoders, vs-series/vs121 and vs-series/vs133 README); integers
 * are little-endian except the VS121 region mask, which is big-endian.
 *
 *  id type  len  model  fields
 *  04 C9     4   VS121  people_count_all(1) region_count(1) region mask(2, BE) -> region_N = 0|1
 *  05 CC     4   VS121  people_in(2) people_out(2)             (people crossing since last report)
 *  05 CC     4   VS133  line_1_period_in(2) line_1_period_out(2)   (same bytes, other names)
 *  06 CD     1   VS121  people_count_max
 *  07 D5     8   VS121  region_1_count .. region_8_count (1 byte each)
 *  08 D5     8   VS121  region_9_count .. region_16_count
 *  09-0C DA  8   VS121  a_to_a .. d_to_d flows (2 bytes each)
 *  0D CC     4   VS121  people_total_in(2) people_total_out(2)
 *  0E E4     5   VS121  region(1) dwell_time_avg(2) dwell_time_max(2)
 *  0F 85     4   VS121  timestamp (unix seconds)
 *  10 F7     4   VS121  line_in(2) line_out(2)
 *  0N D2     4   VS133  line_L_total_in (N = 3,6,9,12) / line_L_total_out (N = 4,7,10,13), uint32
 *  0N CC     4   VS133  line_L_period_in(2) line_L_period_out(2) (N = 5,8,11,14)
 *  0F E3     4   VS133  region_1_count .. region_4_count
 *  10 E4     5   VS133  region(1) region_R_avg_dwell(2) region_R_max_dwell(2)
 *  01 75     1   any    battery (%)
 *  FF 01/09/0A/0B/0F/1F/FE/FF/08/16   device information (versions, class, status, reset, serial)
 *
 * Anything else (an unknown channel, a data block cut short, history records `20 CE`, downlink
 * replies) stops decoding with an error that names the byte offset; the decoder never loops and
 * never throws.
 */

export type MilesightModel = 'vs121' | 'vs133';

/** Decoded fields, named as Milesight's own decoders name them. */
export type MilesightFields = Record<string, number | string>;

export type MilesightResult =
  | { ok: true; model: MilesightModel; fields: MilesightFields }
  | {
      ok: false;
      /** Says what is wrong and at which byte offset, e.g. "unknown channel 20 CE at offset 6". */
      error: string;
      offset: number;
      /** Fields decoded before the failing channel. */
      fields: MilesightFields;
    };

type Reader = { bytes: Uint8Array; at: number };

const u8 = (r: Reader, i: number) => r.bytes[r.at + i] ?? 0;
const u16le = (r: Reader, i: number) => u8(r, i) | (u8(r, i + 1) << 8);
const u32le = (r: Reader, i: number) => (u16le(r, i) + u16le(r, i + 2) * 0x10000) >>> 0;
const hex = (r: Reader, length: number) =>
  Array.from(r.bytes.subarray(r.at, r.at + length), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
const dotted = (r: Reader, length: number) =>
  Array.from(r.bytes.subarray(r.at, r.at + length), String).join('.');

type Channel = {
  length: number;
  /** The model only this channel belongs to (used to tell VS121 from VS133); none if shared. */
  model?: MilesightModel;
  read(r: Reader, out: MilesightFields, model: MilesightModel): void;
};

const key = (id: number, type: number) => (id << 8) | type;

const lineOf = (id: number, first: number) => (id - first) / 3 + 1;

function buildChannels(): Map<number, Channel> {
  const channels = new Map<number, Channel>();
  const add = (id: number, type: number, channel: Channel) => channels.set(key(id, type), channel);

  // Device information, sent after power-up (both models).
  add(0xff, 0x01, {
    length: 1,
    read: (r, o, model) =>
      void (o[model === 'vs133' ? 'ipso_version' : 'protocol_version'] = u8(r, 0)),
  });
  add(0xff, 0x09, { length: 2, read: (r, o) => void (o.hardware_version = dotted(r, 2)) });
  add(0xff, 0x0a, { length: 2, read: (r, o) => void (o.firmware_version = dotted(r, 2)) });
  add(0xff, 0x1f, { length: 4, read: (r, o) => void (o.firmware_version = dotted(r, 4)) });
  add(0xff, 0x0b, { length: 1, read: (r, o) => void (o.device_status = u8(r, 0)) });
  add(0xff, 0x0f, { length: 1, read: (r, o) => void (o.lorawan_class = u8(r, 0)) });
  add(0xff, 0xfe, { length: 1, read: (r, o) => void (o.reset_event = u8(r, 0)) });
  add(0xff, 0xff, { length: 2, read: (r, o) => void (o.tsl_version = dotted(r, 2)) });
  add(0xff, 0x08, { length: 6, read: (r, o) => void (o.sn = hex(r, 6)) });
  add(0xff, 0x16, { length: 8, read: (r, o) => void (o.sn = hex(r, 8)) });
  add(0x01, 0x75, { length: 1, read: (r, o) => void (o.battery = u8(r, 0)) });

  // VS121 area counter.
  add(0x04, 0xc9, {
    length: 4,
    model: 'vs121',
    read(r, o) {
      o.people_count_all = u8(r, 0);
      const regions = Math.min(u8(r, 1), 16);
      o.region_count = u8(r, 1);
      const mask = (u8(r, 2) << 8) | u8(r, 3);
      for (let i = 0; i < regions; i++) o[`region_${i + 1}`] = (mask >> i) & 1;
    },
  });
  add(0x05, 0xcc, {
    length: 4,
    read(r, o, model) {
      const [inName, outName] =
        model === 'vs133' ? ['line_1_period_in', 'line_1_period_out'] : ['people_in', 'people_out'];
      o[inName] = u16le(r, 0);
      o[outName] = u16le(r, 2);
    },
  });
  add(0x06, 0xcd, {
    length: 1,
    model: 'vs121',
    read: (r, o) => void (o.people_count_max = u8(r, 0)),
  });
  for (const [id, first] of [
    [0x07, 1],
    [0x08, 9],
  ] as const) {
    add(id, 0xd5, {
      length: 8,
      model: 'vs121',
      read(r, o) {
        for (let i = 0; i < 8; i++) o[`region_${first + i}_count`] = u8(r, i);
      },
    });
  }
  for (const [id, from] of [
    [0x09, 'a'],
    [0x0a, 'b'],
    [0x0b, 'c'],
    [0x0c, 'd'],
  ] as const) {
    add(id, 0xda, {
      length: 8,
      model: 'vs121',
      read(r, o) {
        ['a', 'b', 'c', 'd'].forEach((to, i) => (o[`${from}_to_${to}`] = u16le(r, i * 2)));
      },
    });
  }
  add(0x0d, 0xcc, {
    length: 4,
    model: 'vs121',
    read(r, o) {
      o.people_total_in = u16le(r, 0);
      o.people_total_out = u16le(r, 2);
    },
  });
  add(0x0e, 0xe4, {
    length: 5,
    model: 'vs121',
    read(r, o) {
      o.dwell_time_avg = u16le(r, 1);
      o.dwell_time_max = u16le(r, 3);
    },
  });
  add(0x0f, 0x85, { length: 4, model: 'vs121', read: (r, o) => void (o.timestamp = u32le(r, 0)) });
  add(0x10, 0xf7, {
    length: 4,
    model: 'vs121',
    read(r, o) {
      o.line_in = u16le(r, 0);
      o.line_out = u16le(r, 2);
    },
  });

  // VS133 / VS135 line counter: four lines, channels 3 apart.
  for (const id of [0x03, 0x06, 0x09, 0x0c]) {
    add(id, 0xd2, {
      length: 4,
      model: 'vs133',
      read: (r, o) => void (o[`line_${lineOf(id, 0x03)}_total_in`] = u32le(r, 0)),
    });
  }
  for (const id of [0x04, 0x07, 0x0a, 0x0d]) {
    add(id, 0xd2, {
      length: 4,
      model: 'vs133',
      read: (r, o) => void (o[`line_${lineOf(id, 0x04)}_total_out`] = u32le(r, 0)),
    });
  }
  for (const id of [0x08, 0x0b, 0x0e]) {
    add(id, 0xcc, {
      length: 4,
      model: 'vs133',
      read(r, o) {
        const line = lineOf(id, 0x05);
        o[`line_${line}_period_in`] = u16le(r, 0);
        o[`line_${line}_period_out`] = u16le(r, 2);
      },
    });
  }
  add(0x0f, 0xe3, {
    length: 4,
    model: 'vs133',
    read(r, o) {
      for (let i = 0; i < 4; i++) o[`region_${i + 1}_count`] = u8(r, i);
    },
  });
  add(0x10, 0xe4, {
    length: 5,
    model: 'vs133',
    read(r, o) {
      const region = u8(r, 0);
      o[`region_${region}_avg_dwell`] = u16le(r, 1);
      o[`region_${region}_max_dwell`] = u16le(r, 3);
    },
  });
  return channels;
}

const CHANNELS = buildChannels();

const byte = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');

/**
 * Decodes one Milesight payload. `model` names the device when it is known (it only matters for
 * channel 05 CC, which both models send); otherwise the other channels of the payload tell, and a
 * payload with no telling channel is read as a VS121 (its 05 CC people in/out normalise to the
 * same line-1 period counts as a VS133's).
 */
export function decodeMilesight(bytes: Uint8Array, model?: MilesightModel): MilesightResult {
  // First check every channel is known and complete, and collect what they say of the model;
  // then read them, so that 05 CC is named for the model whichever channel comes first.
  const found: { at: number; channel: Channel }[] = [];
  let hinted: MilesightModel | undefined;
  const readAll = () => {
    const fields: MilesightFields = {};
    const resolved = model ?? hinted ?? 'vs121';
    for (const { at, channel } of found) channel.read({ bytes, at }, fields, resolved);
    return { model: resolved, fields };
  };
  const fail = (error: string, offset: number): MilesightResult => ({
    ok: false,
    error,
    offset,
    fields: readAll().fields,
  });

  for (let offset = 0; offset < bytes.length;) {
    const id = bytes[offset] ?? 0;
    if (offset + 2 > bytes.length) {
      return fail(`truncated channel header ${byte(id)} at offset ${offset}`, offset);
    }
    const type = bytes[offset + 1] ?? 0;
    const name = `${byte(id)} ${byte(type)}`;
    const channel = CHANNELS.get(key(id, type));
    if (!channel) {
      const what = id === 0x20 && type === 0xce ? 'history record' : 'unknown channel';
      return fail(`${what} ${name} at offset ${offset}`, offset);
    }
    const available = bytes.length - offset - 2;
    if (channel.length > available) {
      return fail(
        `truncated channel ${name} at offset ${offset}: ` +
          `needs ${channel.length} data bytes, has ${available}`,
        offset,
      );
    }
    hinted ??= channel.model;
    found.push({ at: offset + 2, channel });
    offset += 2 + channel.length;
  }
  return { ok: true, ...readAll() };
}

/** Hex ("04C9030800A1", spaces allowed) to bytes; null when it is not whole hex bytes. */
export function hexToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return null;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Standard base64 (as TTS `frm_payload` and ChirpStack `data`) to bytes; null when malformed. */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}
