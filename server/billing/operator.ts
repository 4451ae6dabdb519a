import type { Database, Queryable } from '../db/database';
import { billingAnswer, type StoredPlan } from './plan';
import { PlanCommandError, type PlanCommand } from './plan-args';
import { readPlan, removePlan, writePlan } from './store';

/**
 * What server/billing/set-plan.ts does once its arguments are checked and the database is open:
 * show, set or remove a community's plan. Returns what to print. No process, no environment, so
 * it is tested on the test databases.
 */

type CommunityRow = { id: number; slug: string; name: string; time_zone: string };

async function findCommunity(db: Queryable, slug: string): Promise<CommunityRow> {
  const [row] = await db.query<CommunityRow>(
    `SELECT id, slug, name, time_zone FROM communities WHERE slug = $1`,
    [slug],
  );
  if (row) return row;
  const known = await db.query<{ slug: string }>(`SELECT slug FROM communities ORDER BY slug`);
  throw new PlanCommandError(
    `No community "${slug}" in this database` +
      (known.length > 0
        ? ` (its communities: ${known.map((c) => c.slug).join(', ')})`
        : ' (it has none yet: start the server once to create it)'),
  );
}

/** One line about a plan, as the app would show it. */
export function describePlan(plan: StoredPlan | null, now: number, timeZone: string): string {
  const answer = billingAnswer(plan, now, timeZone);
  if (!plan || answer.plan === null) return 'no plan on file';
  const price = (plan.monthlyPriceCents / 100).toFixed(2);
  const limit = plan.amenityLimit === null ? 'no amenity limit' : `${plan.amenityLimit} amenities`;
  const card = plan.card ? `card ${plan.card.brand} ending ${plan.card.last4}` : 'no card on file';
  return (
    `${plan.name}, ${price} ${plan.currency} per month, ${limit}, billed on day ` +
    `${plan.billingDay} of each month (next: ${answer.nextBillingDate}, ${timeZone}), ${card}`
  );
}

export async function runPlanCommand(
  db: Database,
  command: Exclude<PlanCommand, { kind: 'help' }>,
  now: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const community = await findCommunity(tx, command.community);
    const who = `${community.name} (${community.slug})`;
    // One writer at a time per community: a plan change reads the card it may keep.
    await tx.query(`SELECT id FROM communities WHERE id = $1 FOR UPDATE`, [community.id]);
    const current = await readPlan(tx, community.id);
    if (command.kind === 'show') {
      return `${who}: ${describePlan(current, now, community.time_zone)}`;
    }
    if (command.kind === 'remove') {
      const removed = await removePlan(tx, community.id);
      return removed
        ? `${who}: plan removed (was ${describePlan(current, now, community.time_zone)})`
        : `${who}: had no plan on file; nothing changed`;
    }
    const plan: StoredPlan = {
      ...command.plan,
      card: command.card === 'keep' ? (current?.card ?? null) : command.card,
    };
    await writePlan(tx, community.id, plan, now);
    return `${who}: ${describePlan(plan, now, community.time_zone)}`;
  });
}
