import type { QueryClient } from '@tanstack/react-query';
import { analysisQuery } from '../../api/amy-analysis';
import { loadSource } from '../../api/snapshot';
import { csvLines } from '../../lib/csv';
import { fileHeader } from '../../lib/file-header';
import { csvFilename, downloadCsv } from '../../lib/download';
import { calendarPeriod, zonedDate } from './calendar';
import type { ReportPeriod } from './periods';
import { eventCsv, eventMonthsNote, periodCoverage, summarizeEvents } from './report-builders';
import { PERIODS } from './periods';
import { periodGapsQuery } from './report-data';

export type DownloadResult =
  { ok: true; filename: string; fromSnapshot: boolean } | { ok: false; message: string };

/**
 * The event performance CSV of a period, from Amy's analysis (the saved copy when offline),
 * headed like every report file by the period and the sensors' coverage of it.
 */
export async function downloadEventCsv(
  client: QueryClient,
  period: ReportPeriod,
  timeZone: string,
): Promise<DownloadResult> {
  const [source, gaps] = await Promise.all([
    loadSource(client, analysisQuery()),
    loadSource(client, periodGapsQuery(period)),
  ]);
  if (source.status !== 'ready') {
    return {
      ok: false,
      message:
        source.reason === 'offline'
          ? "Amy's event analysis has not been saved on this device yet. Connect once to load it."
          : `Amy's event analysis could not be loaded (${source.error ?? 'unknown error'}).`,
    };
  }
  const filename = csvFilename(`event-performance-${period}`, Date.now(), timeZone);
  const now = Date.now();
  const calendar = calendarPeriod(period, now, timeZone);
  const summary = summarizeEvents(source.data, calendar, zonedDate(now, timeZone));
  const coverage = gaps.status === 'ready' ? periodCoverage(gaps.data, calendar, timeZone) : null;
  const preamble = csvLines([
    ...fileHeader({
      title: `Event Performance Report, ${PERIODS[period].label}`,
      period: `${calendar.from} to ${calendar.to}`,
      coverage,
      timeZone,
      now,
    }),
    ['Months counted', eventMonthsNote(summary, period)],
    [],
  ]);
  downloadCsv(filename, preamble + eventCsv(summary));
  return { ok: true, filename, fromSnapshot: source.fromSnapshot };
}
