import { csvLines, toCsv, type CsvCell, type CsvColumn } from './csv';
import { dateFormat } from './intl-formats';

/**
 * The usage export: one line per timeline point, one column per amenity series, and the total.
 * Shared by the Reports page and the dashboard's Export Usage Data action (through
 * api/snapshot.ts, which supplies the points and the amenity names).
 */

/** A column: one of the points' own counts by key, or any count read from the point. */
export type UsageSeries<P> =
  { key: NumericKey<P>; label: string } | { label: string; value: (point: P) => number };
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

export function usageCsv<P extends { time: string }>(
  points: readonly P[],
  series: readonly UsageSeries<P>[],
  { resolution, timeZone, timeZoneLabel, preamble }: UsageCsvOptions,
): string {
  const count = (point: P, column: UsageSeries<P>): number =>
    'value' in column ? column.value(point) : Number(point[column.key]);
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
      value: (point) => series.reduce((sum, column) => sum + count(point, column), 0),
    },
  ];
  const table = toCsv(columns, points);
  return preamble?.length ? csvLines([...preamble, []]) + table : table;
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
