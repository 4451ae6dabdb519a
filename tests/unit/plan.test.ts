import { describe, expect, it } from 'vitest';
import { CURRENT_PLAN, maskedCard, nextBillingDate } from '../../src/lib/plan';

describe('billing sample', () => {
  it('is the Starter plan at 299 a month (spec section 9)', () => {
    expect(CURRENT_PLAN).toMatchObject({ name: 'Starter', monthlyPrice: 299 });
  });

  it('bills on the first day of the next month, across the year end', () => {
    expect(nextBillingDate(new Date(2026, 10, 22))).toBe('2026-12-01');
    expect(nextBillingDate(new Date(2026, 11, 31))).toBe('2027-01-01');
    expect(nextBillingDate(new Date(2027, 0, 1))).toBe('2027-02-01');
  });

  it('shows only the last four digits of the card', () => {
    expect(maskedCard('4242')).toBe('•••• •••• •••• 4242');
  });
});
