/**
 * Turns the uplinks of one people counter into readings in the format of POST /api/readings
 * (`Reading` of src/api/contract.ts: amenityId, time, occupancy, entries, dwellMinutes). Pure:
 * the device's previous state goes in and the next state comes out (plain JSON, to be stored per
 * device), so the caller decides where state lives and when readings are written.
 *
 * Area counters (mode "area", VS121): occupancy is the people count of the whole area
 * (`people_count_all`), or the sum of the selected regions' counts when regions are selected;
 * entries come from the line in/out the device also reports (period in, else differences of its
 * totals), else 0.
 *
 * Line counters (mode "line", VS133): entries are the selected lines' period-in counts, or, when
 * only running totals are reported, the increase of each total since the previous uplink. A total
 * lower than the previous one means the counter was cleared or the device restarted: the count
 * starts again from the new value (so the new value is the entries). A reset event (channel
 * FF FE) means the same for every line: the next totals are all new people. A frame counter going
 * backwards (an OTAA rejoin, or the 16-bit counter wrapping) says nothing about the people
 * counters, which a rejoin does not clear: the totals decide as above (not lower: the increase
 * counts; lower: they restarted). The first totals seen from a device only set the baseline
 * (0 entries). Occupancy is the selected regions'
 * counts when the device reports regions, else total in - total out of the selected lines when it
 * reports totals, else a running in - out estimate; always clamped at zero.
 *
 * Dwell (both): the mean of the reported average dwell times (of the selected regions), seconds
 * to minutes; 0 when none is reported.
 *
 * Duplicates (a dedup key seen among the last RECENT_KEYS) and uplinks not newer than the last
 * one handled give no reading and leave the counting state as it was.
 */
import type { Reading } from '../../src/api/contract';
import { hasCounts, type LineCounts } from './decoded';
import type { Uplink } from './uplinks';

export type CountingMode = 'area' | 'line';

/** How one registered device counts for its amenity. */
export type DeviceMapping = {
  amenityId: string;
  mode: CountingMode;
  /** Lines that count (1-4); all reported lines when absent or empty. */
  lines?: readonly number[];
  /** Regions that count; the whole area (area mode) or all regions (line mode) when absent. */
  regions?: readonly number[];
};

export type LineTotals = { in?: number; out?: number };

export type DeviceState = {
  /** Dedup keys of the latest uplinks handled, oldest first, at most RECENT_KEYS. */
  recent: string[];
  lastReceivedAt?: string;
  lastFCnt?: number;
  /** The running totals last reported, per line number. */
  totals: Record<string, LineTotals>;
  /** Last occupancy given, the base of the running in - out estimate. */
  occupancy: number;
  /** The device restarted since totals were last read: the next totals are all new people. */
  fromZero: boolean;
};

/** The uplink fields a reading is made of. */
export type CountingUplink = Pick<Uplink, 'receivedAt' | 'fCnt' | 'dedupKey' | 'counts'>;

export type SkipReason = 'duplicate' | 'out-of-order' | 'no-counts';

export type Step = { state: DeviceState; reading?: Reading; skipped?: SkipReason };

/** How many recent dedup keys a device's state remembers. */
export const RECENT_KEYS = 32;

export function initialDeviceState(): DeviceState {
  return { recent: [], totals: {}, occupancy: 0, fromZero: false };
}

/** One uplink: the reading it gives (if any) and the device's next state. */
export function uplinkToReading(
  mapping: DeviceMapping,
  state: DeviceState,
  uplink: CountingUplink,
): Step {
  if (state.recent.includes(uplink.dedupKey)) return { state, skipped: 'duplicate' };
  const recent = [...state.recent, uplink.dedupKey].slice(-RECENT_KEYS);
  const time = Date.parse(uplink.receivedAt);
  if (state.lastReceivedAt !== undefined && !(time > Date.parse(state.lastReceivedAt))) {
    return { state: { ...state, recent }, skipped: 'out-of-order' };
  }
  const { counts } = uplink;
  // Only a reset event restarts every total. A frame counter going back (rejoin, wrap) does not
  // clear the people counters: each total lower than before restarted, the others count on.
  const restarted = counts.rebooted === true;
  const base: DeviceState = {
    ...state,
    recent,
    lastReceivedAt: uplink.receivedAt,
    lastFCnt: uplink.fCnt,
    totals: restarted ? {} : state.totals,
    fromZero: restarted || state.fromZero,
  };
  if (!hasCounts(counts)) {
    return { state: base, skipped: 'no-counts' };
  }

  const selected = (line: LineCounts) =>
    !mapping.lines?.length || mapping.lines.includes(line.line);
  const lines = (counts.lines ?? []).filter(selected);
  const totals: Record<string, LineTotals> = { ...base.totals };
  // After a restart the totals count from zero; before any totals, the first ones are a baseline.
  const zero: LineTotals | undefined = base.fromZero ? { in: 0, out: 0 } : undefined;
  const increase = (now: number | undefined, before: number | undefined) =>
    now === undefined || before === undefined ? 0 : now >= before ? now - before : now;
  let entries = 0;
  let exits = 0;
  let totalIn = 0;
  let totalOut = 0;
  let allTotals = lines.length > 0;
  let sawTotals = false;
  for (const line of lines) {
    const previous = base.totals[String(line.line)] ?? zero;
    entries += line.periodIn ?? increase(line.totalIn, previous?.in);
    exits += line.periodOut ?? increase(line.totalOut, previous?.out);
    if (line.totalIn !== undefined || line.totalOut !== undefined) {
      sawTotals = true;
      totals[String(line.line)] = {
        in: line.totalIn ?? previous?.in,
        out: line.totalOut ?? previous?.out,
      };
    }
    if (line.totalIn === undefined || line.totalOut === undefined) allTotals = false;
    totalIn += line.totalIn ?? 0;
    totalOut += line.totalOut ?? 0;
  }

  const regionSum = (() => {
    if (!counts.regionCounts) return undefined;
    const chosen = mapping.regions?.length
      ? counts.regionCounts.filter((r) => mapping.regions?.includes(r.region))
      : counts.regionCounts;
    return chosen.reduce((sum, r) => sum + r.count, 0);
  })();
  const running = Math.max(0, base.occupancy + entries - exits);
  let occupancy: number;
  if (mapping.mode === 'area') {
    occupancy =
      (mapping.regions?.length ? regionSum : undefined) ?? counts.occupancy ?? regionSum ?? running;
  } else {
    occupancy = regionSum ?? (allTotals ? Math.max(0, totalIn - totalOut) : undefined) ?? running;
  }

  const dwell = (counts.dwell ?? []).filter(
    (d) =>
      d.avgSeconds !== undefined &&
      (d.region === undefined || !mapping.regions?.length || mapping.regions.includes(d.region)),
  );
  const dwellSeconds = dwell.length
    ? dwell.reduce((sum, d) => sum + (d.avgSeconds ?? 0), 0) / dwell.length
    : 0;

  return {
    state: { ...base, totals, occupancy, fromZero: base.fromZero && !sawTotals },
    reading: {
      amenityId: mapping.amenityId,
      time: uplink.receivedAt,
      occupancy,
      entries,
      dwellMinutes: Math.round((dwellSeconds / 60) * 100) / 100,
    },
  };
}

/** Uplinks of one device, in the order received: their readings and the device's next state. */
export function uplinksToReadings(
  mapping: DeviceMapping,
  state: DeviceState,
  uplinks: readonly CountingUplink[],
): {
  state: DeviceState;
  readings: Reading[];
  skipped: { dedupKey: string; reason: SkipReason }[];
} {
  const readings: Reading[] = [];
  const skipped: { dedupKey: string; reason: SkipReason }[] = [];
  let current = state;
  for (const uplink of uplinks) {
    const step = uplinkToReading(mapping, current, uplink);
    current = step.state;
    if (step.reading) readings.push(step.reading);
    if (step.skipped) skipped.push({ dedupKey: uplink.dedupKey, reason: step.skipped });
  }
  return { state: current, readings, skipped };
}
