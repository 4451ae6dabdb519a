import { forwardRef, type ReactNode } from 'react';
import type { Source } from '../../api/snapshot';
import { timelineSeriesLabels } from '../../api/snapshot';
import { titleCase } from '../../lib/display-rules';
import { formatCount, formatMoney, formatPercent } from '../../lib/format';
import { CURRENT_PLAN } from '../../lib/plan';
import type { Settings } from '../../lib/settings';
import { TIMEZONES } from '../../lib/settings';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { PERIODS, type ReportPeriod } from './periods';
import { REPORT_TITLES, type PreviewKind } from './report-catalog';
import type { ReportData, ReportDataState } from './report-data';
import {
  capacityRows,
  summarizeEvents,
  summarizeFinancials,
  summarizeUsage,
  type UsageSummary,
} from './report-builders';
import {
  formatCents,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatShare,
} from './report-format';
import { ReportTable } from './report-table';

type Level = 3 | 4;

type Context = {
  data: ReportData;
  timeZone: string;
  currency: string;
  level: Level;
  onChoosePeriod: (period: ReportPeriod) => void;
};

type SourceName = 'metrics' | 'timeline' | 'popularity' | 'amenities' | 'analysis';

const SOURCES_OF: Record<PreviewKind, SourceName[]> = {
  usage: ['timeline', 'amenities', 'popularity'],
  financial: ['metrics', 'popularity', 'timeline'],
  events: ['analysis'],
  maintenance: [],
  full: ['metrics', 'timeline', 'popularity', 'amenities', 'analysis'],
};

const SOURCE_LABELS: Record<SourceName, (period: ReportPeriod) => string> = {
  metrics: () => 'Dashboard metrics (monthly amenity value)',
  timeline: (period) => `Usage timeline, ${PERIODS[period].label}`,
  popularity: (period) => `Amenity popularity, ${PERIODS[period].label}`,
  amenities: () => 'Amenity analytics (peak hours, capacity)',
  analysis: () => "Amy's event analysis",
};

/**
 * The report document shown inside the app, built from the data the device holds. It prints on
 * its own (src/index.css, "@media print": everything but [data-print-report] is hidden), which is
 * the board-meeting version: the browser's print dialog saves it as PDF.
 */
export const ReportPreview = forwardRef<
  HTMLHeadingElement,
  {
    kind: PreviewKind;
    period: ReportPeriod;
    state: ReportDataState;
    settings: Settings;
    online: boolean;
    csvAvailable: boolean;
    onClose: () => void;
    onPrint: () => void;
    onDownloadCsv: () => void;
    onRefresh: () => void;
    onChoosePeriod: (period: ReportPeriod) => void;
  }
>(function ReportPreview(
  {
    kind,
    period,
    state,
    settings,
    online,
    csvAvailable,
    onClose,
    onPrint,
    onDownloadCsv,
    onRefresh,
    onChoosePeriod,
  },
  headingRef,
) {
  const timeZone = TIMEZONES[settings.timezone].iana;
  const title = REPORT_TITLES[kind];
  const data = state.status === 'ready' ? state.data : null;
  const used = data ? SOURCES_OF[kind].map((name) => data[name]) : [];
  const saved = used.some((source) => source.status === 'ready' && source.fromSnapshot);
  const ready = used.filter((source) => source.status === 'ready');
  const oldest = ready.length ? Math.min(...ready.map((source) => source.updatedAt)) : null;
  const timeline = data?.timeline.status === 'ready' ? data.timeline.data : null;

  return (
    <section
      data-print-report
      aria-labelledby="report-title"
      aria-busy={state.status === 'loading'}
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div
        data-print-hide
        className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 sm:px-5 dark:border-slate-800"
      >
        <p className="mr-auto hidden text-sm font-medium text-slate-600 sm:block dark:text-slate-400">
          Report preview
        </p>
        {csvAvailable ? (
          <Button variant="secondary" size="sm" onClick={onDownloadCsv} disabled={!data}>
            <Icon name="download" className="h-4 w-4" />
            Download CSV
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onPrint} disabled={!data}>
          <Icon name="report" className="h-4 w-4" />
          Print / Save as PDF
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <Icon name="close" className="h-4 w-4" />
          Close <span className="sr-only">preview</span>
        </Button>
      </div>

      <div className="px-4 py-4 sm:px-6 sm:py-6">
        <p className="text-sm font-medium text-brand-800 dark:text-brand-100">
          {settings.communityName}
        </p>
        <h2
          id="report-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 scroll-mt-20 text-xl font-bold text-slate-900 outline-none sm:text-2xl dark:text-slate-50"
        >
          {title} — {PERIODS[period].label}
        </h2>
        {state.status === 'loading' ? (
          <div className="mt-4 grid gap-3">
            <span className="sr-only" role="status">
              Building the report…
            </span>
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : null}
        {data ? (
          <>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
              {timeline && timeline.length > 0 && kind !== 'events' && kind !== 'maintenance' ? (
                <MetaRow
                  term="Period"
                  value={formatDayRange(
                    timeline[0]?.time ?? '',
                    timeline.at(-1)?.time ?? '',
                    timeZone,
                  )}
                />
              ) : null}
              <MetaRow term="Generated" value={formatDateTime(data.generatedAt, timeZone)} />
              {oldest !== null ? (
                <MetaRow term="Data as of" value={formatDateTime(oldest, timeZone)} />
              ) : null}
            </dl>
            {saved ? (
              <p className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                <Icon name="offline" className="h-4 w-4 shrink-0" />
                <span className="min-w-0 flex-1">
                  Built from the offline snapshot saved on this device, not from live data.
                </span>
                {online ? (
                  <Button
                    data-print-hide
                    variant="ghost"
                    size="sm"
                    onClick={onRefresh}
                    disabled={state.status === 'ready' && state.refreshing}
                  >
                    <Icon name="refresh" className="h-4 w-4" />
                    Refresh data
                  </Button>
                ) : null}
              </p>
            ) : null}
            <ReportBody
              kind={kind}
              context={{
                data,
                timeZone,
                currency: settings.currency,
                level: 3,
                onChoosePeriod,
              }}
            />
            {used.length ? (
              <SourceList data={data} names={SOURCES_OF[kind]} timeZone={timeZone} />
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
});

function MetaRow({ term, value }: { term: string; value: string }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-900 dark:text-slate-100">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ReportBody({ kind, context }: { kind: PreviewKind; context: Context }) {
  switch (kind) {
    case 'usage':
      return <UsageReport context={context} />;
    case 'financial':
      return <FinancialReport context={context} />;
    case 'events':
      return <EventReport context={context} />;
    case 'maintenance':
      return <MaintenanceReport />;
    case 'full': {
      const inner = { ...context, level: 4 as const };
      return (
        <>
          <Part title="Amenity usage">
            <UsageReport context={inner} />
          </Part>
          <Part title="Financial impact">
            <FinancialReport context={inner} />
          </Part>
          <Part title="Event performance">
            <EventReport context={inner} />
          </Part>
        </>
      );
    }
  }
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 border-t border-slate-200 pt-6 first:mt-6 dark:border-slate-800">
      <h3 className="text-lg font-bold text-slate-900 dark:text-slate-50">{title}</h3>
      {children}
    </section>
  );
}

function Section({
  title,
  level,
  note,
  children,
}: {
  title: string;
  level: Level;
  note?: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className="mt-6 break-inside-avoid-page">
      <Heading className="text-base font-semibold text-slate-900 dark:text-slate-50">
        {title}
      </Heading>
      {note ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{note}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

// ---- Usage ------------------------------------------------------------------------------------

function usageOf(data: ReportData): UsageSummary | null {
  if (data.timeline.status !== 'ready') return null;
  const amenities = data.amenities.status === 'ready' ? data.amenities.data : undefined;
  return summarizeUsage(data.timeline.data, timelineSeriesLabels(amenities));
}

function UsageReport({ context }: { context: Context }) {
  const { data, level, timeZone } = context;
  const usage = usageOf(data);
  return (
    <>
      {usage ? (
        <Section
          title="Visits per amenity"
          level={level}
          note={`Daily visit counts of the four tracked amenities over ${formatCount(usage.days)} days.`}
        >
          <Figures
            items={[
              ['Total visits', formatCount(usage.totalVisits)],
              ['Daily average', formatCount(usage.dailyAverage)],
              [
                'Busiest day',
                usage.busiestDay
                  ? `${formatDay(usage.busiestDay.time, timeZone)} (${formatCount(usage.busiestDay.visits)})`
                  : '—',
              ],
            ]}
          />
          <ReportTable
            caption="Visits per amenity"
            head={['Amenity', 'Visits', 'Share', 'Daily average']}
            numeric={[1, 2, 3]}
            rows={usage.perAmenity.map((row) => [
              row.name,
              formatCount(row.visits),
              formatShare(row.share),
              formatCount(row.dailyAverage),
            ])}
          />
        </Section>
      ) : (
        <Section title="Visits per amenity" level={level}>
          <MissingTimeline context={context} />
        </Section>
      )}
      <Section
        title="Peak hours and capacity use"
        level={level}
        note="Peak hours and peak occupancy as amenity analytics reports them; “in use” is the occupancy when the data was taken."
      >
        {data.amenities.status === 'ready' ? (
          <ReportTable
            caption="Peak hours and capacity use"
            head={['Amenity', 'Peak hours', 'Peak users', 'Capacity', 'Peak use', 'In use']}
            numeric={[2, 3, 4, 5]}
            rows={capacityRows(data.amenities.data).map((row) => [
              row.name,
              row.peakTime,
              formatCount(row.peakUsers),
              formatCount(row.capacity),
              formatPercent(row.peakUse),
              row.status === 'closed' ? 'Closed' : formatPercent(row.inUseNow),
            ])}
          />
        ) : (
          <MissingSource source={data.amenities} what="Amenity analytics" />
        )}
      </Section>
      <Section
        title="Share of visits"
        level={level}
        note={`All amenities, ${PERIODS[data.period].label.toLowerCase()}.`}
      >
        {data.popularity.status === 'ready' ? (
          <ReportTable
            caption="Share of visits per amenity"
            head={['Amenity', 'Share of visits']}
            numeric={[1]}
            rows={data.popularity.data.map((entry) => [entry.name, formatShare(entry.percentage)])}
          />
        ) : (
          <MissingSource source={data.popularity} what="Amenity popularity for this period" />
        )}
      </Section>
    </>
  );
}

// ---- Financial impact -------------------------------------------------------------------------

function FinancialReport({ context }: { context: Context }) {
  const { data, level, currency } = context;
  if (data.metrics.status !== 'ready') {
    return (
      <Section title="Monthly amenity value" level={level}>
        <MissingSource source={data.metrics} what="The dashboard metrics" />
      </Section>
    );
  }
  const usage = usageOf(data);
  const summary = summarizeFinancials({
    monthlyValue: data.metrics.data.revenueImpact,
    popularity: data.popularity.status === 'ready' ? data.popularity.data : null,
    usage,
    periodDays: PERIODS[data.period].days,
    platformMonthlyCost: CURRENT_PLAN.monthlyPrice,
  });
  const days = usage?.days ?? PERIODS[data.period].days;
  return (
    <>
      <Section title="Monthly amenity value" level={level}>
        <Figures
          items={[
            ['Monthly amenity value', formatMoney(summary.monthlyValue, currency)],
            ...(days === 30
              ? []
              : [
                  [
                    `Over ${formatCount(days)} days (estimated)`,
                    formatMoney(summary.periodValue, currency),
                  ] as [string, string],
                ]),
          ]}
        />
      </Section>
      <Section
        title="Value per amenity (estimated)"
        level={level}
        note="The monthly value shared out by each amenity's share of visits. Value per visit is given where the usage timeline counts the visits."
      >
        {summary.perAmenity.length ? (
          <ReportTable
            caption="Estimated value per amenity"
            head={['Amenity', 'Share of visits', 'Monthly value', 'Value per visit']}
            numeric={[1, 2, 3]}
            rows={summary.perAmenity.map((row) => [
              row.name,
              formatShare(row.share),
              formatMoney(row.monthlyValue, currency),
              row.valuePerVisit === null ? 'Not tracked' : formatCents(row.valuePerVisit, currency),
            ])}
          />
        ) : (
          <MissingSource source={data.popularity} what="Amenity popularity for this period" />
        )}
      </Section>
      <Section title="Cost per visit" level={level}>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          CommonGround does not hold the amenities’ operating costs (staff, upkeep, utilities), so a
          true cost per visit cannot be calculated from its data.{' '}
          {summary.platformCostPerVisit !== null && summary.trackedMonthlyVisits !== null ? (
            <>
              The one cost it knows is its own {CURRENT_PLAN.name} plan at{' '}
              {formatMoney(summary.platformMonthlyCost, currency)} a month: about{' '}
              <strong>{formatCents(summary.platformCostPerVisit * 1000, currency)}</strong> per
              1,000 visits to the tracked amenities ({formatCount(summary.trackedMonthlyVisits)}{' '}
              visits a month).
            </>
          ) : (
            'The visit counts for this period are not available either.'
          )}
        </p>
      </Section>
      <Section title="How these figures are made" level={level}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>Monthly amenity value is the dashboard’s Revenue Impact figure.</li>
          <li>
            Estimated: the value over the period (the monthly value × days ÷ 30), the value per
            amenity (by share of visits) and the value per visit (that value ÷ visits per 30 days).
          </li>
          <li>Amounts are shown in {currency} as set in Settings; no exchange rate is applied.</li>
        </ul>
      </Section>
    </>
  );
}

// ---- Event performance ------------------------------------------------------------------------

function EventReport({ context }: { context: Context }) {
  const { data, level } = context;
  if (data.analysis.status !== 'ready') {
    return (
      <Section title="Events" level={level}>
        <MissingSource source={data.analysis} what="Amy's event analysis" />
      </Section>
    );
  }
  const months = PERIODS[data.period].trendMonths;
  const events = summarizeEvents(data.analysis.data, months);
  return (
    <>
      <Section
        title="Events"
        level={level}
        note={
          months === 1
            ? "Amy's most recent month of events."
            : `Amy's last ${months} months of events (as many as she reports).`
        }
      >
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
            month.month,
            formatCount(month.events),
            formatCount(month.avgAttendance),
          ])}
        />
      </Section>
      <Section
        title="Categories"
        level={level}
        note="Across Amy's whole analysis, most successful first."
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
      <Section title="Best performing amenities" level={level}>
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
        <Section title="Seasonal insights" level={level}>
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

// ---- Maintenance (pending) --------------------------------------------------------------------

function MaintenanceReport() {
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
      <Icon name="clock" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">This report is pending.</p>
        <p className="mt-1">
          It will list work orders, inspections and downtime per amenity. CommonGround does not
          collect maintenance data yet, so there is nothing to show or download.
        </p>
      </div>
    </div>
  );
}

// ---- Building blocks --------------------------------------------------------------------------

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map(([term, value]) => (
        <div
          key={term}
          className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
        >
          <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums sm:text-lg dark:text-slate-50">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}

function MissingSource<T>({ source, what }: { source: Source<T>; what: string }) {
  if (source.status === 'ready') return null;
  return (
    <Notice>
      {source.reason === 'offline'
        ? `${what} has not been saved on this device yet (it was never loaded here). It will be included once the app is online.`
        : `${what} could not be loaded: ${source.error ?? 'unknown error'}.`}
    </Notice>
  );
}

function MissingTimeline({ context }: { context: Context }) {
  const { data, onChoosePeriod } = context;
  const source = data.timeline;
  if (source.status === 'ready') return null;
  const label = PERIODS[data.period].label;
  const others = data.savedPeriods.filter((period) => period !== data.period);
  return (
    <Notice>
      <p>
        {source.reason === 'offline'
          ? `The usage timeline for ${label} has not been saved on this device (it was never loaded here), so visits per amenity cannot be shown for this period.`
          : `The usage timeline for ${label} could not be loaded: ${source.error ?? 'unknown error'}.`}
      </p>
      {others.length ? (
        <div className="mt-2 flex flex-wrap items-center gap-2" data-print-hide>
          <span>Saved on this device:</span>
          {others.map((period) => (
            <Button
              key={period}
              variant="secondary"
              size="sm"
              onClick={() => onChoosePeriod(period)}
            >
              Show {PERIODS[period].label}
            </Button>
          ))}
        </div>
      ) : (
        <p className="mt-1">No other period’s timeline is saved on this device yet.</p>
      )}
    </Notice>
  );
}

function SourceList({
  data,
  names,
  timeZone,
}: {
  data: ReportData;
  names: SourceName[];
  timeZone: string;
}) {
  return (
    <section className="mt-8 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-50">Data sources</h3>
      <ul className="mt-2 grid gap-2 text-sm text-slate-700 dark:text-slate-300">
        {names.map((name) => {
          const source = data[name];
          return (
            <li key={name} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{SOURCE_LABELS[name](data.period)}:</span>
              {source.status === 'ready' ? (
                <>
                  <span>{formatDateTime(source.updatedAt, timeZone)}</span>
                  {source.fromSnapshot ? (
                    <Badge tone="gray">
                      <Icon name="offline" className="h-3 w-3" />
                      Offline snapshot
                    </Badge>
                  ) : (
                    <Badge tone="green">Live</Badge>
                  )}
                  {source.refreshError ? (
                    <span className="text-amber-900 dark:text-amber-200">
                      (could not refresh: {source.refreshError})
                    </span>
                  ) : null}
                </>
              ) : (
                <Badge tone="yellow">Not available</Badge>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
