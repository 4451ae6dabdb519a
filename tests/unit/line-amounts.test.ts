import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  lineAmountCents,
  roundQuantity,
  totalCents,
} from '../../src/lib/line-amounts';

describe('line amounts', () => {
  it('rounds a quantity to four decimals, as it is shown', () => {
    expect(roundQuantity(7 / 30)).toBe(0.2333);
    expect(roundQuantity(0.99995)).toBe(1);
    expect(roundQuantity(1)).toBe(1);
    expect(formatQuantity(7 / 30)).toBe('0.2333');
    expect(formatQuantity(1)).toBe('1.0000');
    expect(formatQuantity(12)).toBe('12.0000');
  });

  it('gives rate × quantity as shown, rounded to the cent, as a reader computes it', () => {
    // 4,200.00 × 0.2333 = 979.86 (not 4,200 × 7/30 = 980.00: the quantity shown is the one used).
    expect(lineAmountCents(4200, 7 / 30)).toBe(97986);
    expect(lineAmountCents(6800, 0.2333)).toBe(158644);
    // Half a cent rounds up, exactly: 1.00 × 1.0050 = 1.005 is $1.01 (floating point reads
    // 1.005 × 100 as 100.4999…, $1.00); 0.10 × 0.0005 = 0.00005 is $0.00.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(lineAmountCents(1, 1.005)).toBe(101);
    expect(lineAmountCents(1, 0.005)).toBe(1);
    expect(lineAmountCents(0.1, 0.0005)).toBe(0);
    expect(lineAmountCents(0, 0.9677)).toBe(0);
    // The largest amount the amenity form accepts, over a year: still exact.
    expect(lineAmountCents(10_000_000, 12)).toBe(12_000_000_000);
    expect(lineAmountCents(9_999_999.99, 11.9999)).toBe(11_999_899_988);
  });

  it('totals the lines shown, so they add up to it', () => {
    // Each of three lines of 1/3 of $10 is $3.33; the total shown is $9.99, their sum.
    const lines = [1, 1, 1].map(() => lineAmountCents(10, 1 / 3));
    expect(lines).toEqual([333, 333, 333]);
    expect(totalCents(lines)).toBe(999);
    expect(totalCents([])).toBe(0);
  });
});
