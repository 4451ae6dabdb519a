import { useUsageGaps } from '../api/gaps';
import { summarizeCoverage } from '../lib/coverage';
import { cx } from '../lib/cx';

const LINE = 'text-xs text-slate-600 sm:text-sm dark:text-slate-400';

/**
 * How much of a card's period the sensors cover, said once under it ("Data for 6 d 21 h of
 * 7 d; Grand Lake sensor silent …"), from GET /api/usage/gaps through lib/coverage.ts, the same
 * definition as the reports. Each period is [from, now); `days` is the gaps window that reaches
 * back to the earliest `from`. Nothing is shown until the gaps arrive (the figures do not wait),
 * but the line's place is kept meanwhile (a line per period on a phone, where they wrap, one line
 * on wider screens), so what is below does not jump when it arrives.
 */
export function CoverageLine({
  days,
  periods,
  timeZone,
}: {
  days: number;
  periods: readonly { label?: string; from?: number }[];
  timeZone: string;
}) {
  const gaps = useUsageGaps(days);
  if (!gaps.data) return <CoverageLinePlace periods={periods.length} />;
  const data = gaps.data;
  const to = Date.parse(data.to);
  const parts = periods.map(({ label, from }) => {
    const { text } = summarizeCoverage(
      data,
      { from: from ?? Date.parse(data.from), to },
      timeZone,
      {
        maxListed: 1,
      },
    );
    return label ? `${label}: ${text.charAt(0).toLowerCase()}${text.slice(1)}.` : `${text}.`;
  });
  return (
    <p data-testid="coverage" className={LINE}>
      {parts.join(' ')}
    </p>
  );
}

/** The line's place while its gaps (or the card's data) are on the way: as tall as its text. */
export function CoverageLinePlace({ periods }: { periods: number }) {
  return (
    <p
      aria-hidden="true"
      className={cx(LINE, periods > 1 ? 'min-h-8 sm:min-h-5' : 'min-h-4 sm:min-h-5')}
    />
  );
}
