import type { Queryable } from '../db/database';
import type { StoredPlan } from './plan';

/** billing_plans (migration 027): one row per community with a plan on file. */

type Row = {
  plan_name: string;
  monthly_price_cents: number;
  currency: string;
  amenity_limit: number | null;
  billing_day: number;
  card_brand: string | null;
  card_last4: string | null;
};

/** The community's plan, or null when none is on file. */
export async function readPlan(db: Queryable, communityId: number): Promise<StoredPlan | null> {
  const [row] = await db.query<Row>(
    `SELECT plan_name, monthly_price_cents, currency, amenity_limit, billing_day, card_brand,
            card_last4
       FROM billing_plans WHERE community_id = $1`,
    [communityId],
  );
  if (!row) return null;
  return {
    name: row.plan_name,
    monthlyPriceCents: Number(row.monthly_price_cents),
    currency: row.currency,
    amenityLimit: row.amenity_limit === null ? null : Number(row.amenity_limit),
    billingDay: Number(row.billing_day),
    card:
      row.card_brand !== null && row.card_last4 !== null
        ? { brand: row.card_brand, last4: row.card_last4 }
        : null,
  };
}

/** Sets (inserts or replaces) the community's plan; the table's CHECKs refuse what is out of bounds. */
export async function writePlan(
  db: Queryable,
  communityId: number,
  plan: StoredPlan,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO billing_plans
       (community_id, plan_name, monthly_price_cents, currency, amenity_limit, billing_day,
        card_brand, card_last4, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (community_id) DO UPDATE SET
       plan_name = EXCLUDED.plan_name,
       monthly_price_cents = EXCLUDED.monthly_price_cents,
       currency = EXCLUDED.currency,
       amenity_limit = EXCLUDED.amenity_limit,
       billing_day = EXCLUDED.billing_day,
       card_brand = EXCLUDED.card_brand,
       card_last4 = EXCLUDED.card_last4,
       updated_at = EXCLUDED.updated_at`,
    [
      communityId,
      plan.name,
      plan.monthlyPriceCents,
      plan.currency,
      plan.amenityLimit,
      plan.billingDay,
      plan.card?.brand ?? null,
      plan.card?.last4 ?? null,
      new Date(now).toISOString(),
    ],
  );
}

/** Takes the community's plan off file; returns whether there was one. */
export async function removePlan(db: Queryable, communityId: number): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM billing_plans WHERE community_id = $1 RETURNING community_id`,
    [communityId],
  );
  return rows.length > 0;
}
