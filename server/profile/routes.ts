import { Hono, type Context } from 'hono';
import {
  COMMUNITY_PATH,
  CommunityPatchSchema,
  type CommunityProfile,
} from '../../src/api/contract';
import { isTimeZone } from '../../src/lib/community-profile-rules';
import { readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { requestAddress } from '../auth/request';
import { profileOf, reloadProfile } from '../community';
import { HttpError } from '../errors';
import { rebuildDailyRollups } from '../rollups';
import { rescheduleForTimeZone } from '../schedules/reschedule';
import { changeSettings } from '../settings-lock';
import type { CommunityChangeRoutesOptions } from '../route-options';

type Row = {
  slug: string;
  name: string;
  code: string;
  address: string;
  time_zone: string;
  currency: CommunityProfile['currency'];
};
const toProfile = (row: Row): CommunityProfile => ({
  slug: row.slug,
  name: row.name,
  code: row.code,
  address: row.address,
  timeZone: row.time_zone,
  currency: row.currency,
});
const COLUMNS = 'slug, name, code, address, time_zone, currency';

/**
 * The community profile (issue 11; roles in server/auth/access.ts), the same for every user:
 *
 *   GET   /api/community   everyone who may read the dashboards
 *   PATCH /api/community   Admin: name, code, address, time zone, currency (any subset)
 *
 * A change is one transaction with its audit row (`community.update`, before/after). Afterwards
 * the running server's community is reloaded in place, so reports, CSV files, Amy and /api/me
 * use the new name and zone at once; other server processes reload it when the change feed tells
 * them (server/changes.ts).
 */
export function profileRoutes(options: CommunityChangeRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy, onChanged } = options;
  const routes = new Hono<AuthEnv>();
  const path = COMMUNITY_PATH.replace(/^\/api/, '');
  routes.use(path, settingsBodyLimit(kit));

  routes.get(path, () => kit.json(200, profileOf(community)));

  routes.patch(path, async (c: Context<AuthEnv>) => {
    const patch = await readJson(c, CommunityPatchSchema);
    if (patch.timeZone !== undefined && !isTimeZone(patch.timeZone)) {
      throw new HttpError(
        400,
        'timeZone: not a time zone; use an IANA name such as America/Los_Angeles',
      );
    }
    const updated = await db.transaction(async (tx) => {
      await changeSettings(tx, community);
      const [current] = await tx.query<Row>(
        `SELECT ${COLUMNS} FROM communities WHERE id = $1 FOR UPDATE`,
        [community.id],
      );
      if (!current) throw new Error('The community is missing');
      const before = toProfile(current);
      const next = { ...before, ...patch };
      const [row] = await tx.query<Row>(
        `UPDATE communities SET name = $2, code = $3, address = $4, time_zone = $5, currency = $6
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [community.id, next.name, next.code, next.address, next.timeZone, next.currency],
      );
      if (!row) throw new Error('The community was not updated');
      const after = toProfile(row);
      if (after.timeZone !== before.timeZone) {
        await rescheduleForTimeZone(tx, community.id, after.timeZone, clock());
        // Each day's figures are the local day's: regrouped from the UTC hours in the new zone.
        await rebuildDailyRollups(tx, community.id);
      }
      await audit(
        tx,
        {
          communityId: community.id,
          userId: c.get('principal').user?.id ?? null,
          address: requestAddress(c, trustProxy),
          action: 'community.update',
          target: community.slug,
          before,
          after,
        },
        clock(),
      );
      return after;
    });
    await reloadProfile(db, community);
    await onChanged();
    return kit.json(200, updated);
  });

  return routes;
}
