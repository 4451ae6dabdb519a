import { useState } from 'react';
import type { DayRange, UsagePeriod } from '../api/contract';
import { monthlyDays } from '../lib/usage-period';
import { useUsageGapsAhead } from '../api/gaps';
import { useUsageTimeline } from '../api/timeline';
import { UsageChartCard } from './usage-chart-card';

/**
 * The usage chart the Dashboard and Analytics pages share, subscribed to its own query: when its
 * endpoint answers, only its card renders again, not the page. Live Amenity Status, on the
 * dashboard's first screen and below Analytics', is in live-status-card.tsx; the cards below the
 * dashboard's first screen are in breakdown-widgets.tsx, so the dashboard can load them as the
 * reader scrolls near.
 */

/** Amenity Usage Over Time; its Daily / Weekly / Monthly choice is its own (Daily first). */
export function UsageOverTime(props: { days: DayRange; timeZone: string; dark: boolean }) {
  const [period, setPeriod] = useState<UsagePeriod>('day');
  // Monthly never shows less than a month (a 7-day range would make it a second Weekly).
  const days = period === 'month' ? monthlyDays(props.days) : props.days;
  // The last 24 hours start yesterday; a week is 7 local days; a month its `days`.
  const coverageDays = period === 'day' ? 2 : period === 'week' ? 7 : days;
  useUsageGapsAhead(coverageDays);
  return (
    <UsageChartCard
      query={useUsageTimeline(period, days)}
      period={period}
      onPeriodChange={setPeriod}
      coverageDays={coverageDays}
      {...props}
    />
  );
}
