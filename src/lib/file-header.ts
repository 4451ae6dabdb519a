import { timeZoneLabel } from './community-profile';
import type { CoverageSummary } from './coverage';
import type { CsvCell } from './csv';
import { formatDateTime } from './format';

/** One label/value line of a file's header. */
export type HeaderRow = readonly [string, CsvCell];

/** Hours to one decimal, as a plain number a spreadsheet reads and sums ("161.0"). */
const hours = (ms: number) => (ms / 3_600_000).toFixed(1);

/**
 * The header lines of a data file that state the sensors' coverage: the sentence, then the
 * covered hours and the period's hours, each a number on its own line with the unit in its
 * label, so a spreadsheet can add them up and divide one by the other.
 */
export function coverageRows(coverage: CoverageSummary | null): HeaderRow[] {
  if (!coverage) return [['Coverage', 'unknown (the sensor gaps were not loaded)']];
  return [
    ['Coverage', coverage.text],
    ['Covered (hours)', hours(coverage.coveredMs)],
    ['Period length (hours)', hours(coverage.totalMs)],
  ];
}

type FileHeaderInput = {
  title: string;
  period: string;
  /** Lines about the figures after their coverage or source (e.g. the amenities added). */
  notes?: readonly HeaderRow[];
  timeZone: string;
  now: number;
} & (
  | {
      /** Figures counted by the sensors: their coverage of the period (null: not loaded). */
      coverage: CoverageSummary | null;
    }
  | {
      /**
       * Figures not counted by the sensors (Amy's event analysis): where they come from and
       * which days they cover, written instead of the sensors' coverage.
       */
      source: readonly HeaderRow[];
    }
);

/**
 * The lines every data file starts with (reports, scheduled reports, the dashboard's export), so
 * a file read on its own says what it is: the report, its period, what its figures cover (the
 * sensors' coverage, or the source and days of figures that are not sensor counts), the time
 * zone and when it was made.
 */
export function fileHeader(input: FileHeaderInput): HeaderRow[] {
  const { title, period, timeZone, now } = input;
  return [
    ['Report', title],
    ['Period', period],
    ...('source' in input ? input.source : coverageRows(input.coverage)),
    ...(input.notes ?? []),
    ['Time zone', `${timeZoneLabel(timeZone)}, ${timeZone}`],
    ['Generated', formatDateTime(now, timeZone)],
  ];
}
