import { useUsageGaps } from '../api/gaps';
import { summarizeCoverage, type CoverageSummary } from '../lib/coverage';
import { cx } from '../lib/cx';

const LINE = 'text-xs text-slate-600 sm:text-sm dark:text-slate-400';

/** A period of a card: [from, now), or the whole gaps window without `from`. */
export type CoveragePeriod = { label?: string; from?: number };

/** A period with its coverage, as the line under a card says it. */
export type PeriodCoverage = { label?: string; summary: CoverageSummary };

/**
 * Each period's coverage, from GET /api/usage/gaps through lib/coverage.ts (the same definition
 * as the reports); undefined while the gaps are on the way. `days` is the gaps window that
 * reaches back to the earliest `from`. For a component that also needs the summaries themselves
 * (the dashboard's cards read "—" for a silent period), so they are computed once for both.
 */
export function usePeriodsCoverage(
  days: number,
  periods: readonly CoveragePeriod[],
  timeZone: string,
): PeriodCoverage[] | undefined {
  const data = useUsageGaps(days).data;
  if (!data) return undefined;
  const to = Date.parse(data.to);
  return periods.map(({ label, from }) => ({
    label,
    summary: summarizeCoverage(data, { from: from ?? Date.parse(data.from), to }, timeZone, {
      maxListed: 1,
    }),
  }));
}

/**
 * How much of a card's period the sensors cover, said once under it ("Data for 6 d 21 h of
 * 7 d; Grand Lake sensor silent …"). Nothing is shown until the gaps arrive (the figures do not
 * wait), but the line's place is kept meanwhile, so what is below does not jump when it arrives.
 */
export function CoverageLine({
  days,
  periods,
  timeZone,
}: {
  days: number;
  periods: readonly CoveragePeriod[];
  timeZone: string;
}) {
  const covered = usePeriodsCoverage(days, periods, timeZone);
  return <CoverageText covered={covered} periods={periods.length} />;
}

/** The line itself, from summaries already computed (usePeriodsCoverage); its place without. */
export function CoverageText({
  covered,
  periods,
}: {
  covered: readonly PeriodCoverage[] | undefined;
  periods: number;
}) {
  if (!covered) return <CoverageLinePlace periods={periods} />;
  const parts = covered.map(({ label, summary: { text } }) =>
    label ? `${label}: ${text.charAt(0).toLowerCase()}${text.slice(1)}.` : `${text}.`,
  );
  return (
    <p data-testid="coverage" className={LINE}>
      {parts.join(' ')}
    </p>
  );
}

/**
 * The line's place while its gaps (or the card's data) are on the way: as tall as its text (a
 * line per period on a phone, where they wrap, one line on wider screens).
 */
export function CoverageLinePlace({ periods }: { periods: number }) {
  return (
    <p
      aria-hidden="true"
      className={cx(LINE, periods > 1 ? 'min-h-8 sm:min-h-5' : 'min-h-4 sm:min-h-5')}
    />
  );
}
