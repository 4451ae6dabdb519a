/**
 * Normalises a decoded people-counter payload into one shape, `PeopleCounts`, whichever decoder
 * produced it: the network server's payload formatter (TTS `decoded_payload`, ChirpStack
 * `object`) or our own raw decoder (`milesight.ts`). Two spellings are in the wild:
 *
 * - Milesight's own decoders (github.com/Milesight-IoT/SensorDecoders, also what their ChirpStack
 *   codecs emit): flat keys, `people_count_all`, `region_N`, `region_N_count`, `people_in`,
 *   `people_out`, `people_total_in`, `line_N_total_in`, `line_N_period_out`,
 *   `region_N_avg_dwell`, `dwell_time_avg`, ...
 * - The TTN device repository (github.com/TheThingsNetwork/lorawan-devices,
 *   vendor/milesight-iot/vs121.js and vs133.js, what TTS applies when a device is registered from
 *   the repository): `people_counter_all`, `regions: [{ index, count }]`, and per line an object
 *   `line_N: { total_in, total_out, period_in, period_out }`.
 *
 * Note on `regions[]`: the repository's VS121 decoder computes `count` as `(mask > index) & 1`
 * (a comparison where the bit test `(mask >> index) & 1` was meant), so those flags are wrong;
 * they are kept as `occupiedRegions` for display only and never used for occupancy, which comes
 * from `people_counter_all`.
 *
 * A recognised key with an impossible value (negative, fractional, not a number) makes the whole
 * object invalid, with a message naming the key; unknown keys are ignored.
 */

/** One counting line of a line counter (VS133 has four; a VS121's line in/out is line 1). */
export type LineCounts = {
  line: number;
  /** People who crossed inwards since the previous report. */
  periodIn?: number;
  periodOut?: number;
  /** Running totals since the device's counter was last cleared or the device restarted. */
  totalIn?: number;
  totalOut?: number;
};

export type DwellTime = {
  /** The region it was measured in; absent when the device reports it for its whole area. */
  region?: number;
  avgSeconds?: number;
  maxSeconds?: number;
};

export type PeopleCounts = {
  /** People in the whole detection area now (VS121 `people_count_all`). */
  occupancy?: number;
  /** Most people in the area during the report period (VS121 `people_count_max`). */
  occupancyMax?: number;
  /** People per region (VS121 regions 1-16, VS133 regions 1-4), sorted by region. */
  regionCounts?: { region: number; count: number }[];
  /** Regions flagged occupied (VS121 desk regions); informational. */
  occupiedRegions?: number[];
  /** Sorted by line. */
  lines?: LineCounts[];
  dwell?: DwellTime[];
  /** Battery level in percent. */
  battery?: number;
  /** The device reported a reset event: it restarted, its running totals start again. */
  rebooted?: boolean;
};

export type NormalizeResult = { ok: true; counts: PeopleCounts } | { ok: false; error: string };

/** Highest count accepted: the largest unsigned 32-bit value a counter channel can carry. */
export const MAX_COUNT = 0xffff_ffff;
/** Line and region numbers accepted (VS121 has up to 16 regions, VS133 4 lines and 4 regions). */
const MAX_INDEX = 16;

class Invalid extends Error {}

function count(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_COUNT) {
    throw new Invalid(`${field}: expected a whole number from 0 to ${MAX_COUNT}`);
  }
  return value;
}

function index(text: string, field: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_INDEX) {
    throw new Invalid(`${field}: number ${text} is out of range 1-${MAX_INDEX}`);
  }
  return n;
}

const LINE_FIELDS = {
  total_in: 'totalIn',
  total_out: 'totalOut',
  period_in: 'periodIn',
  period_out: 'periodOut',
} as const;
type LineField = keyof typeof LINE_FIELDS;
const isLineField = (s: string): s is LineField => Object.hasOwn(LINE_FIELDS, s);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalises one decoded object (see the file comment for the spellings accepted). */
export function normalizeDecoded(decoded: unknown): NormalizeResult {
  if (!isRecord(decoded)) return { ok: false, error: 'decoded payload: expected an object' };
  try {
    return { ok: true, counts: normalize(decoded) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, error: error.message };
    throw error;
  }
}

function normalize(decoded: Record<string, unknown>): PeopleCounts {
  const counts: PeopleCounts = {};
  const lines = new Map<number, LineCounts>();
  const regionCounts = new Map<number, number>();
  const occupied = new Set<number>();
  const dwell = new Map<number | undefined, DwellTime>();
  const lineOf = (n: number) => {
    let line = lines.get(n);
    if (!line) lines.set(n, (line = { line: n }));
    return line;
  };
  const dwellOf = (region: number | undefined) => {
    let d = dwell.get(region);
    if (!d) dwell.set(region, (d = region === undefined ? {} : { region }));
    return d;
  };
  let m: RegExpExecArray | null;

  for (const [field, value] of Object.entries(decoded)) {
    if (value === undefined || value === null) continue;
    if (field === 'people_count_all' || field === 'people_counter_all') {
      counts.occupancy = count(value, field);
    } else if (field === 'people_count_max') {
      counts.occupancyMax = count(value, field);
    } else if (field === 'people_in' || field === 'people_out') {
      lineOf(1)[field === 'people_in' ? 'periodIn' : 'periodOut'] = count(value, field);
    } else if (field === 'people_total_in' || field === 'people_total_out') {
      lineOf(1)[field === 'people_total_in' ? 'totalIn' : 'totalOut'] = count(value, field);
    } else if ((m = /^line_(\d+)_(total_in|total_out|period_in|period_out)$/.exec(field))) {
      const part = m[2] ?? '';
      if (isLineField(part))
        lineOf(index(m[1] ?? '', field))[LINE_FIELDS[part]] = count(value, field);
    } else if ((m = /^line_(\d+)$/.exec(field))) {
      if (!isRecord(value)) throw new Invalid(`${field}: expected an object`);
      const line = lineOf(index(m[1] ?? '', field));
      for (const [part, v] of Object.entries(value)) {
        if (isLineField(part) && v !== undefined && v !== null) {
          line[LINE_FIELDS[part]] = count(v, `${field}.${part}`);
        }
      }
    } else if ((m = /^region_(\d+)_count$/.exec(field))) {
      regionCounts.set(index(m[1] ?? '', field), count(value, field));
    } else if ((m = /^region_(\d+)$/.exec(field))) {
      if (count(value, field) > 0) occupied.add(index(m[1] ?? '', field));
    } else if (field === 'regions') {
      if (!Array.isArray(value)) throw new Invalid('regions: expected an array');
      value.forEach((entry: unknown, i) => {
        const where = `regions.${i}`;
        if (!isRecord(entry)) throw new Invalid(`${where}: expected an object`);
        const at = count(entry.index, `${where}.index`);
        if (count(entry.count, `${where}.count`) > 0) occupied.add(index(String(at + 1), where));
      });
    } else if ((m = /^region_(\d+)_(avg|max)_dwell$/.exec(field))) {
      const d = dwellOf(index(m[1] ?? '', field));
      if (m[2] === 'avg') d.avgSeconds = count(value, field);
      else d.maxSeconds = count(value, field);
    } else if (field === 'dwell_time_avg') {
      dwellOf(undefined).avgSeconds = count(value, field);
    } else if (field === 'dwell_time_max') {
      dwellOf(undefined).maxSeconds = count(value, field);
    } else if (field === 'battery') {
      if (typeof value !== 'number' || !(value >= 0 && value <= 100)) {
        throw new Invalid('battery: expected a percentage from 0 to 100');
      }
      counts.battery = value;
    } else if (field === 'reset_event') {
      counts.rebooted = true;
    }
  }

  if (lines.size) counts.lines = [...lines.values()].sort((a, b) => a.line - b.line);
  if (regionCounts.size) {
    counts.regionCounts = [...regionCounts]
      .sort(([a], [b]) => a - b)
      .map(([region, n]) => ({ region, count: n }));
  }
  if (occupied.size) counts.occupiedRegions = [...occupied].sort((a, b) => a - b);
  if (dwell.size) {
    counts.dwell = [...dwell.values()].sort((a, b) => (a.region ?? 0) - (b.region ?? 0));
  }
  return counts;
}

/** Whether the counts say anything a reading can be made of (not just battery or flags). */
export function hasCounts(counts: PeopleCounts): boolean {
  return (
    counts.occupancy !== undefined ||
    counts.regionCounts !== undefined ||
    counts.lines !== undefined ||
    counts.dwell !== undefined
  );
}
