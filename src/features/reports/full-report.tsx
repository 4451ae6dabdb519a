import { REPORT_PARTS } from './registry';
import type { ReportContext } from './report-kind';
import { Part } from './report-sections';

/** What Generate Report shows: the ready reports of the period as the parts of one document. */
export default function FullReport({ context }: { context: ReportContext }) {
  const inner = { ...context, level: 4 as const };
  return (
    <>
      {REPORT_PARTS.map(({ kind, partTitle, Body }) => (
        <Part key={kind} title={partTitle ?? kind}>
          <Body context={inner} />
        </Part>
      ))}
    </>
  );
}
