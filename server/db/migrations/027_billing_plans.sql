-- Settings → Billing: the plan CommonGround has set for each community. The app reads it
-- (GET /api/billing) and never writes it; the operator sets it with server/billing/set-plan.ts.
-- No row: no plan on file. The price is whole cents of the plan's currency per month; the amenity
-- limit is NULL for a plan without one; the next billing date is computed from the billing day
-- (1-28, so every month has it). Of the card only the brand and the last four digits are kept,
-- both or neither: payments are not handled here.
CREATE TABLE billing_plans (
  community_id int PRIMARY KEY REFERENCES communities (id),
  plan_name text NOT NULL
    CHECK (length(plan_name) BETWEEN 1 AND 40 AND plan_name = btrim(plan_name)
           AND plan_name !~ '[[:cntrl:]]'),
  monthly_price_cents int NOT NULL CHECK (monthly_price_cents BETWEEN 0 AND 100000000),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amenity_limit int CHECK (amenity_limit BETWEEN 1 AND 10000),
  billing_day smallint NOT NULL CHECK (billing_day BETWEEN 1 AND 28),
  card_brand text CHECK (card_brand ~ '^[A-Za-z]([A-Za-z .&-]{0,28}[A-Za-z])?$'),
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((card_brand IS NULL) = (card_last4 IS NULL))
);

-- The demo community's plan (spec: "a static plan at 299 per month", the Starter plan), for a
-- database seeded before this table existed; a new seed writes the same row (DEMO_BILLING_PLAN
-- in server/billing/plan.ts).
INSERT INTO billing_plans
  (community_id, plan_name, monthly_price_cents, currency, amenity_limit, billing_day,
   card_brand, card_last4)
SELECT id, 'Starter', 29900, 'USD', 5, 1, 'Visa', '4242'
  FROM communities WHERE slug = 'willow-creek';
