import { Hono } from 'hono';
import { BILLING_PATH } from '../../src/api/contract/billing';
import type { AuthEnv } from '../auth/middleware';
import type { Community } from '../community';
import type { Database } from '../db/database';
import type { ResponseKit } from '../http';
import type { Clock } from '../time';
import { billingAnswer } from './plan';
import { readPlan } from './store';

/**
 * GET /api/billing (roles in server/auth/access.ts: everyone who reads the dashboards): the plan
 * on file for the community, with the next billing date computed from its billing day and the
 * clock in the community's time zone, or `{ plan: null }`. Read from the database on every
 * request (no response cache), so a plan set with set-plan.ts shows at once. Nothing here writes.
 */
export function billingRoutes(options: {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
}) {
  const { db, community, clock, kit } = options;
  const routes = new Hono<AuthEnv>();
  routes.get(BILLING_PATH.replace(/^\/api/, ''), async () => {
    const plan = await readPlan(db, community.id);
    // The zone as it is now: a profile change reloads the community in place.
    return kit.json(200, billingAnswer(plan, clock(), community.timeZone));
  });
  return routes;
}
