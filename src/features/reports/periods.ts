import type { UsagePeriod } from '../../api/contract';

/** Spec section 2, Reports: the period selector (default month). */
export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'month';

export type PeriodInfo = {
  label: string;
  /**
   * The usage timeline request: daily points back far enough for the period whatever today is
   * (the period's longest length plus the longest stretch of the current week, month, quarter
   * up to today). A fixed request keeps one saved copy per period, which still serves the next
   * days offline. The calendar period itself is cut out of it (calendar.ts).
   */
  timeline: { period: UsagePeriod; days: number };
};

export const PERIODS: Record<ReportPeriod, PeriodInfo> = {
  week: { label: 'Last Week', timeline: { period: 'month', days: 14 } },
  month: { label: 'Last Month', timeline: { period: 'month', days: 62 } },
  quarter: { label: 'Last Quarter', timeline: { period: 'month', days: 184 } },
  year: { label: 'Last Year', timeline: { period: 'month', days: 397 } },
};
