import type { EventAnalysis } from '../../api/contract';
import { formatCount, titleCase } from '../../lib/format';
import type { PageIconName } from '../../ui/page-icons';

export type SuccessMetric = { label: string; value: string; icon: PageIconName };

/**
 * The Success Metrics tiles, computed from Amy's event analysis (the events held in the last 12
 * months) instead of fixed figures:
 * - Events held: the events of every category;
 * - Attendance vs plan: the mean share of planned attendance reached, weighted by events;
 * - Average attendance: people per event, weighted by the events of each month;
 * - Most events: the category with the most events, and how many (named for its measure: the
 *   category that does best by attendance, which the trends card names, may be another).
 * Null when no event was held, so the card says so instead of showing zeros.
 */
export function successMetrics(analysis: EventAnalysis): SuccessMetric[] | null {
  const events = analysis.popularCategories.reduce((sum, category) => sum + category.count, 0);
  if (events === 0) return null;
  const reached =
    analysis.popularCategories.reduce(
      (sum, category) => sum + category.avgSuccess * category.count,
      0,
    ) / events;
  const monthEvents = analysis.monthlyTrends.reduce((sum, month) => sum + month.events, 0);
  const attendance =
    monthEvents === 0
      ? null
      : analysis.monthlyTrends.reduce((sum, month) => sum + month.avgAttendance * month.events, 0) /
        monthEvents;
  const top = [...analysis.popularCategories].sort((a, b) => b.count - a.count)[0];
  return [
    { label: 'Events held', value: formatCount(events), icon: 'calendar' },
    { label: 'Attendance vs plan', value: `${Math.round(reached)}%`, icon: 'target' },
    {
      label: 'Average attendance',
      value: attendance === null ? '—' : formatCount(Math.round(attendance)),
      icon: 'users',
    },
    {
      label: 'Most events',
      value: top ? `${titleCase(top.category)} (${formatCount(top.count)})` : '—',
      icon: 'trending',
    },
  ];
}
