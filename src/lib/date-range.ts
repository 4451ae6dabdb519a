/** The dashboard's Date Range choices (spec section 9: 7, 30, 90 days; default 30). */
export const DATE_RANGE_LABELS: Record<number, string> = {
  7: 'Last 7 Days',
  30: 'Last 30 Days',
  90: 'Last 3 Months',
};

/**
 * "last 30 days", "last 90 days", for card descriptions: the exact span, since "Last 3 Months"
 * (the spec's label for the choice) is 90 days, not three calendar months.
 */
export function describeRange(days: number): string {
  return days === 1 ? 'last day' : `last ${days} days`;
}
