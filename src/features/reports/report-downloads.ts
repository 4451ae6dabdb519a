import type { QueryClient } from '@tanstack/react-query';
import { analysisQuery } from '../../api/amy-analysis';
import { loadSource } from '../../api/snapshot';
import { csvFilename, downloadCsv } from '../../lib/download';
import { calendarPeriod, zonedDate } from './calendar';
import type { ReportPeriod } from './periods';
import { eventCsv, summarizeEvents } from './report-builders';

export type DownloadResult =
  { ok: true; filename: string; fromSnapshot: boolean } | { ok: false; message: string };

/** The event performance CSV of a period, from Amy's analysis (the saved copy when offline). */
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
  const filename = csvFilename(`event-performance-${period}`, Date.now(), timeZone);
  const now = Date.now();
  const summary = summarizeEvents(
    source.data,
    calendarPeriod(period, now, timeZone),
    zonedDate(now, timeZone),
  );
  downloadCsv(filename, eventCsv(summary));
  return { ok: true, filename, fromSnapshot: source.fromSnapshot };
}
