import type { Community } from '../community';
import type { Queryable } from '../db/database';

/** What every endpoint computes from: the database, the community and the current instant. */
export type EndpointContext = { db: Queryable; community: Community; now: number };

/** Days of history behind "typical" figures: peak times, session time, revenue. */
export const RECENT_DAYS = 30;
