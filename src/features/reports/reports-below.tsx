import { useReportSchedules } from '../../api/alerts';
import { ReportArchiveCard, useReportArchiveKept } from './report-archive-card';
import { ScheduledReportsCard, useCanManageSchedules } from './scheduled-reports-card';

/**
 * The Reports page below its report list: one chunk, loaded once the page has painted
 * (reports-page.tsx), so the first screen needs none of its code.
 */
export function ReportsBelowTheFold() {
  return (
    <>
      <ScheduledReportsCard />
      <ReportArchiveCard />
    </>
  );
}

/**
 * Keeps the cards' queries fetched before the cards render, so the offline snapshot holds the
 * schedules and the archive (with its CSVs) whether or not the reader scrolled to them. Renders
 * nothing.
 */
export function ReportsBelowTheFoldData() {
  const canManage = useCanManageSchedules();
  useReportSchedules({ enabled: canManage });
  useReportArchiveKept();
  return null;
}
