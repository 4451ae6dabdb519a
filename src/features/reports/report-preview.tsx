import { useEffect, useRef, useState } from 'react';
import type { CommunityProfile } from '../../api/contract';
import { timeZoneLabel } from '../../lib/community-profile';
import { cx } from '../../lib/cx';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { PageIcon } from '../../ui/page-icons';
import { PERIODS, type ReportPeriod } from './periods';
import { ReceivedSize } from './received-size';
import { ReportSkeleton } from './report-skeleton';
import { coverageOf, useReportData, type ReportData } from './report-data';
import type { CoverageSummary } from '../../lib/coverage';
import { formatDateTime, formatDates } from './report-format';
import {
  SOURCE_LABELS,
  type ReadingsAmenity,
  type ReadingsDownload,
  type ReportDefinition,
  type SourceName,
} from './report-kind';
import type { PreviewKind } from './registry';

/**
 * The report document shown inside the app, built from the data the device holds. It prints on
 * its own (src/index.css, "@media print": everything but [data-print-report] is hidden), which is
 * the board-meeting version: the browser's print dialog saves it as PDF.
 */
export function ReportPreview({
  report,
  period,
  community,
  online,
  csvAvailable,
  focusKey,
  takePrintRequest,
  onClose,
  onPrint,
  onDownloadCsv,
  onDownloadReadings,
  onRefresh,
}: {
  report: ReportDefinition<PreviewKind>;
  period: ReportPeriod;
  community: CommunityProfile;
  online: boolean;
  csvAvailable: boolean;
  /** A new value moves focus to the report again (it was asked for once more). */
  focusKey: number;
  /** Whether the print-ready report was asked for (Download), which it then prints once built. */
  takePrintRequest: () => boolean;
  onClose: () => void;
  onPrint: () => void;
  onDownloadCsv: () => void;
  onDownloadReadings: ReadingsDownload;
  onRefresh: () => void;
}) {
  const state = useReportData(period, community.timeZone);
  const reportRef = useRef<HTMLElement>(null);
  // Bring the opened report into view and move focus to it (read by its title). Here, not in the
  // page: this runs once the report's code has loaded and it is on screen. Focus the reader took
  // out of the page while that code loaded (to the notifications with F8, to the menu) stays there.
  useEffect(() => {
    if (focusIsOnThePage()) reportRef.current?.focus({ preventScroll: true });
    reportRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [report.kind, focusKey]);

  const printable = state.status === 'ready' && !state.refreshing;
  useEffect(() => {
    if (printable && takePrintRequest()) window.print();
  }, [printable, report.kind, takePrintRequest]);

  const timeZone = community.timeZone;
  const { title, Body } = report;
  const data = state.status === 'ready' ? state.data : null;
  const used = data ? report.sources.map((name) => data[name]) : [];
  const saved = used.some((source) => source.status === 'ready' && source.fromSnapshot);
  const ready = used.filter((source) => source.status === 'ready');
  const oldest = ready.length ? Math.min(...ready.map((source) => source.updatedAt)) : null;
  // Every ready report states, on its first page, how much of its period the sensors cover.
  // Only a report built from the sensors states their coverage: the event report is Amy's
  // analysis and says which days it counts in its own notes.
  const stateCoverage =
    data !== null && report.status === 'ready' && report.sources.includes('gaps');

  const readings = report.sources.includes('timeline');

  return (
    // Focus comes to the report as a whole when it opens: its title is read, and the next Tab
    // reaches its own controls (readings, Download CSV, Print, Close) before anything else.
    <section
      ref={reportRef}
      tabIndex={-1}
      data-print-report
      aria-labelledby="report-title"
      aria-busy={state.status === 'loading'}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-slate-800 dark:bg-slate-900"
    >
      <div
        data-print-hide
        className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 sm:px-5 dark:border-slate-800"
      >
        {/* Only where the whole toolbar fits beside it on one row. */}
        <p
          className={cx(
            'mr-auto hidden text-sm font-medium text-slate-600 dark:text-slate-400',
            readings ? 'min-[90rem]:block' : 'sm:block',
          )}
        >
          Report preview
        </p>
        {readings ? (
          // The readings the figures are made of, from the server: to check them by hand.
          <ReadingsDownloader
            amenities={data?.amenities.status === 'ready' ? data.amenities.data : []}
            download={onDownloadReadings}
          />
        ) : null}
        {/* The report's own files and Close, kept together (at the right when the toolbar wraps:
            a tablet, or a desktop beside the sidebar), so none sits alone on a row; on one row,
            beside the readings. */}
        <div
          className={cx(
            'flex flex-wrap items-center gap-2 sm:ml-auto sm:justify-end',
            readings && 'min-[90rem]:ml-0',
          )}
        >
          {csvAvailable ? (
            <Button variant="secondary" size="sm" onClick={onDownloadCsv} disabled={!data}>
              <PageIcon name="download" className="h-4 w-4" />
              Download CSV
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={onPrint} disabled={!data}>
            <PageIcon name="report" className="h-4 w-4" />
            Print / Save as PDF
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            <PageIcon name="close" className="h-4 w-4" />
            Close <span className="sr-only">preview</span>
          </Button>
        </div>
      </div>

      <div className="px-4 py-4 sm:px-6 sm:py-6">
        <p className="text-sm font-medium text-brand-800 dark:text-brand-100">{community.name}</p>
        <h2
          id="report-title"
          className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl dark:text-slate-50"
        >
          {title} — {PERIODS[period].label}
        </h2>
        {state.status === 'loading' ? <ReportSkeleton status="Building the report…" /> : null}
        {data ? (
          <>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
              <MetaRow
                term="Period"
                value={`${formatDates(data.calendar.from, data.calendar.to)} (${timeZoneLabel(community.timeZone)})`}
              />
              <MetaRow term="Generated" value={formatDateTime(data.generatedAt, timeZone)} />
              {oldest !== null ? (
                <MetaRow term="Data as of" value={formatDateTime(oldest, timeZone)} />
              ) : null}
            </dl>
            {stateCoverage ? (
              <CoverageNote
                coverage={coverageOf(data, timeZone)}
                unknownBecause={
                  data.gaps.status === 'missing' && data.gaps.reason === 'failed'
                    ? `the sensor gaps could not be loaded (${data.gaps.error ?? 'unknown error'}); averages assume every sensor reported`
                    : 'the sensor gaps for this period are not saved on this device. Connect once to load them'
                }
              />
            ) : null}
            {saved ? (
              <p className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                <PageIcon name="offline" className="h-4 w-4 shrink-0" />
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
                    <PageIcon name="refresh" className="h-4 w-4" />
                    Refresh data
                  </Button>
                ) : null}
              </p>
            ) : null}
            <Body
              context={{
                data,
                timeZone,
                currency: community.currency,
                level: 3,
              }}
            />
            {used.length ? (
              <SourceList data={data} names={report.sources} timeZone={timeZone} />
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Download readings, of every amenity or of the one chosen beside it (a year of every amenity can
 * be more than a phone holds, or than the server sends in one file), busy while it works and
 * saying how much has arrived: a year of readings is a minute or more.
 */
function ReadingsDownloader({
  amenities,
  download,
}: {
  /** The live amenities, when known: without them the file is every amenity's. */
  amenities: readonly ReadingsAmenity[];
  download: ReadingsDownload;
}) {
  const [received, setReceived] = useState<number | null>(null);
  const [chosenId, setChosenId] = useState(ALL_AMENITIES);
  const chosen = amenities.find((amenity) => amenity.id === chosenId) ?? null;
  const run = () => {
    setReceived(0);
    void download(chosen, setReceived).finally(() => setReceived(null));
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      {amenities.length > 1 ? (
        <SelectField
          label="Readings of"
          layout="inline"
          value={chosen?.id ?? ALL_AMENITIES}
          options={[
            { value: ALL_AMENITIES, label: 'All amenities' },
            ...amenities.map((amenity) => ({ value: amenity.id, label: amenity.name })),
          ]}
          onChange={setChosenId}
        />
      ) : null}
      <Button variant="secondary" size="sm" onClick={run} busy={received !== null}>
        <PageIcon name="download" className="h-4 w-4" />
        {received === null ? 'Download readings' : 'Downloading readings…'}
        <ReceivedSize bytes={received} />{' '}
        <span className="sr-only">
          {chosen
            ? `(${chosen.name}’s sensor readings of the period, CSV)`
            : '(every sensor reading of the period, CSV)'}
        </span>
      </Button>
    </span>
  );
}

/** The select's value for a file of every amenity (no amenity id is empty). */
const ALL_AMENITIES = '';

/**
 * How much of the period the sensors cover (lib/coverage.ts): plain when complete, marked when
 * some sensor was silent or the gaps are not on this device.
 */
function CoverageNote({
  coverage,
  unknownBecause,
}: {
  coverage: CoverageSummary | null;
  /** Why the coverage is not known: never loaded here (offline), or the request failed. */
  unknownBecause: string;
}) {
  const partial = !coverage?.complete;
  return (
    <p
      data-testid="coverage"
      className={
        partial
          ? 'mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100'
          : 'mt-3 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300'
      }
    >
      <PageIcon name={partial ? 'alert' : 'check'} className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="min-w-0">
        <span className="font-medium">Coverage: </span>
        {coverage ? `${coverage.text}.` : `unknown: ${unknownBecause}.`}
      </span>
    </p>
  );
}

function MetaRow({ term, value }: { term: string; value: string }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-900 dark:text-slate-100">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function SourceList({
  data,
  names,
  timeZone,
}: {
  data: ReportData;
  names: readonly SourceName[];
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
                      <PageIcon name="offline" className="h-3 w-3" />
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

/** Focus is on nothing in particular, or somewhere in the page's content (`#main`). */
function focusIsOnThePage(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('#main') !== null;
}
