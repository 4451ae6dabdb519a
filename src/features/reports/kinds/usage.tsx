import { preloadable } from '../../../ui/preloadable';
import { amenityAnalyticsQuery } from '../../../api/amenity-analytics';
import { amenitySetupQuery } from '../../../api/amenity-setup';
import { amenityColumns, loadSource, setupOf } from '../../../api/snapshot';
import { csvFilename, downloadCsv } from '../../../lib/download';
import { formatCount } from '../../../lib/format';
import { calendarPeriod } from '../calendar';
import { periodCoverage, summarizeUsage, usageReportCsv } from '../report-builders';
import { periodGapsQuery, periodTimelineQuery } from '../report-data';
import { defineReport, type DownloadContext, type DownloadOutcome } from '../report-kind';

/**
 * The period's usage as CSV: header rows say what the file covers (report, period, coverage
 * from the sensors' gaps, time zone, when it was made), then one line per day with every amenity.
 */
async function downloadUsage({
  client,
  period,
  timeZone,
}: DownloadContext): Promise<DownloadOutcome> {
  const [timeline, amenities, gaps, setup] = await Promise.all([
    loadSource(client, periodTimelineQuery(period)),
    loadSource(client, amenityAnalyticsQuery()),
    loadSource(client, periodGapsQuery(period)),
    loadSource(client, amenitySetupQuery()),
  ]);
  if (timeline.status === 'missing') {
    return {
      ok: false,
      message:
        timeline.reason === 'offline'
          ? 'This usage data has not been saved on this device yet. Connect once to load it.'
          : `The usage data could not be loaded (${timeline.error ?? 'unknown error'}).`,
    };
  }
  const now = Date.now();
  const calendar = calendarPeriod(period, now, timeZone);
  const list = amenities.status === 'ready' ? amenities.data : undefined;
  const columns = amenityColumns(timeline.data, list, setupOf(setup));
  const coverage = gaps.status === 'ready' ? periodCoverage(gaps.data, calendar, timeZone) : null;
  const usage = summarizeUsage(timeline.data, columns, calendar, timeZone, coverage);
  const csv = usageReportCsv(usage, columns, { period, timeZone, now });
  const filename = csvFilename(`usage-${period}-${calendar.from}-to-${calendar.to}`, now, timeZone);
  downloadCsv(filename, csv);
  return {
    ok: true,
    description: `${filename}: ${formatCount(usage.points.length)} days of usage, ${coverage ? coverage.text.charAt(0).toLowerCase() + coverage.text.slice(1) : 'coverage unknown'}${timeline.fromSnapshot ? ', from the offline snapshot' : ''}.`,
  };
}

export const usageReport = defineReport({
  kind: 'usage',
  title: 'Amenity Usage Report',
  description: 'Visits per amenity, peak hours and capacity use.',
  partTitle: 'Amenity usage',
  sources: ['timeline', 'amenities', 'gaps'],
  Body: preloadable(
    () => import('./usage-report'),
    (module) => module.default,
  ),
  status: 'ready',
  downloadLabel: 'CSV',
  download: { type: 'csv', failureTitle: 'Usage data not downloaded', run: downloadUsage },
});
