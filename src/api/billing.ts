import { queryOptions, useQuery } from '@tanstack/react-query';
import { BILLING_PATH, BillingSchema } from './contract/billing';
import { contractQueryFn } from './query-fn';

/**
 * The community's plan (GET /api/billing): set by CommonGround, read by Settings → Billing, never
 * written by the app. Not part of the offline snapshot, like the other Settings reads.
 */
export function billingQuery() {
  return queryOptions({
    queryKey: [BILLING_PATH],
    queryFn: contractQueryFn(BillingSchema),
    // A plan changes rarely, and never from the app: asked again when the tab opens after 5 min.
    staleTime: 5 * 60_000,
  });
}

export function useBilling() {
  return useQuery(billingQuery());
}
