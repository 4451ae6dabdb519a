import type { Community } from './community';
import type { Database } from './db/database';
import type { ResponseKit } from './http';
import type { Clock } from './time';

/**
 * What app.ts hands a route module that changes the community's own data (its profile,
 * amenities, events, sensors): the database, the community as this process holds it, the clock,
 * the response headers, and whether to believe a proxy's X-Forwarded-For for the audit log.
 */
export type CommunityChangeRoutesOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  trustProxy: boolean;
  /**
   * Called after a change has committed, before the answer: this process's cached answers are
   * dropped and the other server processes are told (server/changes.ts).
   */
  onChanged: () => Promise<void>;
};
