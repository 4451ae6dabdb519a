/** The dashboard's Date Range choices (spec section 9: 7, 30, 90 days; default 30). */
export const DATE_RANGE_LABELS: Record<number, string> = {
  7: 'Last 7 Days',
  30: 'Last 30 Days',
  90: 'Last 3 Months',
};

/** "last 30 days" / "last 3 months", for card descriptions. */
export function describeRange(days: number): string {
  return (DATE_RANGE_LABELS[days] ?? `Last ${days} Days`).toLowerCase();
}
