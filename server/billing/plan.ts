import { BILLING_DAY_MAX, type Billing } from '../../src/api/contract/billing';
import { localDate } from '../time';

/**
 * A community's plan as stored (billing_plans, migration 027): set by the operator with
 * server/billing/set-plan.ts, read by GET /api/billing. Pure: no database here.
 */
export type StoredPlan = {
  name: string;
  /** Whole cents of `currency` per month. */
  monthlyPriceCents: number;
  currency: string;
  /** null: no limit on amenities. */
  amenityLimit: number | null;
  /** 1-28: the day of the month the community is billed, in its time zone. */
  billingDay: number;
  card: { brand: string; last4: string } | null;
};

/** The bounds the table's CHECKs enforce, so the script can say which one a value breaks. */
export const PLAN_LIMITS = {
  nameMax: 40,
  priceCentsMax: 100_000_000,
  amenityLimitMax: 10_000,
  billingDayMax: BILLING_DAY_MAX,
  cardBrandMax: 30,
} as const;

/**
 * The demo community's plan (spec: "a static plan at 299 per month", the Starter plan with its
 * 5 amenities), written by the demo seed; migration 027 writes the same row into a database
 * seeded before the table existed.
 */
export const DEMO_BILLING_PLAN: StoredPlan = {
  name: 'Starter',
  monthlyPriceCents: 29_900,
  currency: 'USD',
  amenityLimit: 5,
  billingDay: 1,
  card: { brand: 'Visa', last4: '4242' },
};

/**
 * The first billing day strictly after `today` (yyyy-mm-dd): on the billing day itself that
 * day's bill counts as made, so the next one is a month later. The day is 1-28, so every month
 * has it.
 */
export function nextBillingDate(today: string, billingDay: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!match) throw new Error(`not a date: ${today}`);
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > BILLING_DAY_MAX) {
    throw new Error(`billing day must be 1-${BILLING_DAY_MAX}, not ${billingDay}`);
  }
  let year = Number(match[1]);
  let month = Number(match[2]);
  if (Number(match[3]) >= billingDay) {
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(billingDay)}`;
}

/** GET /api/billing's answer at instant `now`, with "today" in the community's zone. */
export function billingAnswer(plan: StoredPlan | null, now: number, timeZone: string): Billing {
  if (!plan) return { plan: null };
  return {
    plan: {
      name: plan.name,
      monthlyPrice: plan.monthlyPriceCents / 100,
      currency: plan.currency,
      amenityLimit: plan.amenityLimit,
    },
    nextBillingDate: nextBillingDate(localDate(now, timeZone), plan.billingDay),
    paymentMethod: plan.card ? { brand: plan.card.brand, last4: plan.card.last4 } : null,
  };
}
