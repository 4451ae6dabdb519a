import { analysisQuery } from '../../api/amy-analysis';
import { loadSource, loadUsageSources } from '../../api/snapshot';
import { downloadReadingsFile } from '../../api/readings-file';
import { csvFilename, downloadCsv } from '../../lib/download';
import { formatCount, formatCountOf } from '../../lib/format';
import { calendarPeriod, zonedDate } from './calendar';
import {
  eventReportCsv,
  periodCoverage,
  reportClosures,
  summarizeEvents,
  summarizeUsage,
  usageReportCsv,
} from './report-builders';
import { amenitySetupQuery } from '../../api/amenity-setup';
import { reportGapsQuery, reportTimelineQuery } from './report-data';
import type { DownloadContext, DownloadOutcome, ReadingsAmenity } from './report-kind';

/**
 * The reports' CSV files, made on the device (from the saved copy when offline). Loaded on the
 * first download (kinds/*.tsx), not with the page.
 */

/**
 * The period's usage as CSV: header rows say what the file covers (report, period, coverage
 * from the sensors' gaps, time zone, when it was made), then one line per day with every amenity.
 */
export async function downloadUsage({
  client,
  period,
  timeZone,
}: DownloadContext): Promise<DownloadOutcome> {
  const sources = await loadUsageSources(client, reportTimelineQuery(), reportGapsQuery());
  if (!sources.ok) return sources;
  const { timeline, columns, gaps } = sources;
  const setup = await loadSource(client, amenitySetupQuery());
  const now = Date.now();
  const calendar = calendarPeriod(period, now, timeZone);
  const coverage = gaps.status === 'ready' ? periodCoverage(gaps.data, calendar, timeZone) : null;
  const usage = summarizeUsage(timeline.data, columns, calendar, timeZone, coverage);
  const closures =
    setup.status === 'ready' ? reportClosures(setup.data, calendar.from, calendar.to) : null;
  const csv = usageReportCsv(usage, columns, { period, timeZone, now, closures });
  const filename = csvFilename(`usage-${period}-${calendar.from}-to-${calendar.to}`, now, timeZone);
  downloadCsv(filename, csv);
  return {
    ok: true,
    description: `${filename}: ${formatCount(usage.points.length)} days of usage, ${coverage ? coverage.text.charAt(0).toLowerCase() + coverage.text.slice(1) : 'coverage unknown'}${timeline.fromSnapshot ? ', from the offline snapshot' : ''}.`,
  };
}

/**
 * The event performance CSV of a period, from Amy's analysis (the saved copy when offline). Its
 * header states that source and the days Amy's figures count (her months, the newest up to the
 * day the analysis was fetched), not the sensors' coverage: no event figure comes from them.
 */
export async function downloadEvents({
  client,
  period,
  timeZone,
}: DownloadContext): Promise<DownloadOutcome> {
  const source = await loadSource(client, analysisQuery());
  if (source.status !== 'ready') {
    return {
      ok: false,
      message:
        source.reason === 'offline'
          ? "Amy's event analysis has not been saved on this device yet. Connect once to load it."
          : `Amy's event analysis could not be loaded (${source.error ?? 'unknown error'}).`,
    };
  }
  const now = Date.now();
  const filename = csvFilename(`event-performance-${period}`, now, timeZone);
  const calendar = calendarPeriod(period, now, timeZone);
  // Amy's newest month is counted up to the day her analysis was fetched (never after today).
  const today = zonedDate(now, timeZone);
  const fetchedOn = zonedDate(source.updatedAt, timeZone);
  const summary = summarizeEvents(source.data, calendar, fetchedOn < today ? fetchedOn : today);
  downloadCsv(filename, eventReportCsv(summary, { period, calendar, timeZone, now }));
  return {
    ok: true,
    description: `${filename}${source.fromSnapshot ? ', from the offline snapshot' : ''}.`,
  };
}

/**
 * Every reading of the period, of every amenity or of one, from the server (the device keeps the
 * rollups, not the readings): the figures of the period's reports can be recomputed from it by
 * hand. Needs a connection.
 */
export async function downloadReadings({
  period,
  timeZone,
  amenity,
  onProgress,
}: Pick<DownloadContext, 'period' | 'timeZone'> & {
  /** One amenity's readings (a long period of every amenity may be too much for a phone). */
  amenity: ReadingsAmenity | null;
  onProgress: (receivedBytes: number) => void;
}): Promise<DownloadOutcome> {
  const calendar = calendarPeriod(period, Date.now(), timeZone);
  const file = await downloadReadingsFile({
    from: calendar.from,
    to: calendar.to,
    amenity: amenity?.id ?? null,
    onProgress,
  });
  if (!file.ok) return { ok: false, message: file.error };
  const what = file.readings === null ? 'the readings' : formatCountOf(file.readings, 'reading');
  const whose = amenity === null ? '' : `${amenity.name}, `;
  return {
    ok: true,
    description: `${file.filename}: ${what} of ${whose}${calendar.from} to ${calendar.to}.`,
  };
}
