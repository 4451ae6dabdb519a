import { InviteInputSchema } from '../src/api/contract';
import { isReadableName } from '../src/api/contract/display-name';
import { COMMUNITY_NAME_MAX, isTimeZone } from '../src/lib/community-profile-rules';
import { createCommunity, loadCommunity, type Community } from './community';
import type { Database } from './db/database';
import { SCHEMA_LOCK } from './db/migrate';
import { DEMO_COMMUNITY } from './simulator/demo';

/**
 * A community of its own instead of the demo (COMMUNITY_NAME, COMMUNITY_TIME_ZONE, ADMIN_EMAIL):
 * created empty on the first start (no demo amenities, readings, accounts, sensors or simulator;
 * no demo viewer), set up afterwards by its Admins in the app. Its first Admin joins through an
 * invite link the server prints while the community has no account yet (users/first-admin.ts).
 * Loads nothing of the HTTP server: the PGlite first start (initialise.ts) creates it too.
 */
export type OwnCommunity = { name: string; slug: string; timeZone: string; adminEmail: string };

const DEFAULT_TIME_ZONE = 'America/New_York';

/** The environment's own community, null for the demo, or a sentence saying what is wrong. */
export function ownCommunityFromEnv(
  env: Record<string, string | undefined>,
): OwnCommunity | null | { error: string } {
  const read = (name: string) => env[name]?.trim() || undefined;
  const name = read('COMMUNITY_NAME');
  const adminEmail = read('ADMIN_EMAIL');
  const timeZone = read('COMMUNITY_TIME_ZONE') ?? DEFAULT_TIME_ZONE;
  if (name === undefined && adminEmail === undefined && read('COMMUNITY_TIME_ZONE') === undefined) {
    return null;
  }
  if (name === undefined || adminEmail === undefined) {
    return {
      error:
        'COMMUNITY_NAME and ADMIN_EMAIL go together: the community to run and the address of its first Admin',
    };
  }
  if (name.length > COMMUNITY_NAME_MAX || !isReadableName(name)) {
    return { error: `COMMUNITY_NAME must be 1-${COMMUNITY_NAME_MAX} characters on one line` };
  }
  const slug = slugOf(name);
  if (!slug) return { error: 'COMMUNITY_NAME needs at least one letter or digit' };
  // A database that once ran the demo holds it, with its public-password accounts, under this.
  if (slug === DEMO_COMMUNITY.slug) {
    return { error: `COMMUNITY_NAME "${name}" is the demo's; give your community's own name` };
  }
  if (!InviteInputSchema.safeParse({ email: adminEmail, role: 'admin' }).success) {
    return { error: `ADMIN_EMAIL is not an email address: "${adminEmail}"` };
  }
  if (!isTimeZone(timeZone)) {
    return {
      error: `COMMUNITY_TIME_ZONE is not a time zone: "${timeZone}" (e.g. America/Chicago)`,
    };
  }
  return { name, slug, timeZone, adminEmail };
}

/** "Lakeside Commons" → "lakeside-commons": how the community is found again on later starts. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The community, created empty the first time. Under the migrations' advisory lock, so two
 * servers starting at once on one PostgreSQL database create it once. Later starts find it by
 * the slug of COMMUNITY_NAME; a new name in Settings does not change that slug.
 */
export async function ensureOwnCommunity(
  db: Database,
  own: OwnCommunity,
  now: number,
): Promise<{ community: Community; created: boolean }> {
  const existing = await loadCommunity(db, own.slug);
  if (existing) return { community: existing, created: false };
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    const found = await loadCommunity(tx, own.slug);
    if (found) return { community: found, created: false };
    const community = await createCommunity(
      tx,
      { slug: own.slug, name: own.name, timeZone: own.timeZone, createdAt: now },
      [],
    );
    return { community, created: true };
  });
}
