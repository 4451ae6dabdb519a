/**
 * What each period of the usage chart covers. Apart from src/lib/usage-chart.ts so the card's
 * frame and the dashboard's first load need none of the chart's data shaping.
 */

import type { UsagePeriod } from '../api/contract';

/** The Monthly view covers at least this many days, whatever the Date Range. */
export const MONTHLY_MIN_DAYS = 30;

/** The days the Monthly view covers: the Date Range, but never less than a month. */
export function monthlyDays(days: number): number {
  return Math.max(days, MONTHLY_MIN_DAYS);
}

/** What each period shows (src/api/timeline.ts): hourly today, daily for 7 days or the range. */
export function describeUsagePeriod(period: UsagePeriod, days: number): string {
  if (period === 'day') return 'Visitors per hour, last 24 hours';
  if (period === 'week') return 'Visitors per day, last 7 days';
  return `Visitors per day, last ${monthlyDays(days)} days`;
}
