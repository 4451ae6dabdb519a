import { describe, expect, it } from 'vitest';
import {
  budgetFromSuggestion,
  calculateBudget,
  EMPTY_BUDGET_INPUT,
  type BudgetInput,
} from '../../src/features/amy/budget';

const input = (overrides: Partial<BudgetInput>): BudgetInput => ({
  ...EMPTY_BUDGET_INPUT,
  ...overrides,
});

describe('calculateBudget', () => {
  it('adds per-person and fixed costs, then the contingency', () => {
    const outcome = calculateBudget(
      input({
        attendees: '120',
        perPerson: '7.5',
        venue: '300',
        entertainment: '450',
        supplies: '100',
        marketing: '50',
        contingencyPercent: '10',
      }),
    );
    expect(outcome).toEqual({
      ok: true,
      result: {
        attendees: 120,
        perPersonTotal: 900,
        fixedTotal: 900,
        subtotal: 1800,
        contingency: 180,
        total: 1980,
        costPerAttendee: 16.5,
      },
    });
  });

  it('counts empty fields as zero and accepts thousands separators', () => {
    const outcome = calculateBudget(
      input({
        attendees: '',
        perPerson: '',
        venue: '1,200',
        entertainment: ' ',
        supplies: '',
        marketing: '',
        contingencyPercent: '',
      }),
    );
    expect(outcome.ok && outcome.result.total).toBe(1200);
    // Nobody expected: no cost per attendee rather than a division by zero.
    expect(outcome.ok && outcome.result.costPerAttendee).toBeNull();
  });

  it('rounds to cents', () => {
    const outcome = calculateBudget(
      input({
        attendees: '3',
        perPerson: '0',
        venue: '10',
        entertainment: '0',
        supplies: '0',
        marketing: '0',
        contingencyPercent: '0',
      }),
    );
    expect(outcome.ok && outcome.result.costPerAttendee).toBe(3.33);
  });

  it('explains every field it cannot use', () => {
    const outcome = calculateBudget(
      input({ attendees: '12.5', perPerson: '-3', venue: 'abc', contingencyPercent: '150' }),
    );
    expect(outcome).toEqual({
      ok: false,
      errors: {
        attendees: 'Enter a whole number.',
        perPerson: 'Enter a number of 0 or more (digits, a point for decimals: 12.50).',
        venue: 'Enter a number of 0 or more (digits, a point for decimals: 12.50).',
        contingencyPercent: 'Enter 100 or less.',
      },
    });
  });
});

describe('budgetFromSuggestion', () => {
  it("reaches Amy's own estimate for the same inputs", () => {
    const outcome = calculateBudget(
      budgetFromSuggestion({ expectedAttendance: 145, estimatedCost: 1850 }),
    );
    expect(outcome.ok && outcome.result.total).toBe(1850);
    expect(outcome.ok && outcome.result.attendees).toBe(145);
  });
});
