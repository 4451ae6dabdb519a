import { parseTypedNumber } from '../../lib/typed-number';

/**
 * The Amy Events budget calculator: what an event costs from its attendance, per-person costs,
 * fixed costs and a contingency. Pure, so the dialog only reads and shows it.
 */

export const BUDGET_FIXED_ITEMS = [
  { key: 'resources', label: 'Resources Amy listed' },
  { key: 'venue', label: 'Venue set-up and rentals' },
  { key: 'entertainment', label: 'Entertainment and staff' },
  { key: 'supplies', label: 'Supplies and decorations' },
  { key: 'marketing', label: 'Marketing and printing' },
] as const;
export type BudgetFixedKey = (typeof BUDGET_FIXED_ITEMS)[number]['key'];

export type BudgetInput = {
  attendees: string;
  perPerson: string;
  contingencyPercent: string;
} & Record<BudgetFixedKey, string>;

export type BudgetField = keyof BudgetInput;

export type BudgetResult = {
  attendees: number;
  perPersonTotal: number;
  fixedTotal: number;
  subtotal: number;
  contingency: number;
  total: number;
  /** null when nobody is expected (no division by zero). */
  costPerAttendee: number | null;
};

/**
 * Empty: the calculator holds only the manager's own figures (or a suggestion's, picked), never
 * sample amounts whose total would read as an estimate nobody made.
 */
export const EMPTY_BUDGET_INPUT: BudgetInput = {
  attendees: '',
  perPerson: '',
  resources: '',
  venue: '',
  entertainment: '',
  supplies: '',
  marketing: '',
  contingencyPercent: '',
};

const MAX_AMOUNT = 10_000_000;

/**
 * The calculator started from one of Amy's suggestions: its expected attendance and Amy's own
 * cost estimate for the resources it lists, nothing else, so the total is Amy's estimate to the
 * dollar; the manager then adds what Amy does not know (food, contingency...).
 */
export function budgetFromSuggestion(suggestion: {
  expectedAttendance: number;
  estimatedCost: number;
}): BudgetInput {
  return {
    attendees: String(suggestion.expectedAttendance),
    perPerson: '0',
    resources: String(suggestion.estimatedCost),
    venue: '0',
    entertainment: '0',
    supplies: '0',
    marketing: '0',
    contingencyPercent: '0',
  };
}

/** Reads one field: empty counts as 0; anything else must be a non-negative number. */
function readAmount(
  raw: string,
  { integer = false, max = MAX_AMOUNT }: { integer?: boolean; max?: number } = {},
): number | string {
  if (raw.trim() === '') return 0;
  const value = parseTypedNumber(raw);
  if (value === null) {
    return 'Enter a number of 0 or more (digits, a point for decimals: 12.50).';
  }
  if (integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (value > max) return `Enter ${max.toLocaleString('en-US')} or less.`;
  return value;
}

const cents = (n: number) => Math.round(n * 100) / 100;

export function calculateBudget(
  input: BudgetInput,
):
  { ok: true; result: BudgetResult } | { ok: false; errors: Partial<Record<BudgetField, string>> } {
  const errors: Partial<Record<BudgetField, string>> = {};
  const read = (field: BudgetField, options?: { integer?: boolean; max?: number }): number => {
    const value = readAmount(input[field], options);
    if (typeof value === 'string') {
      errors[field] = value;
      return 0;
    }
    return value;
  };

  const attendees = read('attendees', { integer: true, max: 100_000 });
  const perPerson = read('perPerson');
  const fixedTotal = BUDGET_FIXED_ITEMS.reduce((sum, item) => sum + read(item.key), 0);
  const contingencyPercent = read('contingencyPercent', { max: 100 });
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const perPersonTotal = cents(attendees * perPerson);
  const subtotal = cents(perPersonTotal + fixedTotal);
  const contingency = cents((subtotal * contingencyPercent) / 100);
  const total = cents(subtotal + contingency);
  return {
    ok: true,
    result: {
      attendees,
      perPersonTotal,
      fixedTotal: cents(fixedTotal),
      subtotal,
      contingency,
      total,
      costPerAttendee: attendees > 0 ? cents(total / attendees) : null,
    },
  };
}
