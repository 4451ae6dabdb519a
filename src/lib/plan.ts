/**
 * The community's plan as the Billing settings show it (spec section 9: "a static plan at 299 per
 * month", the Starter plan). Static sample data until the server sends billing details.
 */
export const CURRENT_PLAN = {
  name: 'Starter',
  monthlyPrice: 299,
  amenityLimit: 5,
  cardBrand: 'Visa',
  cardLast4: '4242',
} as const;

/** The next billing date: the first day of the next calendar month after `now`, as yyyy-mm-dd. */
export function nextBillingDate(now: number | Date): string {
  const date = new Date(now);
  const year = date.getMonth() === 11 ? date.getFullYear() + 1 : date.getFullYear();
  const month = (date.getMonth() + 1) % 12;
  return `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** "•••• •••• •••• 4242": only the last four digits are ever shown. */
export function maskedCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}
