import type { UsagePeriod } from '../../api/contract';

/** Spec section 2, Reports: the period selector (default month). */
export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 'month';

export type PeriodInfo = {
  label: string;
  /** Nominal length, used when the timeline is not available to count days. */
  days: number;
  /** The usage timeline request for the period (the API accepts days 1-366). */
  timeline: { period: UsagePeriod; days?: number };
  /** Amy's monthly trends to include, newest last. */
  trendMonths: number;
};

export const PERIODS: Record<ReportPeriod, PeriodInfo> = {
  week: { label: 'Last Week', days: 7, timeline: { period: 'week' }, trendMonths: 1 },
  month: {
    label: 'Last Month',
    days: 30,
    timeline: { period: 'month', days: 30 },
    trendMonths: 1,
  },
  quarter: {
    label: 'Last Quarter',
    days: 90,
    timeline: { period: 'month', days: 90 },
    trendMonths: 3,
  },
  year: {
    label: 'Last Year',
    days: 366,
    timeline: { period: 'month', days: 366 },
    trendMonths: 12,
  },
};
