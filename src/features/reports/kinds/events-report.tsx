import { formatCount, formatPercent, titleCase } from '../../../lib/format';
import { zonedDate } from '../calendar';
import { eventMonthsNote, summarizeEvents, type DaySpan } from '../report-builders';
import { formatDates } from '../report-format';
import type { ReportContext } from '../report-kind';
import { Figures, MissingSource, Notice, Section } from '../report-sections';
import { ReportTable } from '../report-table';

/** "Nov 1 – 22, 2026 (Nov 2026 so far)": the days a span of Amy's months counts. */
function spanText(span: DaySpan): string {
  return `${formatDates(span.from, span.to)}${span.soFar ? ` (${span.soFar} so far)` : ''}`;
}

export default function EventReport({ context }: { context: ReportContext }) {
  const { data, level, timeZone } = context;
  if (data.analysis.status !== 'ready') {
    return (
      <Section title="Events" level={level}>
        <MissingSource source={data.analysis} what="Amy's event analysis" />
      </Section>
    );
  }
  // Amy's newest month is counted up to the day her analysis was fetched (the CSV says the same).
  const events = summarizeEvents(
    data.analysis.data,
    data.calendar,
    zonedDate(data.analysis.updatedAt, timeZone),
  );
  const counted = events.counted ? ` Days counted: ${spanText(events.counted)}.` : '';
  const analysed = events.analysed ? `, ${spanText(events.analysed)}` : '';
  return (
    <>
      <Section
        title="Events"
        level={level}
        note={`${eventMonthsNote(events, data.period)}${counted}`}
      >
        {events.months.length === 0 ? (
          <Notice>Amy&rsquo;s analysis has no month of this period.</Notice>
        ) : (
          <>
            <Figures
              items={[
                ['Events', formatCount(events.totalEvents)],
                [
                  'Average attendance',
                  events.avgAttendance === null ? '—' : formatCount(events.avgAttendance),
                ],
              ]}
            />
            <ReportTable
              caption="Events per month"
              head={['Month', 'Events', 'Average attendance']}
              numeric={[1, 2]}
              rows={events.months.map((month) => [
                month.label,
                formatCount(month.events),
                // As in the CSV: a month without events has no attendance to average.
                month.events > 0 ? formatCount(month.avgAttendance) : '—',
              ])}
            />
          </>
        )}
      </Section>
      <Section
        title="Categories (Amy's last 12 months)"
        level={level}
        note={`Amy reports categories over her whole analysis${analysed}, not per month, so this is not limited to the period; most successful first.`}
      >
        <ReportTable
          caption="Event categories"
          head={['Category', 'Events', 'Average success']}
          numeric={[1, 2]}
          rows={events.categories.map((category) => [
            titleCase(category.category),
            formatCount(category.count),
            formatPercent(category.avgSuccess),
          ])}
        />
      </Section>
      <Section
        title="Best performing amenities (Amy's last 12 months)"
        level={level}
        note={`Also over Amy's whole analysis${analysed}, not only this period.`}
      >
        <ReportTable
          caption="Best performing amenities for events"
          head={['Amenity', 'Events', 'Average attendance']}
          numeric={[1, 2]}
          rows={events.amenities.map((amenity) => [
            amenity.amenity,
            formatCount(amenity.eventCount),
            formatCount(amenity.avgAttendance),
          ])}
        />
      </Section>
      {events.insights.length ? (
        <Section title="Seasonal insights (Amy's last 12 months)" level={level}>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {events.insights.map((insight) => (
              <li key={insight}>{insight}</li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
