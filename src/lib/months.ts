/** Month names, January first (index = month number - 1). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "January" for 1 … "December" for 12; the number itself outside 1-12. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month);
}

/** "Jan" for 1 … "Dec" for 12. */
export function shortMonthName(month: number): string {
  return monthName(month).slice(0, 3);
}
