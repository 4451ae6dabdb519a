import { http, HttpResponse } from 'msw';
import { BILLING_PATH, type Billing } from '../src/api/contract/billing';

/**
 * The demo community's plan as the server answers it (migration 027 and the demo seed: Starter,
 * 299.00 USD a month, 5 amenities, billed on the 1st, Visa ending 4242). The server computes the
 * next billing date from the clock; the fixture fixes one.
 */
export const billingFixture: Billing = {
  plan: { name: 'Starter', monthlyPrice: 299, currency: 'USD', amenityLimit: 5 },
  nextBillingDate: '2026-12-01',
  paymentMethod: { brand: 'Visa', last4: '4242' },
};

/** GET /api/billing: read only, as on the server (the app never writes a plan). */
export const billingHandlers = [http.get(BILLING_PATH, () => HttpResponse.json(billingFixture))];
