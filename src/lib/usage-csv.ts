import { addedNote, type CoverageSummary } from './coverage';
import { csvLines, toCsv, type CsvCell, type CsvColumn } from './csv';
import type { HeaderRow } from './file-header';
import { dateFormat } from './intl-formats';

/**
 * The usage export: one line per timeline point, one column per amenity series, and the total.
 * Shared by the Reports page and the dashboard's Export Usage Data action (through
 * api/snapshot.ts, which supplies the points and the amenity names).
 */

/** A column: one of the points' own counts by key, or any count read from the point. */
export type UsageSeries<P> = (
  { key: NumericKey<P>; label: string } | { label: string; value: (point: P) => number }
) & {
  /**
   * When its amenity was added, if during the file's span (`withAddedAt`): its cells of the
   * buckets that ended before are empty, as there was nothing to count, not 0 visits.
   */
  addedAt?: number | null;
};
type NumericKey<P> = { [K in keyof P]-?: P[K] extends number ? K : never }[keyof P];

export type UsageCsvOptions = {
  /** Hourly points carry a clock time; daily points are calendar dates. */
  resolution: 'hour' | 'day';
  /** IANA zone the times are written in, and its label for the header ("Pacific Time (PT)"). */
  timeZone: string;
  timeZoneLabel: string;
  /**
   * Label/value rows written above the table, then an empty line: what the file covers
   * (period, time zone, when it was made), so a file read on its own says what it is.
   */
  preamble?: readonly (readonly [string, CsvCell])[];
};

const HOUR_MS = 3_600_000;

export function usageCsv<P extends { time: string }>(
  points: readonly P[],
  series: readonly UsageSeries<P>[],
  { resolution, timeZone, timeZoneLabel, preamble }: UsageCsvOptions,
): string {
  // Its buckets that ended before it was added are empty (nothing to count, not 0 visits); the
  // one that contains that instant keeps its count.
  const existed = (point: P, addedAt: number | null | undefined): boolean =>
    addedAt === null ||
    addedAt === undefined ||
    (resolution === 'hour'
      ? Date.parse(point.time) + HOUR_MS > addedAt
      : localTimestamp(point.time, 'day', timeZone) >=
        localTimestamp(new Date(addedAt).toISOString(), 'day', timeZone));
  const count = (point: P, column: UsageSeries<P>): number | null =>
    existed(point, column.addedAt)
      ? 'value' in column
        ? column.value(point)
        : Number(point[column.key])
      : null;
  const columns: CsvColumn<P>[] = [
    {
      header: resolution === 'hour' ? `Time (${timeZoneLabel})` : `Date (${timeZoneLabel})`,
      value: (point) => localTimestamp(point.time, resolution, timeZone),
    },
    ...series.map((column) => ({
      header: column.label,
      value: (point: P) => count(point, column),
    })),
    {
      header: 'Total',
      // Of the amenities there; empty when none was yet.
      value: (point) => {
        const counts = series.map((column) => count(point, column));
        return counts.length > 0 && counts.every((value) => value === null)
          ? null
          : counts.reduce<number>((sum, value) => sum + (value ?? 0), 0);
      },
    },
  ];
  const table = toCsv(columns, points);
  return preamble?.length ? csvLines([...preamble, []]) + table : table;
}

/**
 * The columns with when their amenities were added during the span (the coverage's `addedAt`,
 * by id), and the header line that says so ("New amenities,Market Street added Sat 17 Oct
 * 00:00"), or none: how every usage CSV (the Reports page's, the scheduled reports', the
 * dashboard's export) writes the time before an amenity existed.
 */
export function withAddedAt<C extends { id: string; label: string }>(
  columns: readonly C[],
  coverage: CoverageSummary | null,
  timeZone: string,
): { columns: (C & { addedAt: number | null })[]; notes: HeaderRow[] } {
  const added = new Map(coverage?.amenities.map((amenity) => [amenity.id, amenity.addedAt]));
  const dated = columns.map((column) => ({ ...column, addedAt: added.get(column.id) ?? null }));
  const named = coverage
    ? dated.flatMap((column) => {
        const text = addedNote(column.addedAt, coverage.end, timeZone);
        return text ? [`${column.label} ${text}`] : [];
      })
    : [];
  return {
    columns: dated,
    notes: named.length ? [['New amenities', named.join('; ')]] : [],
  };
}

/** "2026-11-22 10:00" or "2026-11-22" in `timeZone`: sortable, and read as a date by spreadsheets. */
export function localTimestamp(iso: string, resolution: 'hour' | 'day', timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const parts = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(time);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return resolution === 'day' ? date : `${date} ${part('hour')}:${part('minute')}`;
}
