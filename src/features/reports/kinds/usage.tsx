import { amenityAnalyticsQuery } from '../../../api/amenity-analytics';
import { amenitySetupQuery } from '../../../api/amenity-setup';
import { amenityColumns, loadSource, setupOf } from '../../../api/snapshot';
import { csvFilename, downloadCsv } from '../../../lib/download';
import { formatCount, formatPercent } from '../../../lib/format';
import { calendarPeriod } from '../calendar';
import { NO_PEAK_DATA } from '../../../api/contract';
import {
  addedAfter,
  amenityLabel,
  capacityRows,
  periodCoverage,
  summarizeUsage,
  usageReportCsv,
  type UsageSummary,
} from '../report-builders';
import { periodGapsQuery, periodTimelineQuery, usageOf } from '../report-data';
import { formatDate, formatShare } from '../report-format';
import {
  defineReport,
  type DownloadContext,
  type DownloadOutcome,
  type ReportContext,
} from '../report-kind';
import { Figures, MissingSource, MissingTimeline, Notice, Section } from '../report-sections';
import { ReportTable } from '../report-table';

/** A daily average, or "—" when there was no covered time to average over (not 0). */
const averageText = (average: number | null) => (average === null ? '—' : formatCount(average));

/**
 * Says why a daily average reads "—": its sensor never reported in the period, or for less than
 * a day (an amenity added after the period says so in its row); and that the total's leaves
 * them out.
 */
function UnknownAverages({ usage }: { usage: UsageSummary }) {
  const unknown = usage.perAmenity.filter(
    (row) => row.dailyAverage === null && !addedAfter(row, usage),
  );
  if (unknown.length === 0) return null;
  const silent = unknown.filter((row) => row.coveredShare === 0).map((row) => row.name);
  const short = unknown.filter((row) => row.coveredShare > 0).map((row) => row.name);
  const sentences = [
    silent.length
      ? `No daily average for ${silent.join(', ')}: ${silent.length === 1 ? 'its sensor' : 'their sensors'} never reported in this period.`
      : null,
    short.length
      ? `No daily average for ${short.join(', ')}: less than a day of data in this period.`
      : null,
    usage.dailyAverage === null
      ? 'Daily average not known: no amenity has a day of data in this period to average over.'
      : 'The daily average of all amenities adds up the others’ only.',
  ];
  return (
    <div className="mt-3">
      <Notice>{sentences.filter((sentence) => sentence !== null).join(' ')}</Notice>
    </div>
  );
}

function UsageReport({ context }: { context: ReportContext }) {
  const { data, level, timeZone } = context;
  const usage = usageOf(data, timeZone);
  return (
    <>
      {usage ? (
        <Section
          title="Visits per amenity"
          level={level}
          note={
            usage.hasData
              ? "Visits to each amenity in the period; share is each amenity's part of all these visits. Averages are per day of data: each amenity's visits over the time its own sensor reported (see Coverage above; one added in the period from then on; none with less than a day of data), and the total's is the sum of theirs."
              : undefined
          }
        >
          {usage.hasData ? (
            <>
              <Figures
                items={[
                  ['Total visits', formatCount(usage.totalVisits)],
                  ['Daily average', averageText(usage.dailyAverage)],
                  [
                    'Busiest day',
                    usage.busiestDay
                      ? `${formatDate(usage.busiestDay.date)} (${formatCount(usage.busiestDay.visits)})`
                      : '—',
                  ],
                ]}
              />
              <ReportTable
                caption="Visits per amenity"
                head={['Amenity', 'Visits', 'Share of visits', 'Daily average']}
                numeric={[1, 2, 3]}
                rows={usage.perAmenity.map((row) => [
                  amenityLabel(row, usage, timeZone),
                  formatCount(row.visits),
                  formatShare(row.share),
                  averageText(row.dailyAverage),
                ])}
              />
              <UnknownAverages usage={usage} />
            </>
          ) : (
            <Notice>No data: no sensor reported in this period.</Notice>
          )}
        </Section>
      ) : (
        <Section title="Visits per amenity" level={level}>
          <MissingTimeline context={context} />
        </Section>
      )}
      <Section
        title="Peak hours and capacity use"
        level={level}
        note="Peak hours and peak occupancy over the last 30 days as amenity analytics reports them (not only this period); “in use” is the occupancy when the data was taken (“No reading” when its sensor had sent none in the 15 minutes before)."
      >
        {data.amenities.status !== 'ready' ? (
          <MissingSource source={data.amenities} what="Amenity analytics" />
        ) : data.amenities.data.length === 0 ? (
          <Notice>No amenities yet: none to report peaks for.</Notice>
        ) : (
          <ReportTable
            caption="Peak hours and capacity use"
            head={['Amenity', 'Peak hours', 'Peak users', 'Capacity', 'Peak use', 'In use']}
            numeric={[2, 3, 4, 5]}
            rows={capacityRows(data.amenities.data).map((row) => [
              row.name,
              row.peakTime ?? NO_PEAK_DATA,
              row.peakUsers === null ? '—' : formatCount(row.peakUsers),
              formatCount(row.capacity),
              row.peakUse === null ? '—' : formatPercent(row.peakUse),
              row.status === 'closed'
                ? row.inUseNow === null
                  ? 'Closed · No reading'
                  : 'Closed'
                : row.inUseNow === null
                  ? 'No reading'
                  : formatPercent(row.inUseNow),
            ])}
          />
        )}
      </Section>
    </>
  );
}

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
  Body: UsageReport,
  status: 'ready',
  downloadLabel: 'CSV',
  download: { type: 'csv', failureTitle: 'Usage data not downloaded', run: downloadUsage },
});
