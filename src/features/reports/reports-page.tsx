import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { downloadUsageCsv } from '../../api/snapshot';
import { formatCount } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { usePersistentChoice } from '../../lib/persistent-state';
import { TIMEZONES, useSettings } from '../../lib/settings';
import { REPORTS_PERIOD_KEY } from '../../lib/storage-keys';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { DetailList } from '../../ui/detail-list';
import { InfoNote } from '../../ui/info-note';
import { StatTile, StatTiles } from '../../ui/stat-tile';
import { toast } from '../../ui/toast';
import { DEFAULT_REPORT_PERIOD, PERIODS, REPORT_PERIODS, type ReportPeriod } from './periods';
import {
  AVAILABLE_REPORTS,
  REPORT_KINDS,
  REPORT_STATS,
  SCHEDULED_REPORTS,
  type AvailableReport,
  type PreviewKind,
  type ScheduledReport,
} from './report-catalog';
import { downloadEventCsv } from './report-downloads';
import { useReportData, warmReportData } from './report-data';
import { ReportPreview } from './report-preview';

const PREVIEW_PARAM = 'report';

function parsePreview(value: string | null): PreviewKind | null {
  if (value === 'full') return 'full';
  return REPORT_KINDS.find((kind) => kind === value) ?? null;
}

/**
 * Spec section 2, Reports. The open preview lives in the URL (?report=usage), so Back closes it
 * and a reload (online or not) reopens it from the data saved on the device.
 */
export function ReportsPage() {
  const client = useQueryClient();
  const isRestoring = useIsRestoring();
  const online = useOnline();
  const settings = useSettings();
  const [period, setPeriod] = usePersistentChoice(
    REPORTS_PERIOD_KEY,
    REPORT_PERIODS,
    DEFAULT_REPORT_PERIOD,
  );
  const [params, setParams] = useSearchParams();
  const previewKind = parsePreview(params.get(PREVIEW_PARAM));
  const [reloadKey, setReloadKey] = useState(0);
  const printRequested = useRef(false);
  const [schedule, setSchedule] = useState<ScheduledReport | null>(null);
  const report = useReportData(period, reloadKey, previewKind !== null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const triggerRef = useRef<string | null>(null);
  const periodId = useId();

  // Save every period's data on the device while online, so any report opens offline later.
  useEffect(() => {
    if (online && !isRestoring) void warmReportData(client, period);
    // Only on arrival and on reconnect; a period change loads its own data through the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, online, isRestoring]);

  // Bring the opened report into view and move focus to its title.
  useEffect(() => {
    if (!previewKind) return;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [previewKind, reloadKey]);

  // Download of the print-ready report: print once it is built.
  useEffect(() => {
    if (printRequested.current && report.status === 'ready' && !report.refreshing) {
      printRequested.current = false;
      window.print();
    }
  }, [report]);

  const openPreview = (kind: PreviewKind, trigger: string) => {
    triggerRef.current = trigger;
    if (previewKind === kind) setReloadKey((key) => key + 1);
    else setParams({ [PREVIEW_PARAM]: kind });
  };

  const closePreview = () => {
    setParams({});
    const trigger = triggerRef.current;
    requestAnimationFrame(() => {
      if (trigger) document.getElementById(trigger)?.focus();
    });
  };

  const downloadUsage = async () => {
    const result = await downloadUsageCsv(client, PERIODS[period].timeline);
    if (result.ok) {
      toast({
        title: 'Download started',
        description: `${result.filename}: ${formatCount(result.rows)} days of usage${result.fromSnapshot ? ', from the offline snapshot' : ''}.`,
      });
    } else {
      toast({ title: 'Usage data not downloaded', description: result.message, tone: 'error' });
    }
  };

  const downloadEvents = async () => {
    const result = await downloadEventCsv(client, period, TIMEZONES[settings.timezone].iana);
    if (result.ok) {
      toast({
        title: 'Download started',
        description: `${result.filename}${result.fromSnapshot ? ', from the offline snapshot' : ''}.`,
      });
    } else {
      toast({ title: 'Event data not downloaded', description: result.message, tone: 'error' });
    }
  };

  const download = (item: AvailableReport) => {
    if (item.download === 'usage-csv') void downloadUsage();
    else if (item.download === 'event-csv') void downloadEvents();
    else if (item.download === 'print') {
      printRequested.current = true;
      openPreview(item.kind, `download-${item.kind}`);
    }
  };

  const csvForPreview =
    previewKind === 'usage' ? downloadUsage : previewKind === 'events' ? downloadEvents : null;

  return (
    <>
      <title>Reports · CommonGround</title>
      <div data-print-hide className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Reports</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Usage, value and event reports for your board, built from the data on this device.
          </p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          <div className="grid flex-1 gap-1 sm:flex-none">
            <label htmlFor={periodId} className="text-sm font-medium">
              Report period
            </label>
            <select
              id={periodId}
              value={period}
              onChange={(event) => setPeriod(event.target.value as ReportPeriod)}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              {REPORT_PERIODS.map((option) => (
                <option key={option} value={option}>
                  {PERIODS[option].label}
                </option>
              ))}
            </select>
          </div>
          <Button
            id="generate-report"
            onClick={() => {
              // Generate always builds anew for the chosen period, with fresh data when online.
              openPreview('full', 'generate-report');
              if (previewKind !== 'full') setReloadKey((key) => key + 1);
            }}
            disabled={isRestoring}
          >
            <Icon name="report" className="h-4 w-4" />
            Generate Report
          </Button>
        </div>
      </div>

      {previewKind ? (
        <div className="mt-6">
          <ReportPreview
            ref={headingRef}
            kind={previewKind}
            period={period}
            state={report}
            settings={settings}
            online={online}
            csvAvailable={csvForPreview !== null}
            onClose={closePreview}
            onPrint={() => window.print()}
            onDownloadCsv={() => void csvForPreview?.()}
            onRefresh={() => setReloadKey((key) => key + 1)}
            onChoosePeriod={setPeriod}
          />
        </div>
      ) : null}

      <div data-print-hide className="mt-6 grid gap-6">
        <StatTiles label="Report statistics">
          {REPORT_STATS.map((stat) => (
            <StatTile
              key={stat.label}
              label={stat.label}
              value={formatCount(stat.value)}
              icon={stat.icon}
            />
          ))}
        </StatTiles>

        <Card aria-labelledby="available-reports">
          <CardHeader
            id="available-reports"
            title="Available Reports"
            description={`Preview builds the report for ${PERIODS[period].label.toLowerCase()} from the data saved on this device; it works offline.`}
          />
          <CardBody>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {AVAILABLE_REPORTS.map((item) => (
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

        <Card aria-labelledby="scheduled-reports">
          <CardHeader
            id="scheduled-reports"
            title="Scheduled Reports"
            description="Sending reports on a schedule needs the CommonGround server; this device shows the schedules only."
          />
          <CardBody>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {SCHEDULED_REPORTS.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  >
                    <Icon name="calendar" />
                  </span>
                  <div className="min-w-0 flex-1 basis-48">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-medium">{item.title}</h3>
                      <Badge tone="blue">{item.frequency}</Badge>
                    </div>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {item.schedule} · {item.recipients}
                    </p>
                  </div>
                  <Button
                    id={`configure-${item.id}`}
                    variant="secondary"
                    size="sm"
                    aria-label={`Configure: ${item.title}`}
                    onClick={() => setSchedule(item)}
                  >
                    Configure
                  </Button>
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      </div>

      <Dialog
        open={schedule !== null}
        onClose={() => setSchedule(null)}
        title={schedule?.title ?? 'Scheduled report'}
        description="Schedule details (read-only)"
      >
        {schedule ? (
          <ScheduleDetails schedule={schedule} onClose={() => setSchedule(null)} />
        ) : null}
      </Dialog>
    </>
  );
}

function AvailableReportRow({
  item,
  onPreview,
  onDownload,
}: {
  item: AvailableReport;
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
        <Icon name="report" />
      </span>
      <div className="min-w-0 flex-1 basis-56">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">{item.title}</h3>
          <Badge tone={pending ? 'yellow' : 'green'}>{pending ? 'Pending' : 'Ready'}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{item.description}</p>
        {pending ? (
          <p id={reasonId} className="mt-1 text-sm text-amber-900 dark:text-amber-200">
            {item.pendingReason}
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
          <Icon name="download" className="h-4 w-4" />
          Download {item.downloadLabel}
        </Button>
      </div>
    </li>
  );
}

function ScheduleDetails({
  schedule,
  onClose,
}: {
  schedule: ScheduledReport;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['Report', schedule.report],
    ['Frequency', schedule.frequency],
    ['When', schedule.schedule],
    ['Recipients', schedule.recipients],
    ['Format', schedule.format],
  ];
  return (
    <>
      <DetailList rows={rows} />
      <div className="mt-4">
        <InfoNote>
          Scheduling needs the CommonGround server, which does not send reports yet. These details
          cannot be changed here, and no report is sent automatically. Use Preview or Download to
          make this report now.
        </InfoNote>
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}
