import { toCsv, type CsvColumn } from './csv';

/**
 * The usage export: one line per timeline point, one column per amenity series, and the total.
 * Shared by the Reports page and the dashboard's Export Usage Data action (through
 * api/snapshot.ts, which supplies the points and the amenity names).
 */

export type UsageSeries<K extends string> = { key: K; label: string };
export type UsageCsvPoint<K extends string> = { time: string } & Record<K, number>;

export type UsageCsvOptions = {
  /** Hourly points carry a clock time; daily points are calendar dates. */
  resolution: 'hour' | 'day';
  /** IANA zone the times are written in, and its label for the header ("Pacific Time (PT)"). */
  timeZone: string;
  timeZoneLabel: string;
};

export function usageCsv<K extends string>(
  points: readonly UsageCsvPoint<K>[],
  series: readonly UsageSeries<K>[],
  { resolution, timeZone, timeZoneLabel }: UsageCsvOptions,
): string {
  const columns: CsvColumn<UsageCsvPoint<K>>[] = [
    {
      header: resolution === 'hour' ? `Time (${timeZoneLabel})` : `Date (${timeZoneLabel})`,
      value: (point) => localTimestamp(point.time, resolution, timeZone),
    },
    ...series.map(({ key, label }) => ({
      header: label,
      value: (point: UsageCsvPoint<K>) => point[key],
    })),
    { header: 'Total', value: (point) => series.reduce((sum, { key }) => sum + point[key], 0) },
  ];
  return toCsv(columns, points);
}

/** "2026-11-22 10:00" or "2026-11-22" in `timeZone`: sortable, and read as a date by spreadsheets. */
export function localTimestamp(iso: string, resolution: 'hour' | 'day', timeZone: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const parts = new Intl.DateTimeFormat('en-CA', {
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
