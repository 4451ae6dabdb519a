import * as z from 'zod/mini';
import { nonEmpty, nonNegative } from './primitives';
import { isoDate } from './text-formats';

// ---- Billing (Settings → Billing) ---------------------------------------------------------------
// Imported from here, not re-exported by src/api/contract.ts: only the lazy Settings page reads
// it, so it stays out of the dashboard's first-load contract chunk.

/**
 * GET /api/billing: the plan CommonGround has set for the community (the operator sets it with
 * server/billing/set-plan.ts; the app never writes it), or `{ plan: null }` when there is none
 * on file. Read by everyone who reads the dashboards; not part of the offline snapshot.
 */
export const BILLING_PATH = '/api/billing';

/** The billing day is 1-28, so every month has it. */
export const BILLING_DAY_MAX = 28;

export const BillingPlanSchema = z.object({
  name: nonEmpty,
  /** Per month, in the plan's currency (whole units: 299 is $299.00; cents as decimals). */
  monthlyPrice: nonNegative,
  /** ISO 4217 code, e.g. USD. */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /**
   * How many amenities the plan allows (1 or more); null for a plan without a limit. minimum(1),
   * the same test as positive() for an integer, which would add its code to the shared zod core.
   */
  amenityLimit: z.nullable(z.int().check(z.minimum(1))),
});
export type BillingPlan = z.infer<typeof BillingPlanSchema>;

/** The card on file: its brand and last four digits, never more. */
export const PaymentMethodSchema = z.object({
  brand: nonEmpty,
  last4: z.string().check(z.regex(/^[0-9]{4}$/)),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * `{ plan: null }`, or the plan with its next billing date and card. One object with optional
 * fields and a check, not a union: a union would add zod's union code to the dashboard's first
 * load (the zod core is shared), for one Settings read.
 */
export const BillingSchema = z
  .object({
    plan: z.nullable(BillingPlanSchema),
    /**
     * yyyy-mm-dd in the community's time zone: the first billing day after today there (on the
     * billing day itself, that day's bill counts as made, so it is a month later).
     */
    nextBillingDate: z.optional(isoDate),
    paymentMethod: z.optional(z.nullable(PaymentMethodSchema)),
  })
  .check(
    z.refine((billing) => billing.plan === null || billing.nextBillingDate !== undefined, {
      error: 'nextBillingDate: required with a plan',
    }),
  );
export type Billing = z.infer<typeof BillingSchema>;
