import type { AmenityAnalytics, PopularityEntry } from '../../api/contract';
import type { BadgeTone } from '../../ui/badge';
import type { PageIconName } from '../../ui/page-icons';
import { peakOf } from '../../lib/live-reading';
import { todayIn, zonedTimeToUtc } from '../../lib/zoned-time';
import { addDays } from '../../lib/calendar-date';

export type Insight = {
  title: string;
  description: string;
  impact: 'High Impact' | 'Success Story' | 'Action Required';
  tone: BadgeTone;
  icon: PageIconName;
};

/** A peak at or above this share of capacity is "near capacity". */
export const NEAR_CAPACITY_PERCENT = 90;
/** An open amenity with at most this share of visits is under-used. */
export const UNDER_USED_PERCENT = 5;

/** Recommendations wait for this much history: a few hours of a new community are no pattern. */
export const MIN_HISTORY_DAYS = 7;

/**
 * Whether the community's amenities have been counted for less than MIN_HISTORY_DAYS at `now`
 * (its first amenity added since). The demo's and older amenities carry no addition time: there
 * since the beginning.
 */
export function tooLittleHistory(amenities: readonly AmenityAnalytics[], now: number): boolean {
  const first = Math.min(...amenities.map(addedAt));
  return Number.isFinite(first) && now - first < MIN_HISTORY_DAYS * 86_400_000;
}

/** When an amenity was added; not said (there since the beginning) or unreadable: before any range. */
function addedAt(amenity: AmenityAnalytics): number {
  const at = amenity.addedAt === undefined ? NaN : Date.parse(amenity.addedAt);
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}

/**
 * The instant the popularity range of `days` starts, counted at `now`: local midnight `days`-1
 * days before today in `timeZone`, as GET /api/amenities/popularity counts it.
 */
export function rangeStart(days: number, now: number, timeZone: string): number {
  const first = addDays(todayIn(timeZone, now), -(days - 1));
  return zonedTimeToUtc(first, '00:00', timeZone).getTime();
}

/**
 * The dashboard's Recent Insights, from rules over the real figures (never fixed text): an
 * amenity whose peak in the last 30 days came near its capacity, the most visited amenity over
 * the chosen range, and an open amenity with few visits in it. Each insight names its figures
 * and their period, so a reader can check it against the other cards. A rule whose condition no
 * amenity meets gives no insight, and none is given about an amenity without history.
 *
 * `range` is the popularity range in words ("last 30 days"), `from` the instant it starts
 * (`rangeStart`): an amenity added after it was counted over less of the range than the others,
 * so its small share is no finding.
 */
export function deriveInsights(
  amenities: readonly AmenityAnalytics[],
  popularity: readonly PopularityEntry[],
  range: string,
  from: number,
): Insight[] {
  const insights: Insight[] = [];

  const crowded = amenities
    .filter((amenity) => amenity.capacity > 0 && peakOf(amenity) !== null)
    .map((amenity) => ({ amenity, percent: (amenity.peakUsage / amenity.capacity) * 100 }))
    .filter(({ percent }) => percent >= NEAR_CAPACITY_PERCENT)
    .sort((a, b) => b.percent - a.percent)[0];
  if (crowded) {
    const { amenity, percent } = crowded;
    insights.push({
      title: `${amenity.name} Event Optimization`,
      description: `Its busiest moment in the last 30 days was ${amenity.peakUsage} people of ${amenity.capacity} (${Math.round(percent)}% of capacity); it is busiest ${amenity.peakTime}. Moving one regular event out of that window would spread the crowd.`,
      impact: 'High Impact',
      tone: 'red',
      icon: 'target',
    });
  }

  const ranked = [...popularity].sort((a, b) => b.percentage - a.percentage);
  const top = ranked[0];
  if (top && top.percentage > 0) {
    insights.push({
      title: `${top.name} Popularity`,
      description: `${top.name} had ${top.percentage}% of all visits in the ${range}, the most of any amenity: a strong point for the next fee review.`,
      impact: 'Success Story',
      tone: 'green',
      icon: 'trending',
    });
  }

  // An amenity without history (never reported, or no peak in 30 days) has a 0% that is not a
  // count: no advice on it. Nor on one added during the range after the others: its share is
  // small because it is new (a community's first amenities, added together, are compared with
  // one another: from the earliest addition). A name shared with such an amenity is left out too
  // (the list joins by name only).
  const since = Math.max(from, Math.min(...amenities.map(addedAt)));
  const noHistory = new Set(
    amenities
      .filter(
        (amenity) =>
          peakOf(amenity) === null || amenity.lastReadingAt === null || addedAt(amenity) > since,
      )
      .map((amenity) => amenity.name),
  );
  const open = new Set(
    amenities
      .filter((amenity) => amenity.status !== 'closed' && !noHistory.has(amenity.name))
      .map((amenity) => amenity.name),
  );
  const quiet = ranked
    .filter((entry) => entry !== top && open.has(entry.name))
    .filter((entry) => entry.percentage <= UNDER_USED_PERCENT)
    .at(-1);
  if (quiet) {
    insights.push({
      title: quiet.name,
      description: `${quiet.name} had ${quiet.percentage}% of all visits in the ${range}, the fewest of the open amenities. Check its seating and shade, and consider a small event there.`,
      impact: 'Action Required',
      tone: 'amber',
      icon: 'alert',
    });
  }
  return insights;
}
