import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useHydratedSearchParams } from '../../lib/hydration';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { formatCount } from '../../lib/format';
import { useConnectivity } from '../../lib/connectivity';
import { usePersistentChoice } from '../../lib/persistent-state';
import { useCommunity } from '../../api/community';
import { REPORTS_PERIOD_KEY } from '../../lib/storage-keys';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageIcon } from '../../ui/page-icons';
import { StatTile, StatTiles } from '../../ui/stat-tile';
import { CODE_NOT_LOADED, toast } from '../../ui/toast';
import { PageHeader } from '../../ui/page-header';
import { SelectField } from '../../ui/select-field';
import { DEFAULT_REPORT_PERIOD, PERIODS, REPORT_PERIODS } from './periods';
import { useReportActivity } from './report-activity';
import type { DownloadOutcome, ReadingsDownload, ReportDefinition } from './report-kind';
import { ReportSkeleton } from './report-skeleton';
import { FULL_REPORT, REPORTS, findReport, type PreviewKind } from './registry';
import { SCHEDULED_REPORTS_ANCHOR } from '../../lib/app-pages';
import { AfterFirstPaint, Deferred } from '../../ui/deferred';

const PREVIEW_PARAM = 'report';

/**
 * The report document (the preview and every report's body, one chunk: vite.config.ts) loads when
 * a report is opened: only Preview, Download and Generate Report use it, and it was 4.3 KB (gzip)
 * of the page's first load.
 */
const ReportPreview = lazy(async () => {
  // Every body with it, so none suspends later, as its data arrives, hiding the report a moment.
  const [module] = await Promise.all([
    import('./report-preview'),
    ...[...REPORTS, FULL_REPORT].map((report) => report.Body.preload()),
  ]);
  return { default: module.ReportPreview };
});

/**
 * The report data's code (queries, builders), the scheduled reports and the archive load once the
 * page has painted: the first screen, the report list, needs none of it (reports-below.tsx).
 */
const loadReportData = () => import('./report-data');
type ReportDataModule = Awaited<ReturnType<typeof loadReportData>>;
/**
 * Saving every period for offline use is best effort: when its code cannot load (offline before
 * the app was saved, or a new version replaced the file), an open report still reads and explains
 * its own data. Refresh runs inside an open report, whose document has already loaded this code.
 */
const withReportData = (use: (module: ReportDataModule) => Promise<void>) =>
  void loadReportData().then(use, () => undefined);
const ReportsBelowTheFold = lazy(async () => ({
  default: (await import('./reports-below')).ReportsBelowTheFold,
}));
const ReportsBelowTheFoldData = lazy(async () => ({
  default: (await import('./reports-below')).ReportsBelowTheFoldData,
}));

const PERIOD_OPTIONS = REPORT_PERIODS.map((value) => ({ value, label: PERIODS[value].label }));

/**
 * Spec section 2, Reports. The open preview lives in the URL (?report=usage), so Back closes it
 * and a reload (online or not) reopens it from the data saved on the device.
 */
export function ReportsPage() {
  const client = useQueryClient();
  const isRestoring = useIsRestoring();
  const online = useConnectivity() === 'online';
  const community = useCommunity();
  const [period, setPeriod] = usePersistentChoice(
    REPORTS_PERIOD_KEY,
    REPORT_PERIODS,
    DEFAULT_REPORT_PERIOD,
  );
  const [urlParams, setParams] = useSearchParams();
  const params = useHydratedSearchParams(urlParams);
  const { hash } = useLocation();
  const preview = findReport(params.get(PREVIEW_PARAM));
  const previewKind = preview?.kind ?? null;
  // Moves focus to the report's title again when an open report is asked for once more.
  const [focusKey, setFocusKey] = useState(0);
  // Download of the print-ready report: it prints once it is built (ReportPreview).
  const printRequested = useRef(false);
  const takePrintRequest = useCallback(() => {
    const requested = printRequested.current;
    printRequested.current = false;
    return requested;
  }, []);
  const [activity, countActivity] = useReportActivity();
  const triggerRef = useRef<string | null>(null);

  // Save the reports' data on the device while online (on arrival and on reconnect), so a
  // report of any period opens offline later.
  useEffect(() => {
    if (online && !isRestoring) {
      withReportData(({ warmReportData }) => warmReportData(client));
    }
  }, [client, online, isRestoring]);

  const refresh = () => withReportData(({ refreshReportData }) => refreshReportData(client));

  const openPreview = (kind: PreviewKind, trigger: string) => {
    triggerRef.current = trigger;
    countActivity('generated');
    if (previewKind === kind) {
      setFocusKey((key) => key + 1);
      refresh();
    } else setParams({ [PREVIEW_PARAM]: kind });
  };

  const closePreview = () => {
    setParams({});
    const trigger = triggerRef.current;
    requestAnimationFrame(() => {
      if (trigger) document.getElementById(trigger)?.focus();
    });
  };

  /** A file's download told in a toast (and counted), or why not. */
  const tellOutcome = (outcome: Promise<DownloadOutcome>, failureTitle: string) =>
    outcome.then(
      (result) => {
        if (result.ok) {
          countActivity('downloads');
          toast({ title: 'Download started', description: result.description });
        } else toast({ title: failureTitle, description: result.message, tone: 'error' });
      },
      () => {
        toast({ title: failureTitle, description: CODE_NOT_LOADED, tone: 'error' });
      },
    );

  const download = (item: ReportDefinition<PreviewKind>) => {
    const how = item.download;
    if (!how) return;
    if (how.type === 'print') {
      countActivity('downloads');
      printRequested.current = true;
      openPreview(item.kind, `download-${item.kind}`);
      return;
    }
    void tellOutcome(how.run({ client, period, timeZone: community.timeZone }), how.failureTitle);
  };

  const downloadReadings: ReadingsDownload = (amenity, onProgress) => {
    const outcome = import('./report-downloads').then(({ downloadReadings: run }) =>
      run({ period, timeZone: community.timeZone, amenity, onProgress }),
    );
    return tellOutcome(outcome, 'Readings not downloaded');
  };

  return (
    <>
      <PageHeader
        title="Reports"
        printHide
        description="Usage, value and event reports for your board, built from the data on this device."
        actions={
          <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
            {/* Its own line on a small phone rather than a select too narrow for "Last Month". */}
            <div className="min-w-40 flex-1 sm:flex-none">
              <SelectField
                label="Report period"
                value={period}
                options={PERIOD_OPTIONS}
                onChange={setPeriod}
              />
            </div>
            <Button
              id="generate-report"
              onClick={() => {
                // Generate always builds anew for the chosen period, with fresh data when online.
                openPreview(FULL_REPORT.kind, 'generate-report');
                if (previewKind !== FULL_REPORT.kind) refresh();
              }}
              disabled={isRestoring}
            >
              <PageIcon name="report" className="h-4 w-4" />
              Generate Report
            </Button>
          </div>
        }
      />

      {preview ? (
        <div className="mt-6">
          <Suspense fallback={<ReportLoading />}>
            <ReportPreview
              focusKey={focusKey}
              takePrintRequest={takePrintRequest}
              report={preview}
              period={period}
              community={community}
              online={online}
              csvAvailable={preview.download?.type === 'csv'}
              onClose={closePreview}
              onPrint={() => window.print()}
              onDownloadCsv={() => download(preview)}
              onDownloadReadings={downloadReadings}
              onRefresh={refresh}
            />
          </Suspense>
        </div>
      ) : null}

      <div data-print-hide className="mt-6 grid gap-6">
        <div>
          <StatTiles label="Report statistics">
            <StatTile
              label="Reports Generated"
              value={formatCount(activity.generated)}
              icon="report"
            />
            <StatTile label="Downloads" value={formatCount(activity.downloads)} icon="download" />
          </StatTiles>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Counted on this device: reports opened or generated here, and files saved or printed
            from here.
          </p>
        </div>

        <Card aria-labelledby="available-reports">
          <CardHeader
            id="available-reports"
            title="Available Reports"
            description={`Preview builds the report for ${PERIODS[period].label.toLowerCase()} from the data saved on this device; it works offline.`}
          />
          <CardBody>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {REPORTS.map((item) => (
                <AvailableReportRow
                  key={item.kind}
                  item={item}
                  onPreview={() => openPreview(item.kind, `preview-${item.kind}`)}
                  onDownload={() => download(item)}
                />
              ))}
            </ul>
          </CardBody>
        </Card>

        <AfterFirstPaint>
          <ReportsBelowTheFoldData />
        </AfterFirstPaint>
        {/* Rendered at once when a link asks for them: a schedule or an archived report. */}
        <Deferred
          minHeight="30rem"
          eager={params.has('archive') || hash === `#${SCHEDULED_REPORTS_ANCHOR}`}
        >
          <div className="grid gap-6">
            <ReportsBelowTheFold />
          </div>
        </Deferred>
      </div>
    </>
  );
}

/** While the report document's code downloads (once: then it is in the app's cache). */
function ReportLoading() {
  return (
    <div
      aria-busy="true"
      className="rounded-xl border border-slate-200 bg-white px-4 pb-4 shadow-sm sm:px-6 sm:pb-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <ReportSkeleton status="Opening the report…" />
    </div>
  );
}

function AvailableReportRow({
  item,
  onPreview,
  onDownload,
}: {
  item: ReportDefinition;
  onPreview: () => void;
  onDownload: () => void;
}) {
  const reasonId = `pending-reason-${item.kind}`;
  const pending = item.status === 'pending';
  return (
    <li className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-900/50 dark:text-brand-100"
      >
        <PageIcon name="report" />
      </span>
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">{item.title}</h3>
          <Badge tone={pending ? 'yellow' : 'green'}>{pending ? 'Pending' : 'Ready'}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{item.description}</p>
        {pending ? (
          <p id={reasonId} className="mt-1 text-sm text-amber-900 dark:text-amber-200">
            {item.status === 'pending' ? item.pendingReason : null}
          </p>
        ) : null}
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button
          id={`preview-${item.kind}`}
          variant="secondary"
          size="sm"
          className="flex-1 sm:flex-none"
          aria-label={`Preview: ${item.title}`}
          onClick={onPreview}
        >
          Preview
        </Button>
        <Button
          id={`download-${item.kind}`}
          variant="secondary"
          size="sm"
          className="flex-1 sm:flex-none"
          onClick={onDownload}
          disabled={pending}
          aria-describedby={pending ? reasonId : undefined}
          aria-label={`Download ${item.downloadLabel}: ${item.title}`}
        >
          <PageIcon name="download" className="h-4 w-4" />
          Download {item.downloadLabel}
        </Button>
      </div>
    </li>
  );
}
