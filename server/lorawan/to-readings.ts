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
 * Duplicates (a dedup key seen among the last RECENT_KEYS) give no reading and leave the counting
 * state as it was. So do uplinks not newer than the last one handled (a network server's retry,
 * a gateway's backlog), with one exception: an uplink that says everything by itself, period
 * counts on every selected line and the occupancy it measured, is a reading at its own time all
 * the same (otherwise its period's visits would be lost); the state still does not move.
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
    // Strictly older: one at the same time would take the place of the reading already stored.
    const late =
      time < Date.parse(state.lastReceivedAt) ? selfContainedReading(mapping, uplink) : undefined;
    return late
      ? { state: { ...state, recent }, reading: late }
      : { state: { ...state, recent }, skipped: 'out-of-order' };
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

  const lines = selectedLines(mapping, counts);
  const totals: Record<string, LineTotals> = { ...base.totals };
  // After a restart the totals count from zero; before any totals, the first ones are a baseline.
  const zero: LineTotals | undefined = base.fromZero ? { in: 0, out: 0 } : undefined;
  const increase = (now: number | undefined, before: number | undefined) =>
    now === undefined || before === undefined ? 0 : now >= before ? now - before : now;
  let entries = 0;
  let exits = 0;
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
  }
  const occupancy =
    measuredOccupancy(mapping, counts, lines) ?? Math.max(0, base.occupancy + entries - exits);

  return {
    state: { ...base, totals, occupancy, fromZero: base.fromZero && !sawTotals },
    reading: {
      amenityId: mapping.amenityId,
      time: uplink.receivedAt,
      occupancy,
      entries,
      dwellMinutes: dwellMinutesOf(mapping, counts),
    },
  };
}

type Counts = CountingUplink['counts'];

function selectedLines(mapping: DeviceMapping, counts: Counts): LineCounts[] {
  return (counts.lines ?? []).filter(
    (line) => !mapping.lines?.length || mapping.lines.includes(line.line),
  );
}

/**
 * The occupancy the uplink itself reports (regions, the area's people count, or a line counter's
 * totals in - out), not the running estimate; undefined when it reports none.
 */
function measuredOccupancy(
  mapping: DeviceMapping,
  counts: Counts,
  lines: readonly LineCounts[],
): number | undefined {
  const regionSum = counts.regionCounts
    ?.filter((r) => !mapping.regions?.length || mapping.regions.includes(r.region))
    .reduce((sum, r) => sum + r.count, 0);
  if (mapping.mode === 'area') {
    return (mapping.regions?.length ? regionSum : undefined) ?? counts.occupancy ?? regionSum;
  }
  const allTotals =
    lines.length > 0 &&
    lines.every((line) => line.totalIn !== undefined && line.totalOut !== undefined);
  const sum = (pick: (line: LineCounts) => number | undefined) =>
    lines.reduce((total, line) => total + (pick(line) ?? 0), 0);
  return (
    regionSum ??
    (allTotals ? Math.max(0, sum((l) => l.totalIn) - sum((l) => l.totalOut)) : undefined)
  );
}

/** The mean of the reported average dwell times (of the selected regions), in minutes. */
function dwellMinutesOf(mapping: DeviceMapping, counts: Counts): number {
  const dwell = (counts.dwell ?? []).filter(
    (d) =>
      d.avgSeconds !== undefined &&
      (d.region === undefined || !mapping.regions?.length || mapping.regions.includes(d.region)),
  );
  const seconds = dwell.length
    ? dwell.reduce((sum, d) => sum + (d.avgSeconds ?? 0), 0) / dwell.length
    : 0;
  return Math.round((seconds / 60) * 100) / 100;
}

/**
 * The reading of an uplink that needs no state: period counts on every selected line (none for an
 * area counter that reports no lines) and a measured occupancy; undefined otherwise.
 */
function selfContainedReading(mapping: DeviceMapping, uplink: CountingUplink): Reading | undefined {
  const { counts } = uplink;
  if (!hasCounts(counts)) return undefined;
  const lines = selectedLines(mapping, counts);
  if (lines.some((line) => line.periodIn === undefined)) return undefined;
  if (mapping.mode === 'line' && lines.length === 0) return undefined;
  const occupancy = measuredOccupancy(mapping, counts, lines);
  if (occupancy === undefined) return undefined;
  return {
    amenityId: mapping.amenityId,
    time: uplink.receivedAt,
    occupancy,
    entries: lines.reduce((sum, line) => sum + (line.periodIn ?? 0), 0),
    dwellMinutes: dwellMinutesOf(mapping, counts),
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
