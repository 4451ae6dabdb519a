import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { archivedReportCsvQuery, useReportArchive } from '../../api/alerts';
import type { ReportArchiveEntry } from '../../api/contract';
import { useConnectivity } from '../../lib/connectivity';
import { downloadCsv } from '../../lib/download';
import { formatCalendarDate, formatCount, formatCountOf, formatDateTime } from '../../lib/format';
import { useCommunity } from '../../api/community';
import { timeZoneLabel } from '../../lib/community-profile';
import { periodInstants } from '../../lib/calendar-period';
import { addedNote } from '../../lib/coverage';
import { Button } from '../../ui/button';
import { ReceivedSize } from './received-size';
import { downloadReadingsFile } from '../../api/readings-file';
import { DetailList } from '../../ui/detail-list';
import { Dialog } from '../../ui/dialog';
import { EmptyNote } from '../../ui/empty-note';
import { PageIcon } from '../../ui/page-icons';
import { ListSkeleton } from '../../ui/list-skeleton';
import { QueryCard } from '../../ui/query-card';

/**
 * The archive, with every archived CSV kept on the device while online (a few KB each), for
 * offline downloads: the page keeps this running whether or not the card is on screen.
 */
export function useReportArchiveKept() {
  const archive = useReportArchive();
  const client = useQueryClient();
  const online = useConnectivity() === 'online';
  const entries = archive.data;
  useEffect(() => {
    if (!online || !entries) return;
    for (const entry of entries) {
      void client.prefetchQuery(archivedReportCsvQuery(entry.id)).catch(() => undefined);
    }
  }, [client, online, entries]);
  return archive;
}

/**
 * Issue 14: the reports the server built on schedule. Each entry opens with its summary and
 * downloads the server's CSV; both are kept on the device once seen online, so they open
 * offline.
 */
export function ReportArchiveCard() {
  const archive = useReportArchive();
  const zone = useCommunity().timeZone;
  const [chosen, setChosen] = useState<ReportArchiveEntry | null>(null);
  // A report-ready notification opens /reports?archive=<id>: that entry, once the list is here.
  const [params, setParams] = useSearchParams();
  const linked = params.get('archive');
  const open =
    chosen ?? archive.data?.find((entry) => linked !== null && String(entry.id) === linked) ?? null;
  const setOpen = (entry: ReportArchiveEntry | null) => {
    setChosen(entry);
    if (entry === null && linked !== null) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('archive');
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <>
      <QueryCard
        title="Report archive"
        description={`Reports the server built on schedule, newest first. Days in ${timeZoneLabel(zone)}.`}
        query={archive}
        label="the report archive"
        skeleton={<ListSkeleton rows={2} />}
        isEmpty={(list: ReportArchiveEntry[]) => list.length === 0}
        empty={
          <EmptyNote title="No archived reports yet">
            A scheduled report appears here once the server has built it.
          </EmptyNote>
        }
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {[...list]
              .sort((a, b) => Date.parse(b.builtAt) - Date.parse(a.builtAt))
              .map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="min-w-0 flex-1 basis-48">
                    <h3 className="font-medium">{entry.title}</h3>
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      {formatCalendarDate(entry.periodFrom)} to {formatCalendarDate(entry.periodTo)}{' '}
                      · {formatCountOf(entry.summary.totalVisits, 'visit')}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Open: ${entry.title}`}
                    onClick={() => setOpen(entry)}
                  >
                    Open
                  </Button>
                  <CsvButton entry={entry} />
                </li>
              ))}
          </ul>
        )}
      </QueryCard>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title ?? 'Archived report'}
        description={
          open
            ? `${formatCalendarDate(open.periodFrom)} to ${formatCalendarDate(open.periodTo)}, days in ${timeZoneLabel(zone)}`
            : undefined
        }
      >
        {open ? <ArchivedReport entry={open} onClose={() => setOpen(null)} /> : null}
      </Dialog>
    </>
  );
}

function ArchivedReport({ entry, onClose }: { entry: ReportArchiveEntry; onClose: () => void }) {
  const zone = useCommunity().timeZone;
  const { summary } = entry;
  const periodEnd = periodInstants(entry.periodFrom, entry.periodTo, zone).to;
  const rows: [string, string][] = [
    ['Total visits', formatCount(summary.totalVisits)],
    [
      'Daily average',
      // Null: no amenity had a day of data in the period (not 0).
      summary.dailyAverage === null
        ? '— (no amenity had a day of data in this period)'
        : formatCount(Math.round(summary.dailyAverage)),
    ],
    [
      'Coverage',
      summary.coverage
        ? summary.coverage.text
        : summary.coveredDays !== undefined && summary.coveredDays < summary.periodDays
          ? `${summary.coveredDays} of ${summary.periodDays} days had recorded visits`
          : `All ${summary.periodDays} days`,
    ],
    [
      'Busiest day',
      summary.busiestDay
        ? `${formatCalendarDate(summary.busiestDay.date)} (${formatCountOf(summary.busiestDay.visits, 'visit')})`
        : 'None',
    ],
    ['Built', formatDateTime(Date.parse(entry.builtAt), zone)],
  ];
  return (
    <div className="grid gap-4">
      <DetailList rows={rows} />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Visits per amenity</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 font-medium">
              Amenity
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">
              Visits
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.perAmenity.map((amenity) => (
            <tr key={amenity.id} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1 font-normal">
                {amenity.name}
                {amenity.addedAt === undefined
                  ? null
                  : ` (${addedNote(Date.parse(amenity.addedAt), periodEnd, zone)})`}
              </th>
              <td className="py-1 pl-3 text-right tabular-nums">{formatCount(amenity.visits)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{amenity.share.toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap justify-end gap-2">
        <CsvButton entry={entry} />
        <ReadingsButton entry={entry} />
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

/** Downloads the server's CSV: from the device's copy when it has one, else from the server. */
function CsvButton({ entry }: { entry: ReportArchiveEntry }) {
  const client = useQueryClient();
  return (
    <ArchiveDownload
      label="CSV"
      name={`Download CSV: ${entry.title}`}
      download={async () => {
        try {
          const csv = await client.ensureQueryData(archivedReportCsvQuery(entry.id));
          downloadCsv(`${entry.kind}-${entry.periodFrom}-to-${entry.periodTo}.csv`, csv);
          return null;
        } catch {
          return 'Not saved on this device yet: download it once online.';
        }
      }}
    />
  );
}

/**
 * The readings of the report's period, from the server, to check its figures by hand. They are
 * the readings as stored now: any that arrived after the report was built are in them too.
 */
function ReadingsButton({ entry }: { entry: ReportArchiveEntry }) {
  return (
    <ArchiveDownload
      label="Readings"
      name={`Download readings: ${entry.title}`}
      download={async (onProgress) => {
        const file = await downloadReadingsFile({
          from: entry.periodFrom,
          to: entry.periodTo,
          onProgress,
        });
        return file.ok ? null : file.error;
      }}
    />
  );
}

/**
 * A download of the archive's dialog: busy (focus kept) while it works, with how much has
 * arrived when it takes long, and why it failed said under it (`download` resolves to that
 * reason, or null once the file is saved).
 */
function ArchiveDownload({
  label,
  name,
  download,
}: {
  label: string;
  name: string;
  download: (onProgress: (receivedBytes: number) => void) => Promise<string | null>;
}) {
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    setReceived(0);
    try {
      setError(await download(setReceived));
    } finally {
      setReceived(null);
    }
  };
  return (
    <span className="grid gap-1">
      <Button
        variant="secondary"
        size="sm"
        aria-label={name}
        busy={received !== null}
        onClick={() => void run()}
      >
        <PageIcon name="download" className="h-4 w-4" />
        {label}
        <ReceivedSize bytes={received} />
      </Button>
      {error ? (
        <span role="alert" className="max-w-xs text-xs text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </span>
  );
}
