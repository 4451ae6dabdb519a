import type { Preloadable } from '../../ui/preloadable';
import type { QueryClient } from '@tanstack/react-query';
import { PERIODS, type ReportPeriod } from './periods';
import type { ReportData } from './report-data';

/**
 * What one report is: everything the catalog, the preview and the page need to know about it.
 * Each report is one module in `kinds/`, listed once in `registry.ts`; its body is a module of its
 * own, loaded with the report document when a report is opened (docs/architecture.md, "Add a report").
 */

/** The data a report can be built from; each is one query of src/api. */
export type SourceName = 'metrics' | 'timeline' | 'amenities' | 'analysis' | 'gaps';

export const SOURCE_LABELS: Record<SourceName, (period: ReportPeriod) => string> = {
  metrics: () => 'Dashboard metrics (revenue impact)',
  timeline: (period) => `Usage timeline, ${PERIODS[period].label}`,
  amenities: () => 'Amenity analytics (peak hours, capacity, operating costs)',
  analysis: () => "Amy's event analysis",
  gaps: (period) => `Sensor gaps (coverage), ${PERIODS[period].label}`,
};

/** Heading level of a report's sections: 3 on its own, 4 inside the full report. */
export type Level = 3 | 4;

export type ReportContext = {
  data: ReportData;
  timeZone: string;
  currency: string;
  level: Level;
};

export type DownloadContext = { client: QueryClient; period: ReportPeriod; timeZone: string };

/** A download's outcome, worded for the toast that reports it. */
export type DownloadOutcome = { ok: true; description: string } | { ok: false; message: string };

/** An amenity a readings file can be of: its id (the API's `amenity`) and its name. */
export type ReadingsAmenity = { id: string; name: string };

/**
 * Saves the period's readings from the server, of every amenity (null) or of one; resolves once
 * the file is saved or the failure told, reporting how much has arrived meanwhile.
 */
export type ReadingsDownload = (
  amenity: ReadingsAmenity | null,
  onProgress: (receivedBytes: number) => void,
) => Promise<void>;

export type ReportDownload =
  /** A file made on the device (from the saved copy when offline). */
  | {
      type: 'csv';
      /** Toast title when the file cannot be made. */
      failureTitle: string;
      run: (context: DownloadContext) => Promise<DownloadOutcome>;
    }
  /** The print-ready report: the browser's print dialog saves it as PDF. */
  | { type: 'print' };

export type ReportDefinition<K extends string = string> = {
  kind: K;
  title: string;
  description: string;
  /** Its heading inside the full report (Generate Report); leave out to keep it out. */
  partTitle?: string;
  /** The data it reads, shown as its sources and used to tell snapshot from live. */
  sources: readonly SourceName[];
  /** Its preview, `kinds/<kind>-report.tsx`: loaded with the report document (`preloadable`). */
  Body: Preloadable<{ context: ReportContext }>;
  /** The label of its Download button ("CSV", "PDF"). */
  downloadLabel: string;
} & (
  | { status: 'ready'; download: ReportDownload }
  | {
      status: 'pending';
      download: null;
      /** Shown under the report: why its Download is disabled. */
      pendingReason: string;
    }
);

/** Keeps a report's `kind` literal, so the registry knows every kind by name. */
export function defineReport<K extends string>(report: ReportDefinition<K>): ReportDefinition<K> {
  return report;
}
