import type { AmenityType } from '../api/contract';
import { numberFormat } from './intl-formats';

/**
 * What one visit is worth, per amenity type, in the community's currency (no exchange rate): a
 * day-pass or rental equivalent the association would otherwise pay for. The dashboard's Revenue
 * Impact (the monthly amenity value) is the last 30 days' visits times this; the server computes
 * it, and the app prints the same rates so the figure can be recomputed by hand.
 */
export const VISIT_VALUE: Record<AmenityType, number> = {
  lawn: 1,
  hall: 3,
  yard: 1.5,
  lake: 1.25,
  heritage: 0.5,
  street: 0.5,
  playground: 1,
};

/** "lawn $1.00, hall $3.00, …": the rates as a reader checks them. */
export function visitValueRates(currency: string): string {
  const money = numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  });
  return Object.entries(VISIT_VALUE)
    .map(([type, value]) => `${type} ${money.format(value)}`)
    .join(', ');
}
