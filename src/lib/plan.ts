import { numberFormat } from './intl-formats';

/**
 * Billing display rules (Settings → Billing). The plan itself comes from the server
 * (GET /api/billing); nothing here is a billing fact.
 */

/** "•••• •••• •••• 4242": only the last four digits are ever shown. */
export function maskedCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

/** A plan's monthly price: "$299", or "$299.50" when it has cents. */
export function formatPlanPrice(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  return numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}
