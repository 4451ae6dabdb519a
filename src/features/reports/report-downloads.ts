import type { QueryClient } from '@tanstack/react-query';
import { analysisQuery } from '../../api/amy-analysis';
import { loadSource } from '../../api/snapshot';
import { csvFilename, downloadCsv } from '../../lib/download';
import { calendarPeriod, zonedDate } from './calendar';
import type { ReportPeriod } from './periods';
import { eventReportCsv, summarizeEvents } from './report-builders';

export type DownloadResult =
  { ok: true; filename: string; fromSnapshot: boolean } | { ok: false; message: string };

/**
 * The event performance CSV of a period, from Amy's analysis (the saved copy when offline). Its
 * header states that source and the days Amy's figures count (her months, the newest up to the
 * day the analysis was fetched), not the sensors' coverage: no event figure comes from them.
 */
export async function downloadEventCsv(
  client: QueryClient,
  period: ReportPeriod,
  timeZone: string,
): Promise<DownloadResult> {
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
  return { ok: true, filename, fromSnapshot: source.fromSnapshot };
}
