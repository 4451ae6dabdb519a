import type { AmenityType } from '../api/contract';
import { numberFormat } from './intl-formats';

/**
 * What one visit is worth by default, per amenity type, in the community's currency (no exchange
 * rate): a day-pass or rental equivalent the association would otherwise pay for. A community may
 * set an amenity's own value instead (its settings form). The dashboard's Revenue Impact (the
 * monthly amenity value) is the last 30 days' visits times each amenity's value; the server
 * computes it, and the app prints the same rates so the figure can be recomputed by hand.
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

/** What one visit to `amenity` is worth: its own value when one was set, else its type's. */
export const visitValueOf = (amenity: { type: AmenityType; visitValue?: number | null }): number =>
  amenity.visitValue ?? VISIT_VALUE[amenity.type];

/** A value per visit as money, to the cent ("$1.25"). */
export function formatVisitValue(value: number, currency: string): string {
  return numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).format(value);
}

/** "lawn $1.00, hall $3.00, …": the types' default rates as a reader checks them. */
export function visitValueRates(currency: string): string {
  return Object.entries(VISIT_VALUE)
    .map(([type, value]) => `${type} ${formatVisitValue(value, currency)}`)
    .join(', ');
}
