import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  decodeMilesight,
  hexToBytes,
  type MilesightModel,
} from '../../server/lorawan/milesight';

function decode(hex: string, model?: MilesightModel) {
  const bytes = hexToBytes(hex);
  if (!bytes) throw new Error(`bad hex in test: ${hex}`);
  return decodeMilesight(bytes, model);
}

function fields(hex: string, model?: MilesightModel) {
  const result = decode(hex, model);
  if (!result.ok) throw new Error(result.error);
  return result.fields;
}

// The example frames and outputs published with Milesight's decoders
// (Milesight-IoT/SensorDecoders vs-series/vs121/README.md and vs-series/vs133/README.md).
describe('VS121 published examples', () => {
  it('device information', () => {
    expect(fields('FF0101 FF086600B0940976 FF090100 FF1F1F07004B')).toEqual({
      protocol_version: 1,
      sn: '6600b0940976',
      hardware_version: '1.0',
      firmware_version: '31.7.0.75',
    });
  });

  it('people count with region mask, and max', () => {
    const result = decode('04C9030800A1 06CD05');
    expect(result).toEqual({
      ok: true,
      model: 'vs121',
      fields: {
        people_count_all: 3,
        region_count: 8,
        region_1: 1,
        region_2: 0,
        region_3: 0,
        region_4: 0,
        region_5: 0,
        region_6: 1,
        region_7: 0,
        region_8: 1,
        people_count_max: 5,
      },
    });
  });

  it('region counts 1-16', () => {
    expect(fields('07D50001000000000003 08D50100000000000000')).toEqual({
      region_1_count: 0,
      region_2_count: 1,
      region_3_count: 0,
      region_4_count: 0,
      region_5_count: 0,
      region_6_count: 0,
      region_7_count: 0,
      region_8_count: 3,
      region_9_count: 1,
      region_10_count: 0,
      region_11_count: 0,
      region_12_count: 0,
      region_13_count: 0,
      region_14_count: 0,
      region_15_count: 0,
      region_16_count: 0,
    });
  });

  it('people in and out', () => {
    expect(fields('05CC02000100')).toEqual({ people_in: 2, people_out: 1 });
  });

  it('flows between areas', () => {
    const f = fields(
      '09DA0001000200000000 0ADA0000000000000000 0BDA0000000000000012 0CDA0000000000000000',
    );
    expect(f.a_to_a).toBe(256);
    expect(f.a_to_b).toBe(512);
    expect(f.c_to_d).toBe(4608);
    expect(Object.keys(f)).toHaveLength(16);
  });

  it('the combined frame of vs121-codec.json', () => {
    const f = fields(
      '04C9030800A106CD0507D5000100000000000308D5010000000000000009DA00010002000000000ADA0000000000000000' +
        '0BDA00000000000000120CDA0000000000000000',
    );
    expect(f).toMatchObject({ people_count_all: 3, people_count_max: 5, region_8_count: 3 });
  });

  it('decodes the bit mask correctly where the TTN repository decoder does not', () => {
    // TTN lorawan-devices vendor/milesight-iot/vs121-codec.yaml: bytes 04 C9 03 03 00 02.
    // Its published output flags regions 0 and 1 (a `>` where `>>` was meant); mask 0x0002 is
    // region 2 only.
    expect(fields('04C903030002')).toEqual({
      people_count_all: 3,
      region_count: 3,
      region_1: 0,
      region_2: 1,
      region_3: 0,
    });
  });

  it('total in/out, dwell and timestamp channels', () => {
    expect(fields('0DCC0A000400 0EE4001E005A00 0F8500E1F565')).toEqual({
      people_total_in: 10,
      people_total_out: 4,
      dwell_time_avg: 30,
      dwell_time_max: 90,
      timestamp: 0x65f5e100,
    });
  });
});

describe('VS133 published examples', () => {
  it('line totals', () => {
    const result = decode(
      '03D248000000 04D2C8000000 06D200000000 07D200000000 09D200000000 0AD200000000 0CD2B4140000 0DD28D1A0000',
    );
    expect(result).toEqual({
      ok: true,
      model: 'vs133',
      fields: {
        line_1_total_in: 72,
        line_1_total_out: 200,
        line_2_total_in: 0,
        line_2_total_out: 0,
        line_3_total_in: 0,
        line_3_total_out: 0,
        line_4_total_in: 5300,
        line_4_total_out: 6797,
      },
    });
  });

  it('period in/out (05 CC read as line 1 because the other channels say VS133)', () => {
    expect(fields('05CC00000000 08CC00000000 0BCC00000000 0ECC05000700')).toEqual({
      line_1_period_in: 0,
      line_1_period_out: 0,
      line_2_period_in: 0,
      line_2_period_out: 0,
      line_3_period_in: 0,
      line_3_period_out: 0,
      line_4_period_in: 5,
      line_4_period_out: 7,
    });
  });

  it('region counts', () => {
    expect(fields('0FE302100709')).toEqual({
      region_1_count: 2,
      region_2_count: 16,
      region_3_count: 7,
      region_4_count: 9,
    });
  });

  it('dwell per region', () => {
    expect(fields('10E40109101121 10E40275217533 10E40381212389 10E40476001387')).toEqual({
      region_1_avg_dwell: 4105,
      region_1_max_dwell: 8465,
      region_2_avg_dwell: 8565,
      region_2_max_dwell: 13173,
      region_3_avg_dwell: 8577,
      region_3_max_dwell: 35107,
      region_4_avg_dwell: 118,
      region_4_max_dwell: 34579,
    });
  });

  it('the TTN repository example frame (vs133-codec.yaml), from base64', () => {
    const bytes = base64ToBytes('A9JIAAAABNLIAAAABtIAAAAAB9IAAAAABcwAAAAACMwAAAAA');
    expect(bytes).not.toBeNull();
    const result = decodeMilesight(bytes ?? new Uint8Array());
    expect(result).toEqual({
      ok: true,
      model: 'vs133',
      fields: {
        line_1_total_in: 72,
        line_1_total_out: 200,
        line_2_total_in: 0,
        line_2_total_out: 0,
        line_1_period_in: 0,
        line_1_period_out: 0,
        line_2_period_in: 0,
        line_2_period_out: 0,
      },
    });
  });

  it('a lone 05 CC is named by the model when it is known', () => {
    expect(fields('05CC05000300', 'vs133')).toEqual({ line_1_period_in: 5, line_1_period_out: 3 });
    expect(fields('05CC05000300', 'vs121')).toEqual({ people_in: 5, people_out: 3 });
  });

  it('uint32 totals above 2^31 stay positive', () => {
    expect(fields('03D2FFFFFFFF')).toEqual({ line_1_total_in: 0xffffffff });
  });
});

describe('common channels', () => {
  it('skips device information and reads battery and reset events', () => {
    expect(
      fields('FF0B01 FF0F00 FFFE01 FFFF0100 017564 FF16 0123456789ABCDEF 0FE301000000'),
    ).toEqual({
      device_status: 1,
      lorawan_class: 0,
      reset_event: 1,
      tsl_version: '1.0',
      battery: 100,
      sn: '0123456789abcdef',
      region_1_count: 1,
      region_2_count: 0,
      region_3_count: 0,
      region_4_count: 0,
    });
  });

  it('an empty payload decodes to nothing', () => {
    expect(decodeMilesight(new Uint8Array())).toEqual({ ok: true, model: 'vs121', fields: {} });
  });
});

describe('malformed payloads stop with an error naming the offset', () => {
  it('unknown channel, keeping what came before', () => {
    const result = decode('06CD05 7788AABB');
    expect(result).toEqual({
      ok: false,
      error: 'unknown channel 77 88 at offset 3',
      offset: 3,
      fields: { people_count_max: 5 },
    });
  });

  it('history records are named as such', () => {
    const result = decode('20CE00E1F56503E8030000');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toBe('history record 20 CE at offset 0');
  });

  it('a data block cut short', () => {
    const result = decode('04C9030800A1 03D24800');
    expect(result).toEqual({
      ok: false,
      error: 'truncated channel 03 D2 at offset 6: needs 4 data bytes, has 2',
      offset: 6,
      fields: {
        people_count_all: 3,
        region_count: 8,
        region_1: 1,
        region_2: 0,
        region_3: 0,
        region_4: 0,
        region_5: 0,
        region_6: 1,
        region_7: 0,
        region_8: 1,
      },
    });
  });

  it('a lone trailing byte', () => {
    const result = decode('06CD05 06');
    expect(result).toMatchObject({
      ok: false,
      offset: 3,
      error: 'truncated channel header 06 at offset 3',
    });
  });

  it('never loops or throws on arbitrary bytes', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    for (let n = 0; n < 500; n++) {
      const bytes = Uint8Array.from({ length: random() % 40 }, random);
      const result = decodeMilesight(bytes);
      if (!result.ok) {
        expect(result.offset).toBeGreaterThanOrEqual(0);
        expect(result.offset).toBeLessThan(bytes.length);
        expect(result.error).toMatch(/at offset \d+/);
      }
    }
  });

  it('region count over 16 reads only the 16 mask bits', () => {
    const f = fields('04C9021400FF');
    expect(f.region_count).toBe(20);
    expect(f.region_16).toBe(0);
    expect(f.region_17).toBeUndefined();
  });
});

describe('hex and base64 helpers', () => {
  it('reject malformed input', () => {
    expect(hexToBytes('ABC')).toBeNull();
    expect(hexToBytes('ZZ')).toBeNull();
    expect(base64ToBytes('abc')).toBeNull();
    expect(base64ToBytes('ab!=')).toBeNull();
    expect(Array.from(base64ToBytes('BcwCAAEA') ?? [])).toEqual([5, 0xcc, 2, 0, 1, 0]);
  });
});
