import { describe, expect, it } from 'vitest';
import { formatPlanPrice, maskedCard } from '../../src/lib/plan';

describe('billing display', () => {
  it('shows only the last four digits of the card', () => {
    expect(maskedCard('4242')).toBe('•••• •••• •••• 4242');
  });

  it('shows a whole price without cents, and cents when there are some', () => {
    expect(formatPlanPrice(299, 'USD')).toBe('$299');
    expect(formatPlanPrice(299.5, 'USD')).toBe('$299.50');
    expect(formatPlanPrice(1299, 'EUR')).toBe('€1,299');
  });
});
