import { preloadable } from '../../ui/preloadable';
import { eventsReport } from './kinds/events';
import { financialReport } from './kinds/financial';
import { maintenanceReport } from './kinds/maintenance';
import { usageReport } from './kinds/usage';
import { SOURCE_LABELS, type ReportDefinition, type SourceName } from './report-kind';

/**
 * Every report, in the order the page lists them. Adding a report = one module in `kinds/` and
 * one line here (docs/architecture.md, "Add a report"; tests/ui/report-registry.test.tsx walks
 * this list).
 */
export const REPORTS = [usageReport, financialReport, eventsReport, maintenanceReport] as const;

export type ReportKind = (typeof REPORTS)[number]['kind'];
/** `full` is what Generate Report builds: every ready report of the period in one document. */
export type PreviewKind = ReportKind | 'full';

/** The parts of the full report, in the catalog's order. */
export const REPORT_PARTS = REPORTS.filter(
  (report) => report.status === 'ready' && report.partTitle,
);

/** The Community Report of Generate Report: the ready reports as its parts. */
export const FULL_REPORT: ReportDefinition<'full'> = {
  kind: 'full',
  title: 'Community Report',
  description: 'Every ready report of the period in one document.',
  sources: (Object.keys(SOURCE_LABELS) as SourceName[]).filter((name) =>
    REPORT_PARTS.some((report) => report.sources.includes(name)),
  ),
  Body: preloadable(
    () => import('./full-report'),
    (module) => module.default,
  ),
  status: 'ready',
  downloadLabel: 'PDF',
  download: { type: 'print' },
};

export function findReport(kind: string | null): ReportDefinition<PreviewKind> | null {
  if (kind === FULL_REPORT.kind) return FULL_REPORT;
  return REPORTS.find((report) => report.kind === kind) ?? null;
}
