import type { UsagePeriod } from '../../api/contract';

/** Spec section 2, Reports: the period selector (default month). */
export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'month';

export type PeriodInfo = { label: string };

export const PERIODS: Record<ReportPeriod, PeriodInfo> = {
  week: { label: 'Last Week' },
  month: { label: 'Last Month' },
  quarter: { label: 'Last Quarter' },
  year: { label: 'Last Year' },
};

/**
 * The usage timeline (and sensor gaps) every report is cut from: daily points back far enough
 * for the longest period whatever today is (the previous 12 months, up to 366 days, plus the
 * current month up to today, up to 31). One request and one saved copy serve every period and
 * still serve the next days offline; each report cuts its calendar period out of it
 * (calendar.ts), and the coverage of any period inside it comes from the same gaps.
 */
export const REPORT_TIMELINE: { period: UsagePeriod; days: number } = {
  period: 'month',
  days: 397,
};
