import { useState } from 'react';
import type { DayRange, UsagePeriod } from '../api/contract';
import { monthlyDays } from '../lib/usage-period';
import { useAmenityAnalytics } from '../api/amenity-analytics';
import { useUsageGapsAhead } from '../api/gaps';
import { useUsageTimeline } from '../api/timeline';
import { LiveStatusCard } from './live-status-card';
import { UsageChartCard } from './usage-chart-card';

/**
 * The analytics cards the Dashboard and Analytics pages share, each subscribed to its own query:
 * when one endpoint answers (every 30 s), only its card renders again, not the page. These two
 * are on the dashboard's first screen; the cards below it are in breakdown-widgets.tsx, so the
 * dashboard can load them as the reader scrolls near.
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

export function LiveAmenityStatus({
  timeZone,
  highlightId,
}: {
  timeZone: string;
  highlightId?: string;
}) {
  return (
    <LiveStatusCard query={useAmenityAnalytics()} timeZone={timeZone} highlightId={highlightId} />
  );
}
