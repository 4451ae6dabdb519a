import { timeZoneLabel } from './community-profile';
import type { CoverageSummary } from './coverage';
import { formatDateTime } from './format';

/**
 * The header lines of a data file that state its coverage: the sentence, and the covered hours
 * of the period's hours for a spreadsheet ("163.0 of 168.0").
 */
export function coverageRows(coverage: CoverageSummary | null): [string, string][] {
  if (!coverage) return [['Coverage', 'unknown (the sensor gaps were not loaded)']];
  const hours = (ms: number) => (ms / 3_600_000).toFixed(1);
  return [
    ['Coverage', coverage.text],
    ['Covered hours', `${hours(coverage.coveredMs)} of ${hours(coverage.totalMs)}`],
  ];
}

/**
 * The lines every data file starts with (reports, scheduled reports, the dashboard's export), so
 * a file read on its own says what it is: the report, its period, the sensors' coverage, the
 * time zone and when it was made.
 */
export function fileHeader({
  title,
  period,
  coverage,
  timeZone,
  now,
}: {
  title: string;
  period: string;
  coverage: CoverageSummary | null;
  timeZone: string;
  now: number;
}): [string, string][] {
  return [
    ['Report', title],
    ['Period', period],
    ...coverageRows(coverage),
    ['Time zone', `${timeZoneLabel(timeZone)}, ${timeZone}`],
    ['Generated', formatDateTime(now, timeZone)],
  ];
}
