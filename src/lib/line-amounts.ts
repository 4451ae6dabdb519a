import { numberFormat } from './intl-formats';

/**
 * Amounts a reader can check by hand, as on an invoice or a ledger: each line is its rate × its
 * quantity *as shown*, rounded to the cent, and a total is the sum of its lines' rounded amounts.
 * So multiplying the two figures of a line gives the amount shown, and adding the amounts shown
 * gives the total shown, both to the cent.
 *
 * Why cents rather than whole dollars with largest-remainder rounding: a board treasurer checks
 * operating costs against the association's books, which are kept in cents. Largest remainder
 * would make the rows foot to the total, but only by nudging some rows a dollar away from their
 * own rate × quantity, so the line check would fail where the footing check passes. Lines in
 * cents with the total as their sum pass both, with no adjustment.
 */

/** Decimals a quantity (months covered) is shown and computed with. */
export const QUANTITY_DECIMALS = 4;

/** A quantity rounded to `decimals` places (half away from zero): the value that is shown. */
export function roundQuantity(quantity: number, decimals = QUANTITY_DECIMALS): number {
  const scale = 10 ** decimals;
  return (Math.sign(quantity) * Math.round(Math.abs(quantity) * scale)) / scale;
}

/**
 * A line's amount in whole cents: the rate (to the cent) × the quantity (to `decimals` places),
 * rounded half up to the cent. In integers, so a half cent is recognised exactly: 4,200.00 ×
 * 0.2333 = 979.86; 0.10 × 0.0005 = 0.00005, which rounds to 0.00.
 */
export function lineAmountCents(
  rate: number,
  quantity: number,
  decimals = QUANTITY_DECIMALS,
): number {
  const scale = 10 ** decimals;
  const rateCents = Math.round(rate * 100);
  const units = Math.round(roundQuantity(quantity, decimals) * scale);
  // Below 2^53 for any rate the amenity form accepts (10,000,000.00) and up to 12 months.
  const product = rateCents * units;
  const magnitude = Math.floor((Math.abs(product) + scale / 2) / scale);
  return product < 0 ? -magnitude : magnitude;
}

/** The total of lines given in cents: their sum, so the lines shown add up to it. */
export function totalCents(lines: readonly number[]): number {
  return lines.reduce((sum, cents) => sum + cents, 0);
}

/** A quantity with exactly `decimals` places ("0.2333", "1.0000"), as it is computed with. */
export function formatQuantity(quantity: number, decimals = QUANTITY_DECIMALS): string {
  return numberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(roundQuantity(quantity, decimals));
}
