import type { EventAnalysis } from '../../src/api/contract';
import type { EndpointContext } from '../endpoints/context';
import { monthName, shortMonthName } from '../../src/lib/months';
import { localParts, monthStart, weekdayOf } from '../time';
import { mean } from './stats';
import { seasonOf } from './templates';

export type HeldEvent = {
  heldOn: string;
  category: string;
  amenity: string;
  attendance: number;
  planned: number;
};

/** Months of history the analysis covers, the current month included. */
export const ANALYSIS_MONTHS = 12;

const round1 = (value: number) => Math.round(value * 10) / 10;
/** Percent of plan reached, to one decimal like the other means (the CSV prints one). */
const successOf = (events: readonly HeldEvent[]) =>
  round1(mean(events.map((e) => Math.min(1, e.attendance / e.planned))) * 100);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The event analysis, from events held in the last 12 months:
 * - monthlyTrends: per month (oldest first), events held and their mean attendance;
 * - popularCategories: per category, events held and the mean share of planned attendance
 *   reached (capped at 100 %), most held first;
 * - bestPerformingAmenities: per amenity, events held and mean attendance, best attended first;
 * - seasonalInsights: sentences comparing seasons, months, categories and weekends.
 */
export function analyseEvents(
  events: readonly HeldEvent[],
  months: readonly { year: number; month: number }[],
): EventAnalysis {
  const byMonth = groupBy(events, (e) => e.heldOn.slice(0, 7));
  const monthlyTrends = months.map(({ year, month }) => {
    const held = byMonth.get(monthStart(year, month).slice(0, 7)) ?? [];
    return {
      month: shortMonthName(month),
      events: held.length,
      avgAttendance: round1(mean(held.map((e) => e.attendance))),
    };
  });

  const popularCategories = [...groupBy(events, (e) => e.category)]
    .map(([category, held]) => ({ category, count: held.length, avgSuccess: successOf(held) }))
    .sort((a, b) => b.count - a.count || b.avgSuccess - a.avgSuccess);

  const bestPerformingAmenities = [...groupBy(events, (e) => e.amenity)]
    .map(([amenity, held]) => ({
      amenity,
      eventCount: held.length,
      avgAttendance: round1(mean(held.map((e) => e.attendance))),
    }))
    .sort((a, b) => b.avgAttendance - a.avgAttendance || b.eventCount - a.eventCount);

  return {
    monthlyTrends,
    popularCategories,
    bestPerformingAmenities,
    seasonalInsights: insights(events),
  };
}

function insights(events: readonly HeldEvent[]): string[] {
  if (events.length === 0) return [];
  const lines: string[] = [];
  const attendance = (held: readonly HeldEvent[]) =>
    Math.round(mean(held.map((e) => e.attendance)));

  // The share from the exact means, not the rounded ones shown beside it (74 vs 40 is 85%, but
  // 73.88 vs 40.19, what the events say, is 84%).
  const seasons = [...groupBy(events, (e) => seasonOf(Number(e.heldOn.slice(5, 7))).name)]
    .map(([name, held]) => ({ name, mean: mean(held.map((e) => e.attendance)) }))
    .sort((a, b) => b.mean - a.mean);
  const best = seasons[0];
  const worst = seasons[seasons.length - 1];
  if (best && worst && seasons.length > 1 && worst.mean > 0) {
    const more = Math.round(((best.mean - worst.mean) / worst.mean) * 100);
    lines.push(
      `${capitalize(best.name)} events drew ${more}% more people than ${worst.name} events (${Math.round(best.mean)} vs ${Math.round(worst.mean)} on average).`,
    );
  }

  const busiest = [...groupBy(events, (e) => e.heldOn.slice(0, 7))]
    .map(([key, held]) => ({ month: Number(key.slice(5, 7)), held }))
    .sort((a, b) => b.held.length - a.held.length || attendance(b.held) - attendance(a.held))[0];
  if (busiest) {
    lines.push(
      `${monthName(busiest.month)} was the busiest month: ${busiest.held.length} events averaging ${attendance(busiest.held)} people.`,
    );
  }

  const closest = [...groupBy(events, (e) => e.category)]
    .map(([category, held]) => ({ category, success: successOf(held), count: held.length }))
    .sort((a, b) => b.success - a.success || b.count - a.count)[0];
  if (closest) {
    lines.push(
      `${capitalize(closest.category)} events came closest to plan: ${Math.round(closest.success)}% of planned attendance on average.`,
    );
  }

  const weekend = events.filter((e) => [0, 6].includes(weekdayOf(e.heldOn)));
  const weekday = events.filter((e) => ![0, 6].includes(weekdayOf(e.heldOn)));
  if (weekend.length > 0 && weekday.length > 0) {
    lines.push(
      `Weekend events averaged ${attendance(weekend)} people, against ${attendance(weekday)} on weekdays.`,
    );
  }
  return lines;
}

/** GET /api/amy/analysis: the events held in the last 12 months (see analyseEvents). */
export async function amyAnalysis({ db, community, now }: EndpointContext): Promise<EventAnalysis> {
  const local = localParts(now, community.timeZone);
  const months = Array.from({ length: ANALYSIS_MONTHS }, (_, i) => {
    const index = local.year * 12 + (local.month - 1) - (ANALYSIS_MONTHS - 1) + i;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
  const first = months[0] ?? { year: local.year, month: local.month };
  const rows = await db.query<{
    held_on: string;
    category: string;
    amenity: string;
    attendance: number;
    planned: number;
  }>(
    `SELECT e.held_on::text AS held_on, e.category, a.name AS amenity, e.attendance,
            e.planned_attendance AS planned
       FROM events e JOIN amenities a ON a.id = e.amenity_id
      WHERE e.community_id = $1 AND e.held_on >= $2::date AND e.held_on <= $3::date
      ORDER BY e.held_on`,
    [community.id, monthStart(first.year, first.month), local.date],
  );
  return analyseEvents(
    rows.map((r) => ({
      heldOn: r.held_on,
      category: r.category,
      amenity: r.amenity,
      attendance: r.attendance,
      planned: r.planned,
    })),
    months,
  );
}
