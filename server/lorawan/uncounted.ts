/**
 * What a people counter sent that was not counted: an uplink whose reading broke a bound of
 * server/ingest.ts (entries over 10 x capacity, occupancy over 150 %, ...) stores no reading, since
 * visits are never invented or clamped, but the device's counting state moves on past it (so the
 * next uplinks count normally) and the jump is recorded here, per device, for the Admin to see
 * (GET /api/sensors: warning `uncounted-entries`). Pure.
 *
 * A record says how many entries were not counted between which times (`from`: the previous
 * uplink handled, null when there was none; `to`: this uplink) and why (the last reason). A skip
 * that starts where the newest record ends (the next uplink is refused too) extends that record
 * instead of adding one. At most MAX_UNCOUNTED records are kept, newest last.
 */
import type { UncountedEntries } from '../../src/api/contract';

export const MAX_UNCOUNTED = 20;
/** How long a record is shown (and warns) after its last uplink: the dashboard's 30 days. */
export const UNCOUNTED_SHOWN_MS = 30 * 86_400_000;

export type Uncounted = UncountedEntries;

/** The records with one more skipped uplink. */
export function addUncounted(
  records: readonly Uncounted[],
  skip: { from: string | null; to: string; entries: number; reason: string },
): Uncounted[] {
  const last = records.at(-1);
  if (last && skip.from !== null && last.to === skip.from) {
    return [
      ...records.slice(0, -1),
      {
        from: last.from,
        to: skip.to,
        entries: last.entries + skip.entries,
        uplinks: last.uplinks + 1,
        reason: skip.reason,
      },
    ];
  }
  return [...records, { ...skip, uplinks: 1 }].slice(-MAX_UNCOUNTED);
}

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && Number.isFinite(Date.parse(value));
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The stored records, without any that is not the shape addUncounted writes. */
export function asUncounted(value: unknown): Uncounted[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): Uncounted[] => {
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Record<string, unknown>;
    if (
      (r.from === null || isInstant(r.from)) &&
      isInstant(r.to) &&
      isCount(r.entries) &&
      isCount(r.uplinks) &&
      typeof r.reason === 'string'
    ) {
      return [{ from: r.from, to: r.to, entries: r.entries, uplinks: r.uplinks, reason: r.reason }];
    }
    return [];
  });
}

/** The records still shown at `now`: their last uplink at most UNCOUNTED_SHOWN_MS ago. */
export function recentUncounted(records: readonly Uncounted[], now: number): Uncounted[] {
  return records.filter((r) => now - Date.parse(r.to) <= UNCOUNTED_SHOWN_MS);
}
