import { formatCount, formatPercent } from '../../../lib/format';
import { NO_PEAK_DATA } from '../../../api/contract';
import {
  addedAfter,
  amenityLabel,
  capacityRows,
  reportClosures,
  type UsageSummary,
} from '../report-builders';
import { namedClosureText } from '../../../lib/amenity-closures';
import { usageOf } from '../report-data';
import { formatDate, formatShare } from '../report-format';
import type { ReportContext } from '../report-kind';
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

/** The amenities closed on days of the period (their closures), which its visits reflect. */
function ClosuresInPeriod({ context }: { context: ReportContext }) {
  const { data } = context;
  const closures = reportClosures(data.setup, data.calendar.from, data.calendar.to);
  if (closures.length === 0) return null;
  return (
    <div className="mt-3">
      <Notice>Closed in this period: {closures.map(namedClosureText).join('; ')}.</Notice>
    </div>
  );
}

export default function UsageReport({ context }: { context: ReportContext }) {
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
              <ClosuresInPeriod context={context} />
            </>
          ) : (
            <>
              <Notice>No data: no sensor reported in this period.</Notice>
              <ClosuresInPeriod context={context} />
            </>
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
